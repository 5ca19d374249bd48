// REQUIRES: gpu
// RUN: %cuda-lower %s > %t.cu && %gpu-diff %s %t.cu
// Lambdas in member function templates whose declaration starts with a
// macro (`__host__`, or a project's own), lowered, must compute what the
// originals compute: the functor goes above the member's template header
// (cuCollections' bloom_filter_impl::add_async: `[*this]` in a `__host__
// constexpr` member template of a class template), in class templates and
// in a plain class, in class and out of class.
#include <cstdio>
#include <cstdlib>

#define CUDA_OK(call)                                                           \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      std::printf("cuda error %s at line %d\n", cudaGetErrorString(err_), __LINE__); \
      std::exit(2);                                                             \
    }                                                                           \
  } while (0)

#define HOST_FN __host__ inline

template <class F> __global__ void forEach(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

template <class F> void launch(int n, F f) {
  forEach<<<(n + 127) / 128, 128>>>(f, n);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaDeviceSynchronize());
}

// A small Bloom filter over a managed word array; the object itself lives
// on the host, so its lambdas capture `*this` (a copy of the pointer).
template <class Word, int Hashes> class Bloom {
public:
  Bloom(Word *words, int count) : words_(words), count_(count) {}

  template <class InputIt>
  __host__ constexpr void add_async(InputIt first, int n) {
    launch(n, [*this, first] __device__ (int i) {
      for (int h = 0; h < Hashes; ++h) {
        unsigned bit = hash(first[i], h);
        atomicOr(&words_[(bit / 32) % count_], Word(1) << (bit % 32));
      }
    });
  }

  template <class InputIt>
  HOST_FN void contains(InputIt first, int *out, int n) const {
    launch(n, [*this, first, out] __device__ (int i) {
      int all = 1;
      for (int h = 0; h < Hashes; ++h) {
        unsigned bit = hash(first[i], h);
        all &= (words_[(bit / 32) % count_] >> (bit % 32)) & 1;
      }
      out[i] = all;
    });
  }

  template <class InputIt> void count_bits(InputIt out) const;

  __host__ __device__ static unsigned hash(int key, int h) {
    unsigned x = unsigned(key) * 2654435761u + unsigned(h) * 40503u;
    return x ^ (x >> 13);
  }

private:
  Word *words_;
  int count_;
};

template <class Word, int Hashes>
template <class InputIt>
__host__ void Bloom<Word, Hashes>::count_bits(InputIt out) const {
  launch(count_, [*this, out] __device__ (int w) { out[w] = __popc(words_[w]); });
}

// The same shape in a class that is not a template.
struct Offsetter {
  int base;
  template <class It>
  HOST_FN void apply(It first, int *out, int n) const {
    launch(n, [*this, first, out] __device__ (int i) { out[i] = base + 2 * first[i]; });
  }
};

int main() {
  const int n = 1000, words = 64;
  unsigned *bits = nullptr;
  int *keys = nullptr, *out = nullptr;
  CUDA_OK(cudaMallocManaged(&bits, words * sizeof(unsigned)));
  CUDA_OK(cudaMallocManaged(&keys, 2 * n * sizeof(int)));
  CUDA_OK(cudaMallocManaged(&out, 2 * n * sizeof(int)));
  for (int w = 0; w < words; ++w)
    bits[w] = 0;
  for (int i = 0; i < 2 * n; ++i)
    keys[i] = i * 7 + 3;

  Bloom<unsigned, 3> filter(bits, words);
  filter.add_async(keys, n);
  filter.contains(keys, out, 2 * n);
  long present = 0, falsePositives = 0;
  for (int i = 0; i < 2 * n; ++i)
    (i < n ? present : falsePositives) += out[i];
  std::printf("present %ld of %d\n", present, n);
  std::printf("false positives %ld\n", falsePositives);

  filter.count_bits(out);
  long set = 0;
  for (int w = 0; w < words; ++w)
    set += out[w];
  std::printf("bits set %ld\n", set);

  Offsetter{5}.apply(keys, out, n);
  long sum = 0;
  for (int i = 0; i < n; ++i)
    sum += out[i];
  std::printf("offsets %ld\n", sum);

  int failures = (present != n) + (sum != 5L * n + 2L * (7L * n * (n - 1) / 2 + 3L * n));
  CUDA_OK(cudaFree(bits));
  CUDA_OK(cudaFree(keys));
  CUDA_OK(cudaFree(out));
  std::printf("%s\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}

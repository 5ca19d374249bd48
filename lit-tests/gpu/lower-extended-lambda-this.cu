// REQUIRES: gpu
// RUN: %cuda-lower %s > %t.cu && %gpu-diff %s %t.cu
// Extended lambdas in member functions, lowered, must compute what the
// originals compute: explicit [this] on an object in managed memory, [*this]
// on a host object, [=] reading members through the implicit this, private
// and protected members, member functions of class templates and
// out-of-line definitions, const member functions, [*this] in an out-of-line
// member of a class template, and a [=] lambda writing members through the
// implicit this (the functor keeps the pointer: the object is managed).
#include <cstdio>
#include <cstdlib>
#include <new>

#define CUDA_OK(call)                                                           \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      std::printf("cuda error %s at line %d\n", cudaGetErrorString(err_), __LINE__); \
      std::exit(2);                                                             \
    }                                                                           \
  } while (0)

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

// Allocates T in managed memory, so that a device lambda may dereference the
// `this` it captured.
template <class T, class... Args> T *makeManaged(Args... args) {
  void *mem = nullptr;
  CUDA_OK(cudaMallocManaged(&mem, sizeof(T)));
  return new (mem) T(args...);
}

namespace stats {

class Histogram {
public:
  static constexpr int kBins = 8;
  Histogram(int shift, int base) : shift_(shift), base_(base) {
    for (int b = 0; b < kBins; ++b)
      counts_[b] = 0;
  }

  // Explicit [this]: the device writes the object's own counters.
  void fill(const int *keys, int n) {
    launch(n, [this, keys] __device__ (int i) { atomicAdd(&counts_[bucket(keys[i])], 1); });
  }

  // [=] writing the object's own counters through the implicit this.
  void reset() {
    launch(kBins, [=] __device__ (int b) { counts_[b] = 0; });
  }

  // [this] in a const member function: a pointer to const.
  void weights(int *out, int n) const {
    launch(n, [this, out] __device__ (int i) {
      out[i] = this->base_ * counts_[i % kBins];
    });
  }

  // [*this]: a copy travels with the closure; the object may be anywhere.
  void labels(int *out, int n) const {
    launch(n, [*this, out] __device__ (int i) { out[i] = bucket(i) * 100 + base_; });
  }

  // [=] reading a member through the implicit this; defined out of line.
  void offsets(int *out, int n) const;

  // A static member function: no this at all.
  static void iota(int *out, int n, int from);

  __host__ __device__ int bucket(int key) const { return (key >> shift_) % kBins; }
  int count(int b) const { return counts_[b]; }

private:
  int shift_;
  int base_;
  int counts_[kBins];
};

void Histogram::offsets(int *out, int n) const {
  int extra = 3;
  launch(n, [=] __device__ (int i) { out[i] = base_ + shift_ * extra + i; });
}

void Histogram::iota(int *out, int n, int from) {
  launch(n, [=] __device__ (int i) { out[i] = from + i * kBins; });
}

} // namespace stats

// Protected members of a base read from a derived class's member function.
class Shape {
public:
  explicit Shape(float side) : side_(side) {}

protected:
  float side_;
  __host__ __device__ float area() const { return side_ * side_; }
};

class Square : public Shape {
public:
  explicit Square(float side, float weight) : Shape(side), weight_(weight) {}
  void areas(float *out, int n) const {
    launch(n, [=, *this] __device__ (int i) { out[i] = area() * weight_ + side_ * i; });
  }

private:
  float weight_;
};

// A class template: in-class and out-of-line members, a member template.
template <class T> class Grid {
public:
  Grid(T *cells, int width, T fill) : cells_(cells), width_(width), fill_(fill) {}
  void clear(int n) {
    launch(n, [=] __device__ (int i) { cells_[i] = fill_; });
  }
  void addRow(int row, T delta);
  template <class U> void scaleBy(U factor, int n);
  void shiftAll(T delta, int n) const;

private:
  T *cells_;
  int width_;
  T fill_;
};

template <class T> void Grid<T>::addRow(int row, T delta) {
  launch(width_, [this, row, delta] __device__ (int col) {
    cells_[row * width_ + col] += delta + T(col);
  });
}

template <class T> template <class U> void Grid<T>::scaleBy(U factor, int n) {
  launch(n, [=] __device__ (int i) { cells_[i] = T(cells_[i] * factor); });
}

template <class T> void Grid<T>::shiftAll(T delta, int n) const {
  launch(n, [*this, delta] __device__ (int i) { cells_[i] += delta; });
}

int main() {
  const int n = 1000;
  int failures = 0;
  auto expect = [&](const char *what, long got, long want) {
    std::printf("%s %ld\n", what, got);
    if (got != want) {
      std::printf("  MISMATCH: want %ld\n", want);
      ++failures;
    }
  };

  int *keys = nullptr, *out = nullptr;
  CUDA_OK(cudaMallocManaged(&keys, n * sizeof(int)));
  CUDA_OK(cudaMallocManaged(&out, n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    keys[i] = (i * 37) % 256;

  stats::Histogram *h = makeManaged<stats::Histogram>(2, 5);
  h->fill(keys, n);
  long weighted = 0, hostCounts[stats::Histogram::kBins] = {};
  for (int i = 0; i < n; ++i)
    ++hostCounts[h->bucket(keys[i])];
  for (int b = 0; b < stats::Histogram::kBins; ++b) {
    expect("count", h->count(b), hostCounts[b]);
  }
  h->weights(out, n);
  for (int i = 0; i < n; ++i)
    weighted += out[i] - 5L * hostCounts[i % stats::Histogram::kBins];
  expect("weights-diff", weighted, 0);
  h->reset();
  long left = 0;
  for (int b = 0; b < stats::Histogram::kBins; ++b)
    left += h->count(b);
  expect("after-reset", left, 0);

  stats::Histogram local(1, 7);
  local.labels(out, n);
  long sum = 0, want = 0;
  for (int i = 0; i < n; ++i) {
    sum += out[i];
    want += local.bucket(i) * 100 + 7;
  }
  expect("labels", sum, want);

  h->offsets(out, n);
  sum = 0, want = 0;
  for (int i = 0; i < n; ++i) {
    sum += out[i];
    want += 5 + 2 * 3 + i;
  }
  expect("offsets", sum, want);

  stats::Histogram::iota(out, n, 11);
  expect("iota-last", out[n - 1], 11 + (n - 1) * 8);

  float *areas = nullptr;
  CUDA_OK(cudaMallocManaged(&areas, n * sizeof(float)));
  Square sq(1.5f, 2.0f);
  sq.areas(areas, n);
  expect("area-0x4", long(areas[0] * 4), 18);
  expect("area-last", long(areas[n - 1]), long(2.25f * 2.0f + 1.5f * (n - 1)));

  const int width = 16, rows = 4;
  int *cells = nullptr;
  CUDA_OK(cudaMallocManaged(&cells, width * rows * sizeof(int)));
  // Grid's lambdas dereference `this` on the device: a managed object.
  Grid<int> *g = makeManaged<Grid<int>>(cells, width, 2);
  g->clear(width * rows);
  g->addRow(1, 10);
  g->scaleBy(3.5, width * rows);
  g->shiftAll(1, width * rows);
  sum = 0;
  for (int i = 0; i < width * rows; ++i)
    sum += cells[i];
  // Row 1 holds int((2 + 10 + col) * 3.5), the others 7.
  want = 7L * width * (rows - 1) + width * rows;
  for (int col = 0; col < width; ++col)
    want += long((12 + col) * 3.5);
  expect("grid", sum, want);

  h->~Histogram();
  CUDA_OK(cudaFree(h));
  g->~Grid();
  CUDA_OK(cudaFree(g));
  CUDA_OK(cudaFree(keys));
  CUDA_OK(cudaFree(out));
  CUDA_OK(cudaFree(areas));
  CUDA_OK(cudaFree(cells));
  std::printf("%s\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}

// REQUIRES: gpu
// RUN: %cuda-lower %s > %t.cu && %gpu-diff %s %t.cu
// Extended lambdas where functions hold several of them, lowered, must
// compute what the originals compute: several lambdas in one function, in
// nested blocks and in loops (launched each iteration), an extended lambda
// inside a plain host lambda, plain lambdas inside an extended lambda's body,
// lambdas in named and anonymous namespaces and in static functions, a lambda
// kept in a variable, launched several times and copied, a __host__
// __device__ lambda also called on the host, its return type queried in host
// code, a captureless one converted to a function pointer, and Thrust
// for_each, count_if, sort with a comparator and transform_reduce.
// Also: an inner plain lambda naming the outer captures in its capture list,
// and a device lambda capturing another extended lambda.
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/for_each.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform_reduce.h>

#define CUDA_OK(call)                                                           \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      std::printf("cuda error %s at line %d\n", cudaGetErrorString(err_), __LINE__); \
      std::exit(2);                                                             \
    }                                                                           \
  } while (0)

template <class F> __global__ void each(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

template <class F> void run(int n, F f) {
  each<<<(n + 127) / 128, 128>>>(f, n);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaDeviceSynchronize());
}

static int failures = 0;

static void expect(const char *what, long got, long want) {
  std::printf("%s %ld\n", what, got);
  if (got != want) {
    std::printf("  MISMATCH: want %ld\n", want);
    ++failures;
  }
}

namespace kernels {

// Several lambdas in one function, in nested blocks and in a loop.
void passes(int *data, int n, int rounds) {
  run(n, [=] __device__ (int i) { data[i] = i; });
  for (int r = 0; r < rounds; ++r) {
    int step = r + 1;
    run(n, [=] __device__ (int i) { data[i] += step; });
    if (r % 2 == 0) {
      {
        int twice = 2 * r;
        run(n, [=] __device__ (int i) { data[i] += twice; });
      }
    } else {
      run(n, [=] __device__ (int i) { data[i] -= 1; });
    }
  }
  int k = 0;
  while (k < 2) {
    run(n, [=] __device__ (int i) { data[i] = data[i] * 2 - k; });
    ++k;
  }
}

} // namespace kernels

namespace {

// A lambda in an anonymous namespace and plain lambdas inside its body.
void squareDiffs(const int *in, int *out, int n) {
  run(n, [=] __device__ (int i) {
    auto sq = [](int v) { return v * v; };
    auto at = [in, n](int j) { return j < n ? in[j] : 0; };
    out[i] = sq(at(i + 1)) - sq(at(i));
  });
}

} // namespace

// A device lambda that captures another extended lambda.
void composed(int *out, int n) {
  int base = 4;
  auto shape = [=] __host__ __device__ (int x) { return base * x + 1; };
  run(n, [=] __device__ (int i) { out[i] = shape(i) - shape(i - 1); });
}

// A lambda in a static function, kept in a variable, launched several times
// and copied.
static long accumulate(int *acc, int n, int times) {
  int weight = 3;
  auto add = [=] __device__ (int i) { acc[i] += weight * (i % 5); };
  for (int t = 0; t < times; ++t)
    run(n, add);
  auto again = add;
  run(n, again);
  decltype(add) copy(add);
  run(n, copy);
  thrust::device_ptr<int> p(acc);
  return thrust::reduce(p, p + n, 0L);
}

// An extended lambda inside a plain host lambda.
void launchers(int *data, int n) {
  auto fillWith = [data, n](int value) {
    run(n, [=] __device__ (int i) { data[i] = value + i % 3; });
  };
  fillWith(10);
  fillWith(20);
}

template <class T> struct Pair {
  T lo, hi;
};

int main() {
  const int n = 1000;
  thrust::device_vector<int> a(n), b(n);
  int *pa = thrust::raw_pointer_cast(a.data());
  int *pb = thrust::raw_pointer_cast(b.data());

  kernels::passes(pa, n, 4);
  // Host mirror of passes().
  long want = 0;
  for (int i = 0; i < n; ++i) {
    int v = i;
    for (int r = 0; r < 4; ++r) {
      v += r + 1;
      v += r % 2 == 0 ? 2 * r : -1;
    }
    for (int k = 0; k < 2; ++k)
      v = v * 2 - k;
    want += v;
  }
  expect("passes", thrust::reduce(a.begin(), a.end(), 0L), want);

  thrust::sequence(a.begin(), a.end());
  squareDiffs(pa, pb, n);
  // A telescoping sum: 0^2 - 0^2 + ... + last term (0 - (n-1)^2).
  expect("square-diffs", thrust::reduce(b.begin(), b.end(), 0L), 0);
  composed(pb, n);
  expect("composed", thrust::reduce(b.begin(), b.end(), 0L), 4L * n);

  thrust::fill(b.begin(), b.end(), 0);
  want = 0;
  for (int i = 0; i < n; ++i)
    want += 6L * 3 * (i % 5);
  expect("accumulate", accumulate(pb, n, 4), want);

  launchers(pa, n);
  want = 0;
  for (int i = 0; i < n; ++i)
    want += 20 + i % 3;
  expect("launchers", thrust::reduce(a.begin(), a.end(), 0L), want);

  // A host-device lambda called on both sides; its return type is known to
  // host code.
  int offset = 7;
  auto poly = [=] __host__ __device__ (int x) { return x * x + offset; };
  static_assert(std::is_same<std::invoke_result_t<decltype(poly), int>, int>::value,
                "poly returns int");
  decltype(poly(0)) onHost = poly(12);
  expect("poly-host", onHost, 151);
  thrust::device_vector<int> polys(n);
  thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n),
                    polys.begin(), poly);
  want = 0;
  for (int i = 0; i < n; ++i)
    want += poly(i);
  expect("poly-device", thrust::reduce(polys.begin(), polys.end(), 0L), want);

  // A captureless host-device lambda converted to a function pointer on the
  // host, and the same lambda used on the device.
  auto clampToByte = [] __host__ __device__ (int x) { return x < 0 ? 0 : x > 255 ? 255 : x; };
  int (*fp)(int) = clampToByte;
  expect("fptr", fp(-3) + fp(300) + fp(17), 0 + 255 + 17);

  // Thrust algorithms with device lambdas.
  thrust::sequence(a.begin(), a.end(), -500);
  thrust::for_each(a.begin(), a.end(), [] __device__ (int &x) {
    x *= 3;
    x = x < 0 ? 0 : x > 255 ? 255 : x;
  });
  long evens = thrust::count_if(a.begin(), a.end(), [] __device__ (int x) { return x % 2 == 0; });
  want = 0;
  for (int i = 0; i < n; ++i)
    want += clampToByte((i - 500) * 3) % 2 == 0;
  expect("count-even", evens, want);

  thrust::device_vector<Pair<int>> pairs(n);
  thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n),
                    pairs.begin(), [] __device__ (int i) { return Pair<int>{(i * 7919) % 101, i}; });
  thrust::sort(pairs.begin(), pairs.end(), [] __device__ (const Pair<int> &l, const Pair<int> &r) {
    return l.lo != r.lo ? l.lo < r.lo : l.hi > r.hi;
  });
  Pair<int> first = pairs[0], last = pairs[n - 1];
  expect("sort-first", first.lo * 10000L + first.hi, 0L * 10000 + 909);
  expect("sort-last", last.lo * 10000L + last.hi, 100L * 10000 + 32);

  double unit = 0.25;
  double total = thrust::transform_reduce(
      thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n),
      [=] __device__ (int i) -> double { return unit * i; }, 0.0, thrust::plus<double>());
  expect("transform-reduce", long(total * 4), long(n) * (n - 1) / 2);

  std::printf("%s\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}

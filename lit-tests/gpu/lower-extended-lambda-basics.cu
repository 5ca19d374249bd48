// REQUIRES: gpu
// RUN: %cuda-lower %s > %t.cu && %gpu-diff %s %t.cu
// Extended lambdas of every common shape, lowered, must compute what the
// originals compute: captures (scalars, pointers, structs, arrays, init
// captures), *this and implicit this, templates, generic lambdas, Thrust.
#include <cstdio>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>

#define HD __host__ __device__

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

struct Params {
  float scale;
  int offset;
};

class Solver {
public:
  explicit Solver(float k) : k_(k) {}
  void scale(float *v, int n) {
    apply<<<(n + 127) / 128, 128>>>([=, *this] __device__ (int i) { v[i] *= k_; }, n);
  }
  float total(const thrust::device_vector<float> &v) const {
    return thrust::transform_reduce(v.begin(), v.end(), [=, *this] __device__ (float x) -> float { return x * k_; }, 0.0f, thrust::plus<float>());
  }

private:
  float k_;
};

template <typename T, int N>
void axpy(int n, T a, const T *x, T *y) {
  constexpr int K = N;
  apply<<<(n + 127) / 128, 128>>>([=] __device__ (int i) { y[i] = a * x[i] * T(K) + y[i]; }, n);
}

// A captured reference of a deduced type: the closure holds a copy, which a
// mutable init-capture changes without touching the original.
template <class P> int by_reference(const P &params, int *out, int n) {
  const auto &ref = params;
  auto &same = ref;
  apply<<<(n + 127) / 128, 128>>>([=] __device__ (int i) { out[i] = ref.offset + int(same.scale) * i; }, n);
  apply<<<1, 1>>>([copy = ref, out] __device__ (int) mutable { copy.offset += 100; out[0] += copy.offset; }, 1);
  return params.offset;
}

int main() {
  const int n = 1000;
  thrust::device_vector<float> x(n), y(n, 1.0f);
  thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n), x.begin(), [] HD (int i) { return 0.5f * i; });
  axpy<float, 2>(n, 3.0f, thrust::raw_pointer_cast(x.data()), thrust::raw_pointer_cast(y.data()));
  Solver s(2.0f);
  s.scale(thrust::raw_pointer_cast(y.data()), n);
  printf("total %.1f\n", s.total(y));

  int table[4] = {3, 1, 4, 1};
  Params p{2.0f, 7};
  thrust::device_vector<int> iv(n);
  int *out = thrust::raw_pointer_cast(iv.data());
  apply<<<(n + 127) / 128, 128>>>([=, bias = p.offset * 2] __device__ (int i) {
    out[i] = int(p.scale * table[i % 4]) + bias + i % 13;
  }, n);
  thrust::sort(iv.begin(), iv.end(), [] __device__ (int a, int b) { return a > b; });
  int sum = thrust::reduce(iv.begin(), iv.end(), 0, [] HD (int a, int b) { return a + b; });
  int big = thrust::count_if(iv.begin(), iv.end(), [=] __device__ (int v) { return v > 2 * p.offset; });
  auto mix = [=] __device__ (auto a, const auto &b) { return a * p.scale + b; };
  thrust::device_vector<float> z(n);
  thrust::transform(x.begin(), x.end(), y.begin(), z.begin(), mix);
  float zs = thrust::reduce(z.begin(), z.end());
  thrust::device_vector<int> rv(n);
  int unchanged = by_reference(p, thrust::raw_pointer_cast(rv.data()), n);
  printf("by reference %d %d %d\n", (int)rv[0], (int)rv[n - 1], unchanged);
  auto hd = [] __host__ __device__ (int v) { return v * v + 1; };
  int host_side = hd(12);
  printf("sum %d first %d big %d z %.1f host %d\n", sum, (int)iv[0], big, zs, host_side);
  bool ok = sum > 0 && host_side == 145 && (int)iv[0] >= (int)iv[n - 1];
  return ok ? 0 : 1;
}

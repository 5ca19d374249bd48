// Extended lambdas in a header included by two translation units
// (lower-extended-lambda-multi-tu.cu and Inputs/lower-extended-lambda-multi-tu-other.cu):
// inline functions, a function template and a class's inline members.
#pragma once
#include <cstdio>
#include <cstdlib>

#define MT_CHECK(call)                                                          \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      std::printf("cuda error %s at %s:%d\n", cudaGetErrorString(err_), __FILE__, __LINE__); \
      std::exit(2);                                                             \
    }                                                                           \
  } while (0)

template <class F> __global__ void mtApply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

template <class F> void mtRun(int n, F f) {
  mtApply<<<(n + 127) / 128, 128>>>(f, n);
  MT_CHECK(cudaGetLastError());
  MT_CHECK(cudaDeviceSynchronize());
}

inline void scaleAll(int *p, int n, int k) {
  mtRun(n, [=] __device__ (int i) { p[i] *= k; });
}

template <class T> void addAll(T *p, int n, T v) {
  mtRun(n, [=] __device__ (int i) { p[i] += v + T(i % 2); });
}

struct Affine {
  int mul, add;
  void apply(int *p, int n) const {
    mtRun(n, [*this, p] __device__ (int i) { p[i] = p[i] * mul + add; });
  }
  __host__ __device__ int at(int x) const { return x * mul + add; }
};

/// Defined in the other translation unit.
long otherUnit(int *p, int n);

/// Sums p[0..n) on the host (p is managed memory).
inline long hostSum(const int *p, int n) {
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += p[i];
  return s;
}

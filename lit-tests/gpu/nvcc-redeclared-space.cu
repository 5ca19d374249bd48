// Functions declared in different execution spaces, which nvcc merges into
// one __host__ __device__ function, and the rewrite that spells the union
// on each declaration: host and device must compute the same in both
// builds (free functions in both orders, members, a member template and a
// constructor defined outside their class).
// REQUIRES: gpu
// GPU-LOWER-ARGS: --rules=nvcc-redeclared-space
// RUN: %cuda-lower --rules=nvcc-redeclared-space %s > %t.cu && %gpu-diff %s %t.cu
#include <cstdio>

__device__ int next(int);
__host__ __device__ int next(int x) { return x + 1; }
__host__ __device__ int twice(int);
__device__ inline int twice(int x) { return 2 * x; }
__host__ int thrice(int);
__host__ __device__ int thrice(int x) { return 3 * x; }

struct counter {
  __device__ int scaled(int) const;
  template <class T> __device__ T same(T) const;
  __device__ counter();
  int step;
};
__host__ __device__ int counter::scaled(int x) const { return x * step; }
template <class T> __host__ __device__ T counter::same(T x) const { return x; }
__host__ __device__ counter::counter() : step(4) {}

__host__ __device__ int all(int i) {
  counter c;
  return next(i) + twice(i) + thrice(i) + c.scaled(i) + c.same(i);
}

__global__ void kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = all(i);
}

int main() {
  const int n = 256;
  int *out;
  if (cudaMallocManaged(&out, n * sizeof(int)) != cudaSuccess)
    return 2;
  kernel<<<2, 128>>>(out, n);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 2;
  long sum = 0;
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    sum += out[i];
    wrong += out[i] != all(i);
  }
  printf("sum %ld, %d differ from the host\n", sum, wrong);
  cudaFree(out);
  return wrong == 0 ? 0 : 1;
}

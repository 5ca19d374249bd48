// REQUIRES: gpu
// RUN: %cuda-lower %s > %t.cu
// RUN: cmp %s %t.cu
// RUN: %gpu-diff %s %t.cu
//
// A CUDA program with nothing to lower (no extended lambda, nothing that needs
// --expt-relaxed-constexpr): the tool must give it back unchanged, and it
// must build with plain nvcc and compute the same results. Exercises kernels
// with shared memory, atomics, templates and a macro around every API call.
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("CUDA error at line %d: %s\n", __LINE__,                     \
                  cudaGetErrorString(err_));                                   \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

constexpr int Block = 256;

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

/// Sums \p in into *out: a tree in shared memory per block, one atomic each.
template <typename T>
__global__ void blockSum(const T *in, int n, T *out) {
  __shared__ T partial[Block];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? in[i] : T(0);
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
      partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(out, partial[0]);
}

int main() {
  const int N = 100000;
  float *x, *y;
  unsigned long long *ints, *sum;
  CHECK(cudaMallocManaged(&x, N * sizeof(float)));
  CHECK(cudaMallocManaged(&y, N * sizeof(float)));
  CHECK(cudaMallocManaged(&ints, N * sizeof(unsigned long long)));
  CHECK(cudaMallocManaged(&sum, sizeof(unsigned long long)));
  for (int i = 0; i < N; ++i) {
    x[i] = float(i % 100);
    y[i] = 1.0f;
    ints[i] = i;
  }
  *sum = 0;
  int Grid = (N + Block - 1) / Block;
  saxpy<<<Grid, Block>>>(N, 2.0f, x, y);
  blockSum<<<Grid, Block>>>(ints, N, sum);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  int Wrong = 0;
  for (int i = 0; i < N; ++i)
    Wrong += y[i] != 2.0f * float(i % 100) + 1.0f;
  unsigned long long Expected = (unsigned long long)N * (N - 1) / 2;
  std::printf("saxpy: y[0]=%g y[99]=%g y[%d]=%g, %d wrong\n", y[0], y[99],
              N - 1, y[N - 1], Wrong);
  std::printf("sum of 0..%d: %llu (expected %llu)\n", N - 1, *sum, Expected);
  bool Ok = Wrong == 0 && *sum == Expected;
  CHECK(cudaFree(x));
  CHECK(cudaFree(y));
  CHECK(cudaFree(ints));
  CHECK(cudaFree(sum));
  return Ok ? 0 : 1;
}

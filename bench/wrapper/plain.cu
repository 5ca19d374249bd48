// A TU with nothing to lower and nothing the pre-scan could take for it:
// kernels, the runtime API, printf. Benchmark input for bench/wrapper.py.
#include <cstdio>
#include <cuda_runtime.h>

__device__ float warpSum(float V) {
  for (int Offset = 16; Offset > 0; Offset /= 2)
    V += __shfl_down_sync(0xffffffffu, V, Offset);
  return V;
}

__global__ void blockSums(const float *In, float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = warpSum(I < N ? In[I] : 0.0f);
  if (threadIdx.x % 32 == 0)
    atomicAdd(Out, V);
}

int main() {
  float *In, *Out;
  cudaMallocManaged(&In, 1024 * sizeof(float));
  cudaMallocManaged(&Out, sizeof(float));
  blockSums<<<4, 256>>>(In, Out, 1024);
  cudaDeviceSynchronize();
  printf("%g\n", *Out);
}

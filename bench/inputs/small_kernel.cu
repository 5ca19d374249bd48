// A small kernel file: a shared-memory block reduction and a clamped scale,
// plain CUDA runtime API, no Thrust. Benchmark input for bench/run.py.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <vector>

constexpr int kBlock = 256;

__device__ float warpSum(float v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__global__ void blockSums(const float *in, float *out, int n) {
  __shared__ float partial[kBlock / 32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  v = warpSum(v);
  if (threadIdx.x % 32 == 0)
    partial[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < kBlock / 32 ? partial[threadIdx.x] : 0.0f;
    v = warpSum(v);
    if (threadIdx.x == 0)
      out[blockIdx.x] = v;
  }
}

__global__ void clampScale(float *data, int n, float scale, float hi) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    data[i] = std::min(data[i] * scale, hi);
}

int main() {
  const int n = 1 << 20;
  const int blocks = (n + kBlock - 1) / kBlock;
  std::vector<float> host(n, 1.0f);
  float *in = nullptr, *sums = nullptr;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&sums, blocks * sizeof(float));
  cudaMemcpy(in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  clampScale<<<128, kBlock>>>(in, n, 3.0f, 2.0f);
  blockSums<<<blocks, kBlock>>>(in, sums, n);
  std::vector<float> partial(blocks);
  cudaMemcpy(partial.data(), sums, blocks * sizeof(float),
             cudaMemcpyDeviceToHost);
  double total = 0;
  for (float p : partial)
    total += p;
  std::printf("sum = %.0f (want %.0f)\n", total, 2.0 * n);
  cudaFree(in);
  cudaFree(sums);
  return total == 2.0 * n ? 0 : 1;
}

// Nothing to lower either, but std:: in host code: the pre-scan cannot tell
// host from device without parsing, so the wrapper parses it. Benchmark
// input for bench/wrapper.py.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

__global__ void scale(float *Y, float A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Y[I] *= A;
}

int main() {
  std::vector<float> Host(1024, 1.0f);
  float *Y;
  cudaMalloc(&Y, Host.size() * sizeof(float));
  cudaMemcpy(Y, Host.data(), Host.size() * sizeof(float),
             cudaMemcpyHostToDevice);
  scale<<<4, 256>>>(Y, 2.0f, static_cast<int>(Host.size()));
  cudaMemcpy(Host.data(), Y, Host.size() * sizeof(float),
             cudaMemcpyDeviceToHost);
  printf("%g\n", Host[0]);
}

// Runs saxpy and scaleClamped on the GPU and checks the results on the
// host: prints "example: OK" and exits 0, or says what differs.
#include "launch.cuh"
#include <cstdio>

int main() {
  const int N = 1000;
  float *X, *Y;
  if (cudaMallocManaged(&X, N * sizeof(float)) != cudaSuccess ||
      cudaMallocManaged(&Y, N * sizeof(float)) != cudaSuccess) {
    std::printf("example: no CUDA device: %s\n",
                cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  for (int I = 0; I < N; ++I) {
    X[I] = 1.0f;
    Y[I] = static_cast<float>(I % 8);
  }
  saxpy(N, 2.0f, X, Y);   // Y = 2 + I % 8
  scaleClamped(N, Y, 1.5f); // Y = min(1.5 * (2 + I % 8), 10)
  launch(N, [=] __device__(int I) { Y[I] += 0.5f; });
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("example: CUDA error: %s\n",
                cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  for (int I = 0; I < N; ++I) {
    float Want = std::min(1.5f * (2.0f + I % 8), 10.0f) + 0.5f;
    if (Y[I] != Want) {
      std::printf("example: Y[%d] is %g, expected %g\n", I, Y[I], Want);
      return 1;
    }
  }
  std::printf("example: OK\n");
  return 0;
}

// sum.cu - the sum of X, and the program that checks both.
#include "ops.h"
#include <cstdio>

float sumOf(const float *X, int N) {
  float *Total = nullptr;
  cudaMallocManaged(&Total, sizeof(float));
  *Total = 0;
  launch(N, [=] __device__(int I) { atomicAdd(Total, X[I]); });
  cudaDeviceSynchronize();
  float Result = *Total;
  cudaFree(Total);
  return Result;
}

int main() {
  const int N = 1000;
  float *X = nullptr;
  cudaMallocManaged(&X, N * sizeof(float));
  for (int I = 0; I < N; ++I)
    X[I] = 1;
  scale(X, N, 2);
  float S = sumOf(X, N);
  cudaFree(X);
  std::printf("sum %g\n", S);
  return S == 2 * N ? 0 : 1;
}

// harness.cuh - the timing loop shared by the builds of the host-lambda
// benchmark (lambda.cu as nvcc builds it, its cuda-lower output, functor.cu).
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

/// y[i] = f(x[i]) for i in [0, n), on the GPU.
template <typename F>
__global__ void deviceMap(F f, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = f(x[i]);
}

/// y[i] = f(x[i]) for i in [0, n), on the host: the loop being measured.
template <typename F>
void hostMap(F f, const float *x, float *y, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = f(x[i]);
}

/// Checks the GPU computes what the host did (only with --gpu: the timing
/// itself needs no GPU). Returns a process exit code.
template <typename F>
int checkOnGpu(F f, const std::vector<float> &x, const std::vector<float> &want) {
  int n = int(x.size());
  float *dx = nullptr, *dy = nullptr;
  if (cudaMalloc(&dx, n * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&dy, n * sizeof(float)) != cudaSuccess) {
    std::printf("gpu: cannot allocate device memory\n");
    return 2;
  }
  cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  deviceMap<<<(n + 255) / 256, 256>>>(f, dx, dy, n);
  std::vector<float> got(n);
  cudaError_t err = cudaMemcpy(got.data(), dy, n * sizeof(float),
                               cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
  if (err != cudaSuccess) {
    std::printf("gpu: %s\n", cudaGetErrorString(err));
    return 2;
  }
  for (int i = 0; i < n; ++i) {
    if (std::fabs(got[i] - want[i]) > 1e-6f * std::fabs(want[i]) + 1e-6f) {
      std::printf("gpu: wrong value at %d: got %g, want %g\n", i, got[i], want[i]);
      return 1;
    }
  }
  std::printf("gpu: %d elements agree with the host\n", n);
  return 0;
}

/// Times hostMap(f) over 16M floats, best of several repetitions, and prints
/// `host-map: <n> elements, best of <r>: <ms> ms (<ns> ns/element), checksum <c>`.
template <typename F>
int runBenchmark(F f, int argc, char **argv) {
  const int n = 1 << 24;
  const int reps = 7;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i)
    x[i] = float(i % 1024) * 0.25f;
  double bestMs = 1e300;
  for (int rep = 0; rep < reps; ++rep) {
    auto start = std::chrono::steady_clock::now();
    hostMap(f, x.data(), y.data(), n);
    std::chrono::duration<double, std::milli> ms =
        std::chrono::steady_clock::now() - start;
    bestMs = std::min(bestMs, ms.count());
  }
  double checksum = 0;
  for (float v : y)
    checksum += v;
  std::printf("host-map: %d elements, best of %d: %.3f ms (%.3f ns/element), "
              "checksum %.6e\n",
              n, reps, bestMs, bestMs * 1e6 / n, checksum);
  if (argc > 1 && std::strcmp(argv[1], "--gpu") == 0)
    return checkOnGpu(f, x, y);
  return 0;
}

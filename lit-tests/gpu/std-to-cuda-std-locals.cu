// std::array, std::pair and std::tuple as locals of device functions.
// REQUIRES: gpu
// GPU-LOWER-ARGS: --rules=std-to-cuda-std
// RUN: %cuda-lower --rules=std-to-cuda-std %s > %t.cu && %gpu-diff %s %t.cu
#include <array>
#include <cstdio>
#include <cstdlib>
#include <tuple>
#include <utility>

// Mean, minimum index and a checksum of a small window, through std types.
__device__ std::tuple<float, int, int> window_stats(const float *v, int start) {
  std::array<float, 4> w{};
  for (int i = 0; i < 4; ++i)
    w[i] = v[start + i];
  std::pair<float, int> lowest(w[0], 0);
  float sum = 0;
  for (int i = 0; i < int(w.size()); ++i) {
    sum += w[i];
    // Member-wise: with GCC 12 in C++17 std::pair's assignment is a host
    // function that no nvcc flag makes device code.
    if (w[i] < lowest.first) {
      lowest.first = w[i];
      lowest.second = i;
    }
  }
  return std::make_tuple(sum / w.size(), lowest.second, int(sum * 8) ^ start);
}

__global__ void stats(const float *v, float *mean, int *low, int *check, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 4 > n)
    return;
  auto t = window_stats(v, i);
  mean[i] = std::get<0>(t);
  low[i] = std::get<1>(t);
  check[i] = std::get<2>(t);
}

int main() {
  const int n = 40, m = n - 3;
  float host[n];
  for (int i = 0; i < n; ++i)
    host[i] = float((i * 13) % 17) / 4.0f;
  float *v, *mean;
  int *low, *check;
  cudaMalloc(&v, sizeof(host));
  cudaMalloc(&mean, m * sizeof(float));
  cudaMalloc(&low, m * sizeof(int));
  cudaMalloc(&check, m * sizeof(int));
  cudaMemcpy(v, host, sizeof(host), cudaMemcpyHostToDevice);
  stats<<<1, 64>>>(v, mean, low, check, n);
  float means[m];
  int lows[m], checks[m];
  cudaMemcpy(means, mean, sizeof(means), cudaMemcpyDeviceToHost);
  cudaMemcpy(lows, low, sizeof(lows), cudaMemcpyDeviceToHost);
  cudaMemcpy(checks, check, sizeof(checks), cudaMemcpyDeviceToHost);
  bool ok = cudaGetLastError() == cudaSuccess;
  for (int i = 0; i < m; ++i) {
    float sum = 0, best = host[i];
    int at = 0;
    for (int k = 0; k < 4; ++k) {
      sum += host[i + k];
      if (host[i + k] < best) {
        best = host[i + k];
        at = k;
      }
    }
    if (means[i] != sum / 4 || lows[i] != at || checks[i] != (int(sum * 8) ^ i)) {
      std::printf("mismatch at %d\n", i);
      ok = false;
    }
  }
  std::printf("locals: %s, mean[3] = %.3f, low[3] = %d\n", ok ? "ok" : "FAILED", means[3], lows[3]);
  cudaFree(v);
  cudaFree(mean);
  cudaFree(low);
  cudaFree(check);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

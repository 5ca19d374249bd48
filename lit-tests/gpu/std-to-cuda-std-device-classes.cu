// std classes that only device code uses (issue 26, item 7): device
// functions returning std::pair and std::tuple, a kernel-local std::array,
// std::min over pairs, a kernel taking std::array and std::pair from host
// code. The lowered program (cuda::std classes, the launches converting what
// host code passes) must compute what the original computes with
// --expt-relaxed-constexpr.
// REQUIRES: gpu
// GPU-LOWER-ARGS: --rules=std-to-cuda-std
// RUN: %cuda-lower --rules=std-to-cuda-std %s > %t.cu && %gpu-diff %s %t.cu
#include <algorithm>
#include <array>
#include <cstdio>
#include <tuple>
#include <utility>

__device__ std::pair<int, int> ordered(int a, int b) {
  return a < b ? std::make_pair(a, b) : std::make_pair(b, a);
}

template <class T> __device__ std::tuple<T, T, T> thirds(T v) {
  return std::make_tuple(v / 3, v / 3 + 1, v - 2 * (v / 3) - 1);
}

__global__ void kernel(std::array<int, 4> weights, std::pair<int, float> bias,
                       int n, int *out) {
  std::array<int, 4> table{3, 1, 4, 1};
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  std::pair<int, int> p = ordered(i % 7, (i * 5) % 11);
  std::pair<int, int> low = std::min(p, std::make_pair(3, i % 4));
  std::pair<int, int> high = std::max(p, low);
  auto t = thirds(i + 10);
  out[i] = table[i % 4] * weights[i % 4] + low.first * 100 + low.second * 10 +
           high.second + std::get<0>(t) + std::get<1>(t) * std::get<2>(t) +
           bias.first + static_cast<int>(bias.second * 2);
}

int main() {
  const int n = 1000;
  int *out = nullptr;
  if (cudaMallocManaged(&out, n * sizeof(int)) != cudaSuccess)
    return 1;
  std::array<int, 4> weights{2, 7, 1, 8};
  std::pair<int, float> bias{5, 1.5f};
  kernel<<<(n + 127) / 128, 128>>>(weights, bias, n, out);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 1;
  long long sum = 0;
  for (int i = 0; i < n; ++i)
    sum += static_cast<long long>(out[i]) * (i % 13 + 1);
  std::printf("checksum %lld first %d %d %d last %d\n", sum, out[0], out[1],
              out[2], out[n - 1]);
  cudaFree(out);
  return 0;
}

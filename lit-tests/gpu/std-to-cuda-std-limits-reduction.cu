// std::numeric_limits as the identity of a min/max reduction in device code.
// REQUIRES: gpu
// GPU-LOWER-ARGS: --rules=std-to-cuda-std
// RUN: %cuda-lower --rules=std-to-cuda-std %s > %t.cu && %gpu-diff %s %t.cu
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>

template <typename T> struct Extremes {
  T low, high;
};

template <typename T, int Block>
__global__ void extremes(const T *in, int n, Extremes<T> *out) {
  __shared__ T lows[Block], highs[Block];
  T low = std::numeric_limits<T>::max();
  T high = std::numeric_limits<T>::lowest();
  for (int i = threadIdx.x; i < n; i += Block) {
    low = std::min(low, in[i]);
    high = std::max(high, in[i]);
  }
  lows[threadIdx.x] = low;
  highs[threadIdx.x] = high;
  __syncthreads();
  for (int stride = Block / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) {
      lows[threadIdx.x] = std::min(lows[threadIdx.x], lows[threadIdx.x + stride]);
      highs[threadIdx.x] = std::max(highs[threadIdx.x], highs[threadIdx.x + stride]);
    }
    __syncthreads();
  }
  if (threadIdx.x == 0)
    *out = {lows[0], highs[0]};
}

template <typename T> bool run(const char *name, int n) {
  T *host = new T[n];
  for (int i = 0; i < n; ++i)
    host[i] = T((i * 7919) % 1000) - T(500);
  T *in;
  Extremes<T> *out, result{};
  cudaMalloc(&in, n * sizeof(T));
  cudaMalloc(&out, sizeof(Extremes<T>));
  cudaMemcpy(in, host, n * sizeof(T), cudaMemcpyHostToDevice);
  extremes<T, 128><<<1, 128>>>(in, n, out);
  cudaMemcpy(&result, out, sizeof(result), cudaMemcpyDeviceToHost);
  cudaFree(in);
  cudaFree(out);
  T low = *std::min_element(host, host + n), high = *std::max_element(host, host + n);
  if (n == 0) {
    low = std::numeric_limits<T>::max();
    high = std::numeric_limits<T>::lowest();
  }
  delete[] host;
  bool ok = result.low == low && result.high == high && cudaGetLastError() == cudaSuccess;
  std::printf("%s n=%d: [%g, %g] %s\n", name, n, double(result.low), double(result.high),
              ok ? "ok" : "FAILED");
  return ok;
}

int main() {
  bool ok = run<int>("int", 1000);
  ok = run<float>("float", 777) && ok;
  ok = run<double>("double", 0) && ok; // the identities come back
  ok = run<long long>("long long", 5) && ok;
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

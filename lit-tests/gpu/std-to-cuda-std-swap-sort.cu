// std::swap in a sorting network on the GPU. With GCC 12's library the
// original does not build even with --expt-relaxed-constexpr (std::swap is
// not constexpr in C++17), so there is nothing to compare with: the rewrite
// is built with plain nvcc and checks itself against a host sort.
// REQUIRES: gpu
// GPU-SELF-CHECK: nvcc rejects the original or it computes wrong results; the rewrite checks itself
// GPU-LOWER-ARGS: --rules=std-to-cuda-std
// RUN: %cuda-lower --rules=std-to-cuda-std %s > %t.cu && %nvcc -o %t.bin %t.cu && %t.bin
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>

template <typename T> __device__ void compare_swap(T &a, T &b) {
  if (b < a)
    std::swap(a, b);
}

// Odd-even transposition sort of N values per thread, in registers.
template <typename T, int N> __device__ void sort_network(T (&v)[N]) {
  for (int round = 0; round < N; ++round)
    for (int i = round % 2; i + 1 < N; i += 2)
      compare_swap(v[i], v[i + 1]);
}

template <typename T, int N> __global__ void sort_rows(T *data, int rows) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows)
    return;
  T v[N];
  for (int i = 0; i < N; ++i)
    v[i] = data[row * N + i];
  sort_network(v);
  for (int i = 0; i < N; ++i)
    data[row * N + i] = v[i];
}

template <typename T> bool run(const char *name) {
  constexpr int N = 8, Rows = 100;
  T host[Rows * N], expected[Rows * N];
  for (int i = 0; i < Rows * N; ++i)
    host[i] = expected[i] = T((i * 37 + 11) % 23) - T(11);
  for (int r = 0; r < Rows; ++r)
    std::sort(expected + r * N, expected + (r + 1) * N);
  T *data;
  cudaMalloc(&data, sizeof(host));
  cudaMemcpy(data, host, sizeof(host), cudaMemcpyHostToDevice);
  sort_rows<T, N><<<(Rows + 63) / 64, 64>>>(data, Rows);
  cudaMemcpy(host, data, sizeof(host), cudaMemcpyDeviceToHost);
  cudaFree(data);
  bool ok = cudaGetLastError() == cudaSuccess && std::equal(host, host + Rows * N, expected);
  std::printf("%s: %s, row 0 = %g .. %g\n", name, ok ? "ok" : "FAILED", double(host[0]),
              double(host[N - 1]));
  return ok;
}

int main() {
  bool ok = run<int>("int");
  ok = run<float>("float") && ok;
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

// std::sqrt, std::exp and std::abs in device code, rewritten to cuda::std,
// compute what the host computes.
// REQUIRES: gpu
// GPU-LOWER-ARGS: --rules=std-to-cuda-std
// RUN: %cuda-lower --rules=std-to-cuda-std %s > %t.cu && %gpu-diff %s %t.cu
#include <cmath>
#include <cstdio>
#include <cstdlib>

template <typename T> __host__ __device__ T formula(T x) {
  return std::sqrt(std::abs(x)) + std::exp(x / T(4)) - std::abs(T(3) - x);
}

__device__ int iabs(int v) { return std::abs(v); }

template <typename T> __global__ void apply(const T *in, T *out, int *ints, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = formula(in[i]);
    ints[i] = iabs(int(in[i] * 10));
  }
}

template <typename T> bool check(const char *name, T tolerance) {
  const int n = 64;
  T host_in[n], host_out[n];
  int host_ints[n];
  for (int i = 0; i < n; ++i)
    host_in[i] = T(i - 32) / T(3);
  T *in, *out;
  int *ints;
  cudaMalloc(&in, n * sizeof(T));
  cudaMalloc(&out, n * sizeof(T));
  cudaMalloc(&ints, n * sizeof(int));
  cudaMemcpy(in, host_in, n * sizeof(T), cudaMemcpyHostToDevice);
  apply<<<2, 32>>>(in, out, ints, n);
  cudaMemcpy(host_out, out, n * sizeof(T), cudaMemcpyDeviceToHost);
  cudaMemcpy(host_ints, ints, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(in);
  cudaFree(out);
  cudaFree(ints);
  bool ok = cudaGetLastError() == cudaSuccess;
  for (int i = 0; i < n; ++i) {
    T expected = formula(host_in[i]);
    if (std::abs(host_out[i] - expected) > tolerance * (T(1) + std::abs(expected)) ||
        host_ints[i] != std::abs(int(host_in[i] * 10))) {
      std::printf("%s: mismatch at %d: %f vs %f\n", name, i, double(host_out[i]), double(expected));
      ok = false;
    }
  }
  std::printf("%s: %s, out[5] = %.4f, ints[5] = %d\n", name, ok ? "ok" : "FAILED",
              double(host_out[5]), host_ints[5]);
  return ok;
}

int main() {
  bool ok = check<float>("float", 1e-5f);
  ok = check<double>("double", 1e-12) && ok;
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

// std::clamp in device code; libcu++ has it only in an internal header.
// REQUIRES: gpu
// GPU-LOWER-ARGS: --rules=std-to-cuda-std
// RUN: %cuda-lower --rules=std-to-cuda-std %s > %t.cu && %gpu-diff %s %t.cu
#include <algorithm>
#include <cstdio>
#include <cstdlib>

template <typename T> __host__ __device__ T saturate(T v, T lo, T hi) { return std::clamp(v, lo, hi); }

__global__ void clamp_all(const float *in, float *out, int *bytes, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = saturate(in[i], -1.0f, 1.0f);
    bytes[i] = std::clamp(int(in[i] * 100), 0, 255);
  }
}

int main() {
  const int n = 50;
  float host[n], out[n];
  int bytes[n];
  for (int i = 0; i < n; ++i)
    host[i] = float(i - 25) / 10.0f;
  float *in, *dout;
  int *dbytes;
  cudaMalloc(&in, sizeof(host));
  cudaMalloc(&dout, sizeof(out));
  cudaMalloc(&dbytes, sizeof(bytes));
  cudaMemcpy(in, host, sizeof(host), cudaMemcpyHostToDevice);
  clamp_all<<<1, 64>>>(in, dout, dbytes, n);
  cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost);
  cudaMemcpy(bytes, dbytes, sizeof(bytes), cudaMemcpyDeviceToHost);
  bool ok = cudaGetLastError() == cudaSuccess;
  for (int i = 0; i < n; ++i)
    if (out[i] != saturate(host[i], -1.0f, 1.0f) ||
        bytes[i] != std::clamp(int(host[i] * 100), 0, 255)) {
      std::printf("mismatch at %d\n", i);
      ok = false;
    }
  std::printf("clamp: %s, out[0] = %g, out[49] = %g, bytes[40] = %d\n", ok ? "ok" : "FAILED",
              out[0], out[49], bytes[40]);
  cudaFree(in);
  cudaFree(dout);
  cudaFree(dbytes);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

// REQUIRES: gpu
// GPU-LOWER-ARGS: --rules=exec-space-host-variable
// RUN: %cuda-lower --rules=exec-space-host-variable %s > %t.cu
// RUN: %gpu-diff %s %t.cu
//
// Device code reads a namespace-scope const variable of class type, which the
// guide does not allow (§5.3.10.4.2) and nvcc accepts only while it can fold
// the value. The rule makes it constexpr; host and device must still compute
// the same values as the original program.
#include <cstdio>
#include <cstdlib>

struct Affine {
  float scale;
  float bias;
  int steps;
};
const Affine kAffine = {1.5f, -0.25f, 3};

__host__ __device__ float apply(float x) {
  for (int i = 0; i < kAffine.steps; ++i)
    x = kAffine.scale * x + kAffine.bias;
  return x;
}

__global__ void transform(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = apply(in[i]);
}

int main() {
  const int n = 256;
  float *in = nullptr, *out = nullptr;
  if (cudaMallocManaged(&in, n * sizeof(float)) != cudaSuccess ||
      cudaMallocManaged(&out, n * sizeof(float)) != cudaSuccess) {
    std::printf("allocation failed\n");
    return 2;
  }
  for (int i = 0; i < n; ++i)
    in[i] = 0.125f * static_cast<float>(i - n / 2);
  transform<<<(n + 127) / 128, 128>>>(in, out, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("kernel failed\n");
    return 2;
  }
  int wrong = 0;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    wrong += out[i] != apply(in[i]);
    sum += out[i];
  }
  std::printf("sum %.4f, %d wrong\n", sum, wrong);
  cudaFree(in);
  cudaFree(out);
  return wrong == 0 ? 0 : 1;
}

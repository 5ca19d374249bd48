// std::array and std::pair as kernel parameters: the lowered kernel takes
// the cuda::std class and each launch converts what host code keeps as the
// std class; both builds must compute the same values.
// REQUIRES: gpu
// GPU-LOWER-ARGS: --rules=std-to-cuda-std
// RUN: %cuda-lower --rules=std-to-cuda-std %s > %t.cu && %gpu-diff %s %t.cu
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

__global__ void poly(const float *x, float *y, std::array<float, 3> c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = c[0] + x[i] * (c[1] + x[i] * c[2]) + float(c.size());
}

__global__ void window(std::pair<int, float> w, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && i >= w.first)
    y[i] *= w.second;
}

struct Model {
  std::array<float, 3> coef;
};

int main() {
  const int n = 64;
  float hx[n], hy[n];
  for (int i = 0; i < n; ++i)
    hx[i] = float(i) / 8.0f;
  float *x, *y;
  cudaMalloc(&x, sizeof(hx));
  cudaMalloc(&y, sizeof(hy));
  cudaMemcpy(x, hx, sizeof(hx), cudaMemcpyHostToDevice);
  std::array<float, 3> c{1.0f, -2.0f, 0.5f};
  Model m{{0.25f, 1.0f, -1.0f}};
  std::pair<int, float> w{32, 3.0f};
  bool ok = true;
  for (int round = 0; round < 2; ++round) {
    const std::array<float, 3> &k = round ? m.coef : c;
    if (round)
      poly<<<1, n>>>(x, y, m.coef, n);
    else
      poly<<<1, n>>>(x, y, c, n);
    window<<<1, n>>>(w, y, n);
    cudaMemcpy(hy, y, sizeof(hy), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) {
      float want = k[0] + hx[i] * (k[1] + hx[i] * k[2]) + 3.0f;
      if (i >= w.first)
        want *= w.second;
      if (std::fabs(hy[i] - want) > 1e-4f * (1.0f + std::fabs(want))) { // FMA on the GPU
        std::printf("round %d: mismatch at %d: %g, want %g\n", round, i, hy[i], want);
        ok = false;
        break;
      }
    }
    std::printf("round %d: y[1] = %g, y[40] = %g\n", round, hy[1], hy[40]);
  }
  ok = ok && cudaGetLastError() == cudaSuccess;
  std::printf("kernel interface: %s\n", ok ? "ok" : "FAILED");
  cudaFree(x);
  cudaFree(y);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

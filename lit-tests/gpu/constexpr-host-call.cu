// A __host__ __device__ function calling user constexpr functions: nvcc
// without --expt-relaxed-constexpr only warns (#20013-D) and the GPU results
// are wrong. The rewrite, built without the flag, must match the original
// built with it.
// REQUIRES: gpu
// GPU-LOWER-ARGS: --rules=constexpr-host-call
// RUN: %cuda-lower --rules=constexpr-host-call %s > %t.cu && %gpu-diff %s %t.cu
#include <cstdio>

constexpr int mix(int a, int b) { return a * 31 + b; }
constexpr int hash(int x) { return mix(x, x ^ 0x5bd1) % 1000; }

struct Frac {
  int num, den;
  constexpr Frac(int n, int d) : num(n), den(d) {}
  constexpr Frac operator+(Frac o) const { return {num * o.den + o.num * den, den * o.den}; }
  constexpr double value() const { return double(num) / den; }
};

template <typename T> constexpr T clamp_to(T x, T lo, T hi) { return x < lo ? lo : (x > hi ? hi : x); }

__host__ __device__ double score(int i) {
  Frac f = Frac(i, 3) + Frac(1, 2);
  return f.value() + hash(i) + clamp_to(i, 4, 20);
}

__global__ void kernel(double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = score(i);
}

int main() {
  const int n = 64;
  double *d = nullptr;
  cudaMalloc(&d, n * sizeof(double));
  kernel<<<2, 32>>>(d, n);
  double h[n];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    printf("%d %.6f\n", i, h[i]);
    bad += h[i] != score(i);
  }
  printf("mismatches: %d\n", bad);
  return bad != 0;
}

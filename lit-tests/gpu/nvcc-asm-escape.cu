// A lone `%` before PTX special registers (nvcc passes it to ptxas as
// written) and the rewrite's `%%`: the GPU must read the same registers.
// REQUIRES: gpu
// GPU-LOWER-ARGS: --rules=nvcc-asm-escape
// RUN: %cuda-lower --rules=nvcc-asm-escape %s > %t.cu && %gpu-diff %s %t.cu
#include <cstdio>

__device__ unsigned lane_id() {
  unsigned r;
  asm volatile("mov.u32 %0, %laneid;" : "=r"(r));
  return r;
}

#define WARP_ID(w) asm volatile("mov.u32 %0, %warpid;" : "=r"(w))

__device__ unsigned thread_x() {
  unsigned t;
  asm("mov.u32 %0, %tid.x;" : "=r"(t));
  return t;
}

__global__ void registers(unsigned *lane, unsigned *tid, unsigned *warp) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  lane[i] = lane_id();
  tid[i] = thread_x();
  unsigned w;
  WARP_ID(w);
  warp[i] = w < 64 ? 1u : 0u; // the warp slot varies; its range does not
}

int main() {
  const unsigned n = 256;
  unsigned *lane, *tid, *warp;
  cudaMallocManaged(&lane, n * sizeof(unsigned));
  cudaMallocManaged(&tid, n * sizeof(unsigned));
  cudaMallocManaged(&warp, n * sizeof(unsigned));
  registers<<<2, 128>>>(lane, tid, warp);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("launch failed\n");
    return 1;
  }
  unsigned bad = 0, lane_sum = 0, tid_sum = 0, warp_ok = 0;
  for (unsigned i = 0; i < n; ++i) {
    bad += lane[i] != (i % 128) % 32;
    bad += tid[i] != i % 128;
    lane_sum += lane[i];
    tid_sum += tid[i];
    warp_ok += warp[i];
  }
  printf("lane sum %u, tid sum %u, warp ids in range %u of %u\n", lane_sum,
         tid_sum, warp_ok, n);
  if (bad) {
    printf("%u wrong values\n", bad);
    return 1;
  }
  return 0;
}

// Asm operands written without the comma between them (nvcc reads them as
// listed) and the rewrite's comma: the GPU must bind the same operands to
// %0, %1, %2 in both builds (a store through a release, and an output list).
// REQUIRES: gpu
// GPU-LOWER-ARGS: --rules=nvcc-asm-operand-comma
// RUN: %cuda-lower --rules=nvcc-asm-operand-comma %s > %t.cu && %gpu-diff %s %t.cu
#include <cstdio>

__device__ void release(unsigned char *flag, unsigned value) {
  unsigned reg = value;
  asm volatile("st.release.gpu.global.u8 [%1], %0;" ::"r"(reg) "l"(flag) : "memory");
}

__device__ void split(unsigned x, unsigned &low, unsigned &high) {
  asm("and.b32 %0, %2, 255;\n\tshr.u32 %1, %2, 8;" : "=r"(low) "=r"(high) : "r"(x));
}

__global__ void store(unsigned char *flags, unsigned *low, unsigned *high) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  release(flags + i, i % 200 + 1);
  split(i * 3 + 7, low[i], high[i]);
}

int main() {
  const unsigned n = 512;
  unsigned char *flags;
  unsigned *low, *high;
  cudaMallocManaged(&flags, n);
  cudaMallocManaged(&low, n * sizeof(unsigned));
  cudaMallocManaged(&high, n * sizeof(unsigned));
  store<<<4, 128>>>(flags, low, high);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("launch failed\n");
    return 1;
  }
  unsigned bad = 0, flag_sum = 0, low_sum = 0, high_sum = 0;
  for (unsigned i = 0; i < n; ++i) {
    unsigned x = i * 3 + 7;
    bad += flags[i] != i % 200 + 1;
    bad += low[i] != (x & 255u);
    bad += high[i] != x >> 8;
    flag_sum += flags[i];
    low_sum += low[i];
    high_sum += high[i];
  }
  printf("flags %u, low %u, high %u, wrong %u\n", flag_sum, low_sum, high_sum,
         bad);
  return bad == 0 ? 0 : 1;
}

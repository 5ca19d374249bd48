// A __host__ __device__ function calling __host__ functions: nvcc only warns
// (#20011-D) and the GPU results are wrong, so the original cannot be the
// reference (and does not build with -Werror). The program checks the GPU
// results against the same functions run on the host.
// REQUIRES: gpu
// GPU-SELF-CHECK: nvcc rejects the original or it computes wrong results; the rewrite checks itself
// GPU-LOWER-ARGS: --rules=exec-space-host-call-from-hd
// RUN: %cuda-lower --rules=exec-space-host-call-from-hd %s > %t.cu
// RUN: %nvcc -o %t.exe %t.cu && %t.exe
#include <cstdio>

int weight(int x) { return 3 * x + 1; }
int combine(int a, int b) { return weight(a) * 7 - b; }

struct Counter {
  int total = 0;
  void add(int v) { total += v; }
  int get() const { return total; }
};

template <typename T> T halve(T x) { return x / 2; }

__host__ __device__ int work(int i) {
  Counter c;
  for (int k = 0; k <= i % 5; ++k)
    c.add(combine(i, k));
  return c.get() + halve(i);
}

__global__ void kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = work(i);
}

int main() {
  const int n = 64;
  int *d = nullptr;
  cudaMalloc(&d, n * sizeof(int));
  kernel<<<2, 32>>>(d, n);
  int h[n];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    printf("%d %d\n", i, h[i]);
    bad += h[i] != work(i);
  }
  printf("mismatches: %d\n", bad);
  return bad != 0;
}

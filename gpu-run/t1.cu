#include <cstdio>
constexpr int host_func(int x) { return x * 3 + 1; }
int plain_host(int x) { return x * 5; }
__host__ __device__ int hd(int x) { return host_func(x); }
__host__ __device__ int hd2(int x) { return plain_host(x); }
__global__ void k(int *o) { o[0] = hd(threadIdx.x + 2); o[1] = hd2(threadIdx.x + 2); }
int main() {
  int *d; cudaMalloc(&d, 8); k<<<1,1>>>(d); int h[2]; cudaMemcpy(h, d, 8, cudaMemcpyDeviceToHost);
  printf("%d %d\n", h[0], h[1]);
}

// The issue's case: the lambda's introducer and annotations come from a
// macro of the file; printf only, no std:: anywhere.
#include <cstdio>
#define PROJ_LAMBDA [=] __host__ __device__
template <class F> __global__ void kern(F f) { f(threadIdx.x); }
int main() {
  int *p;
  cudaMallocManaged(&p, 32 * sizeof(int));
  kern<<<1, 32>>>(PROJ_LAMBDA (int i) { p[i] = 3 * i; });
  cudaDeviceSynchronize();
  printf("%d\n", p[5]);
}

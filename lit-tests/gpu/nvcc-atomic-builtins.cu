// REQUIRES: gpu
// RUN: %cuda-lower %s > %t.cu && %gpu-diff %s %t.cu
// nvcc's __nv_atomic_* builtins (CUDA 12.8 and later) in device code and in
// extended lambdas: the parse reads them as GCC atomic builtins, the output
// calls nvcc's as written, and the counts, maxima, exchanges and
// compare-exchanges come out the same as the original's. Checked against
// the values the host computes.
#include <algorithm>
#include <cstdio>

template <class F> __global__ void each_kernel(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

__device__ unsigned hd_max(unsigned *p, unsigned v) {
  return __nv_atomic_fetch_max(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
}

struct Counters {
  unsigned hits, peak, ones, owner;
  int sum;
  float fsum;
};

int main() {
  const int n = 1000;
  Counters *c;
  cudaMallocManaged(&c, sizeof(Counters));
  *c = Counters{0, 0, 0, ~0u, 0, 0.0f};
  unsigned floor = 7;
  each_kernel<<<(n + 127) / 128, 128>>>(n, [=] __device__(int i) {
    __nv_atomic_fetch_add(&c->hits, 1u, __NV_ATOMIC_RELAXED);
    hd_max(&c->peak, std::max(unsigned(i), floor));
    __nv_atomic_add(&c->sum, i, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM);
    __nv_atomic_fetch_add(&c->fsum, 0.5f, __NV_ATOMIC_RELAXED);
    if (i % 2 == 0)
      __nv_atomic_fetch_or(&c->ones, 1u << (i % 32), __NV_ATOMIC_ACQ_REL);
    unsigned expected = ~0u;
    if (i == 17)
      __nv_atomic_compare_exchange_n(&c->owner, &expected, unsigned(i), false,
                                     __NV_ATOMIC_SEQ_CST, __NV_ATOMIC_RELAXED);
    __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
  });
  cudaError_t e = cudaDeviceSynchronize();
  unsigned loaded = 0;
  each_kernel<<<1, 1>>>(1, [=] __device__(int) {
    unsigned v = __nv_atomic_load_n(&c->hits, __NV_ATOMIC_ACQUIRE);
    __nv_atomic_store_n(&c->hits, v + 1, __NV_ATOMIC_RELEASE);
  });
  cudaDeviceSynchronize();
  loaded = c->hits;
  unsigned ones = 0;
  for (int i = 0; i < n; i += 2)
    ones |= 1u << (i % 32);
  bool ok = e == cudaSuccess && loaded == n + 1 && c->peak == n - 1 &&
            c->sum == n * (n - 1) / 2 && c->fsum == 0.5f * n &&
            c->ones == ones && c->owner == 17;
  std::printf("hits %u peak %u sum %d fsum %.1f ones %08x owner %u: %s\n",
              loaded, c->peak, c->sum, c->fsum, c->ones, c->owner,
              ok ? "PASS" : "FAIL");
  cudaFree(c);
  return ok ? 0 : 1;
}

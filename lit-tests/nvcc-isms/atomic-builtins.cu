// nvcc's atomic builtins (CUDA 12.8 and later): `__nv_atomic_load_n(p,
// __NV_ATOMIC_RELAXED)` and the rest, called directly under
// `CUDA_VERSION >= 12080` (HeCBench's hausdorff-cuda and scatter-cuda).
// Clang has neither the builtins nor their enumerators; the parse spells
// them as GCC atomic builtins (AtomicBuiltins.h), so the file parses, the
// lambda that calls them is lowered (its captures and std::max seen in the
// arguments), and the output calls nvcc's builtins as written.
// RUN: %nvcc-ext -c %s -o %t.original.o
// RUN: %check_cuda_lower %s lower-extended-lambda,std-to-cuda-std %t

#include <cuda.h>
#include <algorithm>

__device__ void every_builtin(unsigned *p, int *q, float *f, bool *ok) {
#if CUDA_VERSION >= 12080
  unsigned v = __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED);
  unsigned w = __nv_atomic_load_n(p, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  unsigned r;
  __nv_atomic_load(p, &r, __NV_ATOMIC_SEQ_CST);
  __nv_atomic_store_n(p, v + w, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_BLOCK);
  __nv_atomic_store(p, &r, __NV_ATOMIC_RELAXED);
  int a = __nv_atomic_fetch_add(q, 1, __NV_ATOMIC_RELAXED);
  a += __nv_atomic_fetch_sub(q, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM);
  a += __nv_atomic_fetch_min(q, 1, __NV_ATOMIC_RELAXED);
  a += __nv_atomic_fetch_max(q, 1, __NV_ATOMIC_RELAXED);
  a += __nv_atomic_fetch_and(q, 1, __NV_ATOMIC_RELAXED);
  a += __nv_atomic_fetch_or(q, 1, __NV_ATOMIC_RELAXED);
  a += __nv_atomic_fetch_xor(q, 1, __NV_ATOMIC_RELAXED);
  __nv_atomic_add(q, 1, __NV_ATOMIC_RELAXED);
  __nv_atomic_sub(q, 1, __NV_ATOMIC_RELAXED);
  __nv_atomic_min(q, 1, __NV_ATOMIC_RELAXED);
  __nv_atomic_max(q, 1, __NV_ATOMIC_RELAXED);
  __nv_atomic_and(q, 1, __NV_ATOMIC_RELAXED);
  __nv_atomic_or(q, 1, __NV_ATOMIC_RELAXED);
  __nv_atomic_xor(q, 1, __NV_ATOMIC_RELAXED);
  float g = __nv_atomic_fetch_add(f, 1.0f, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_CLUSTER);
  int old = __nv_atomic_exchange_n(q, a, __NV_ATOMIC_ACQ_REL);
  int nv = 3, ret;
  __nv_atomic_exchange(q, &nv, &ret, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_THREAD);
  int expected = old, desired = 5;
  bool b1 = __nv_atomic_compare_exchange_n(q, &expected, desired, false, __NV_ATOMIC_SEQ_CST, __NV_ATOMIC_RELAXED);
  bool b2 = __nv_atomic_compare_exchange(q, &expected, &desired, true, __NV_ATOMIC_SEQ_CST, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_thread_fence(__NV_ATOMIC_CONSUME);
  *ok = b1 || b2 || g > 0 || ret > 0;
#endif
}

template <class F> __global__ void each(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

void count(int n, unsigned *hits, unsigned *peak, unsigned floor) {
  each<<<1, 32>>>(n, [=] __device__(int i) {
    unsigned seen = __nv_atomic_fetch_add(hits, 1u, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_fetch_max(peak, std::max(seen, floor), __NV_ATOMIC_RELAXED);
  });
  // CHECK-MESSAGES: :[[@LINE-4]]:22: warning: __device__ lambda lowered to functor 'count_lambda_1' [lower-extended-lambda]
  // CHECK-MESSAGES: :[[@LINE-3]]:33: warning: use 'cuda::std::max' instead of 'std::max' in device code [std-to-cuda-std]
}
// `floor`, named only in a builtin's argument, is captured as the lambda
// did; the calls stay nvcc's.
// CHECK-FIXES: struct count_lambda_1 {
// CHECK-FIXES: unsigned int floor;
// CHECK-FIXES: unsigned seen = __nv_atomic_fetch_add(hits, 1u, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
// CHECK-FIXES: __nv_atomic_fetch_max(peak, cuda::std::max(seen, floor), __NV_ATOMIC_RELAXED);

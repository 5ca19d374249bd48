// CUDA 13.0's libcu++ declares cuda::std::clamp only in the internal header
// <cuda/std/__algorithm/clamp.h>: the rule includes that header, says so in
// the message, and marks the include line.
// RUN: %check_cuda_lower %s std-to-cuda-std %t
#include <algorithm>
// CHECK-FIXES: {{^}}#include <algorithm>
// CHECK-FIXES-NEXT: {{^}}#include <cuda/std/__algorithm/clamp.h> // libcu++ has no public header for this

__device__ float saturate(float v) { return std::clamp(v, 0.0f, 1.0f); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:45: warning: use 'cuda::std::clamp' instead of 'std::clamp' in device code (libcu++ declares it only in its internal header <cuda/std/__algorithm/clamp.h>) [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ float saturate(float v) { return cuda::std::clamp(v, 0.0f, 1.0f); }
template <typename T> __device__ T bounded(T v, T lo, T hi) { return std::clamp(v, lo, hi); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:70: warning: use 'cuda::std::clamp' instead of 'std::clamp' in device code (libcu++ declares it only in its internal header <cuda/std/__algorithm/clamp.h>) [std-to-cuda-std]
// CHECK-FIXES: {{^}}template <typename T> __device__ T bounded(T v, T lo, T hi) { return cuda::std::clamp(v, lo, hi); }
#define CLAMP01(v) std::clamp(v, 0, 1)
// CHECK-FIXES: {{^}}#define CLAMP01(v) cuda::std::clamp(v, 0, 1)
__device__ int bit(int v) { return CLAMP01(v); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:36: warning: use 'cuda::std::clamp' instead of 'std::clamp' in device code (libcu++ declares it only in its internal header <cuda/std/__algorithm/clamp.h>) [std-to-cuda-std]

__global__ void kernel(float *f, int *i) {
  f[0] = saturate(f[0]) + bounded(f[1], -1.0f, 1.0f);
  i[0] = bit(i[0]);
}

// No match: host code.
int host(int v) { return std::clamp(v, 0, 9); }
// CHECK-FIXES: {{^}}int host(int v) { return std::clamp(v, 0, 9); }


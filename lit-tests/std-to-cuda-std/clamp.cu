// CUDA 13.0's libcu++ declares cuda::std::clamp only in the internal header
// <cuda/std/__algorithm/clamp.h>: the rule includes that header, says so in
// the message, and marks the include line.
// RUN: %cuda-lower --rules=std-to-cuda-std %s > %t.out.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.out.cu --check-prefix=FIX
// RUN: FileCheck %s --input-file=%t.err --check-prefix=MSG --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %nvcc -c %t.out.cu -o %t.o
// RUN: %idempotent %t.out.cu --rules=std-to-cuda-std
#include <algorithm>
// FIX: {{^}}#include <algorithm>
// FIX-NEXT: {{^}}#include <cuda/std/__algorithm/clamp.h> // libcu++ has no public header for this

__device__ float saturate(float v) { return std::clamp(v, 0.0f, 1.0f); }
// MSG: {{.*}}:[[@LINE-1]]:45: warning: use 'cuda::std::clamp' instead of 'std::clamp' in device code (libcu++ declares it only in its internal header <cuda/std/__algorithm/clamp.h>) [std-to-cuda-std]
// FIX: {{^}}__device__ float saturate(float v) { return cuda::std::clamp(v, 0.0f, 1.0f); }
template <typename T> __device__ T bounded(T v, T lo, T hi) { return std::clamp(v, lo, hi); }
// MSG: {{.*}}:[[@LINE-1]]:70: warning: use 'cuda::std::clamp' instead of 'std::clamp' in device code (libcu++ declares it only in its internal header <cuda/std/__algorithm/clamp.h>) [std-to-cuda-std]
// FIX: {{^}}template <typename T> __device__ T bounded(T v, T lo, T hi) { return cuda::std::clamp(v, lo, hi); }
#define CLAMP01(v) std::clamp(v, 0, 1)
// FIX: {{^}}#define CLAMP01(v) cuda::std::clamp(v, 0, 1)
__device__ int bit(int v) { return CLAMP01(v); }
// MSG: {{.*}}:[[@LINE-1]]:36: warning: use 'cuda::std::clamp' instead of 'std::clamp' in device code (libcu++ declares it only in its internal header <cuda/std/__algorithm/clamp.h>) [std-to-cuda-std]

__global__ void kernel(float *f, int *i) {
  f[0] = saturate(f[0]) + bounded(f[1], -1.0f, 1.0f);
  i[0] = bit(i[0]);
}

// No match: host code.
int host(int v) { return std::clamp(v, 0, 9); }
// FIX: {{^}}int host(int v) { return std::clamp(v, 0, 9); }


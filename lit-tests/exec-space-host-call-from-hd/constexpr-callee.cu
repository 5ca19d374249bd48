// A constexpr callee belongs to constexpr-host-call when both rules run;
// alone, this rule handles it (nvcc warning #20013-D).
// RUN: %check_cuda_lower --match-full-lines %s exec-space-host-call-from-hd %t
// RUN: %strip-checks %s > %t.cu
// RUN: %cuda-lower --rules=exec-space-host-call-from-hd,constexpr-host-call %t.cu > %t.both.cu 2> %t.both.err
// RUN: FileCheck %s --input-file=%t.both.err --check-prefix=BOTH --implicit-check-not=warning: --implicit-check-not=error:
// RUN: diff %t/constexpr-callee.out.cu %t.both.cu

constexpr int half(int x) { return x / 2; }
// CHECK-FIXES: __host__ __device__ constexpr int half(int x) { return x / 2; }
__host__ __device__ int quarter(int x) { return half(half(x)); }
// BOTH: [[@LINE-1]]:49: warning: constexpr function 'half' called from __host__ __device__ function 'quarter' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
// BOTH: [[@LINE-2]]:54: warning: constexpr function 'half' called from __host__ __device__ function 'quarter' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
// CHECK-MESSAGES: [[@LINE-3]]:49: warning: __host__ function 'half' called from __host__ __device__ function 'quarter'; nvcc only warns (#20013-D) and the GPU code is wrong [exec-space-host-call-from-hd]
// CHECK-MESSAGES: [[@LINE-4]]:54: warning: __host__ function 'half' called from __host__ __device__ function 'quarter'; nvcc only warns (#20013-D) and the GPU code is wrong [exec-space-host-call-from-hd]

// Macro case: the caller is written by a macro.
#define QUARTER_OF(name) __host__ __device__ int name(int x) { return half(half(x)); }
QUARTER_OF(quarter2)
// BOTH: [[@LINE-1]]:1: warning: constexpr function 'half' called from __host__ __device__ function 'quarter2' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
// CHECK-MESSAGES: [[@LINE-2]]:1: warning: __host__ function 'half' called from __host__ __device__ function 'quarter2'; nvcc only warns (#20013-D) and the GPU code is wrong [exec-space-host-call-from-hd]

// Template case, and a no-match case: a host template calling it.
template <typename T> __host__ __device__ T eighth(T x) { return half(quarter(x)); }
// BOTH: [[@LINE-1]]:66: warning: constexpr function 'half' called from __host__ __device__ function 'eighth' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
// CHECK-MESSAGES: [[@LINE-2]]:66: warning: __host__ function 'half' called from __host__ __device__ function 'eighth'; nvcc only warns (#20013-D) and the GPU code is wrong [exec-space-host-call-from-hd]
template <typename T> T host_eighth(T x) { return half(quarter(x)); }
int use(int x) { return eighth(x) + host_eighth(x); }

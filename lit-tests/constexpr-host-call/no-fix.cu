// Calls that cannot be fixed by annotating the callee: only diagnostics.
// RUN: %check_cuda_lower --no-compile %s constexpr-host-call %t -- --no-verify
// With every rule on, what no rule could fix still needs --expt-relaxed-constexpr
// (clamp_up's std::max is std-to-cuda-std's): verification says where, exit 1.
// RUN: %expect-exit 1 %cuda-lower %s 2>&1 >/dev/null | FileCheck %s --check-prefix=VERIFY
// VERIFY-NOT: no-fix.cu:21:44: {{.*}}'std::max' {{.*}}[verify]
// VERIFY: no-fix.cu:30:43: error: constexpr function 'host_ptr' is a host function for nvcc and is called from device code; plain nvcc needs --expt-relaxed-constexpr here; it is declared in {{.*}}no-fix.cu:{{[0-9]+}} [verify]
// VERIFY: no-fix.cu:41:64: error: constexpr function 'checked_twice' {{.*}} [verify]
// VERIFY: no-fix.cu:52:35: error: constexpr function 'two' {{.*}} [verify]
#include <algorithm>
#include <limits>

// Standard library functions cannot be annotated: name the alternatives.
__device__ float clamp01(float x) { return std::min(x, 1.0f); }
// CHECK-MESSAGES: [[@LINE-1]]:49: warning: constexpr function 'std::min' called from __device__ function 'clamp01' is not __device__ (nvcc needs --expt-relaxed-constexpr); it is declared outside the project: call its cuda::std equivalent, write a __host__ __device__ replacement, or build with --expt-relaxed-constexpr [constexpr-host-call]

__device__ float biggest() { return std::numeric_limits<float>::max(); }
// CHECK-MESSAGES: [[@LINE-1]]:65: warning: constexpr function 'std::numeric_limits<float>::max' called from __device__ function 'biggest' is not __device__ (nvcc needs --expt-relaxed-constexpr); it is declared outside the project: call its cuda::std equivalent, write a __host__ __device__ replacement, or build with --expt-relaxed-constexpr [constexpr-host-call]

// A user function that calls one.
constexpr float clamp_up(float x) { return std::max(x, 0.0f); }
__device__ float use_clamp(float x) { return clamp_up(x); }
// CHECK-MESSAGES: [[@LINE-1]]:46: warning: constexpr function 'clamp_up' called from __device__ function 'use_clamp' is not __device__ (nvcc needs --expt-relaxed-constexpr); it cannot be made __host__ __device__ because it calls 'std::max', which is declared outside the project [constexpr-host-call]
// CHECK-MESSAGES: :[[@LINE-3]]:49: note: 'clamp_up' calls 'std::max' here

// The guide's examples of bodies that cannot run on the GPU (§5.3.11.3):
// host variables, exceptions.
int host_var1, host_var2;
constexpr int *host_ptr(bool b) { return b ? &host_var1 : &host_var2; }
__device__ int deref(bool flag) { return *host_ptr(flag); }
// CHECK-MESSAGES: [[@LINE-1]]:43: warning: constexpr function 'host_ptr' called from __device__ function 'deref' is not __device__ (nvcc needs --expt-relaxed-constexpr); it cannot be made __host__ __device__ because it uses host variable 'host_var1' [constexpr-host-call]
// CHECK-MESSAGES: :[[@LINE-3]]:47: note: 'host_ptr' uses host variable 'host_var1' here; device code cannot access it

int validate(int x) {
  if (x < 0)
    throw x;
  return x;
}
constexpr int checked(int x) { return x >= 0 ? x : validate(x); }
constexpr int checked_twice(int x) { return checked(x) * 2; }
template <typename T> __device__ T twice_checked(T x) { return checked_twice(x); }
// CHECK-MESSAGES: [[@LINE-1]]:64: warning: constexpr function 'checked_twice' called from __device__ function 'twice_checked' is not __device__ (nvcc needs --expt-relaxed-constexpr); it cannot be made __host__ __device__ because it calls 'validate', which throws an exception [constexpr-host-call]
// CHECK-MESSAGES: :[[@LINE-3]]:45: note: 'checked_twice' calls 'checked' here
// CHECK-MESSAGES: :[[@LINE-5]]:52: note: 'checked' calls 'validate' here
// CHECK-MESSAGES: :[[@LINE-9]]:5: note: 'validate' throws an exception here; device code does not support exceptions
__global__ void kernel(int *p) { p[0] = twice_checked(p[1]); }

// A macro that defines two functions: the second does not start where the
// macro is used, so no annotation can be placed.
#define TWO_CONSTANTS constexpr int one() { return 1; } constexpr int two() { return 2; }
TWO_CONSTANTS
__device__ int use_two() { return two(); }
// CHECK-MESSAGES: [[@LINE-1]]:35: warning: constexpr function 'two' called from __device__ function 'use_two' is not __device__ (nvcc needs --expt-relaxed-constexpr) (not rewritten: the code to change comes from a macro expansion) [constexpr-host-call]

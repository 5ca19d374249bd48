// RUN: %check_cuda_lower --no-compile %s constexpr-global,std-to-cuda-std %t
// Suppression comments: a suppressed finding is not reported and its fix is
// not applied; the others are, on the same lines too.
#include <cmath>
// CHECK-FIXES: #include <cuda/std/cmath>

constexpr __global__ void a(float *p) {} // cuda-lower: ignore
// CHECK-FIXES: constexpr __global__ void a(float *p) {} // cuda-lower: ignore

// cuda-lower: ignore-next-line
constexpr __global__ void b(float *p) {}
// CHECK-FIXES: constexpr __global__ void b(float *p) {}

// Naming a rule suppresses only that rule; globs as in --warnings-as-errors.
constexpr __global__ void c(float *p) { p[0] = std::sqrt(p[0]); } // cuda-lower: ignore(std-to-cuda-std)
// CHECK-MESSAGES: [[@LINE-1]]:27: warning: __global__ function 'c' cannot be constexpr (§5.3.11.3) [constexpr-global]
// CHECK-FIXES: __global__ void c(float *p) { p[0] = std::sqrt(p[0]); } // cuda-lower: ignore(std-to-cuda-std)
constexpr __global__ void d(float *p) { p[0] = std::sqrt(p[0]); } /* cuda-lower: ignore(constexpr-*, lower-extended-lambda) */
// CHECK-MESSAGES: [[@LINE-1]]:48: warning: use 'cuda::std::sqrt' instead of 'std::sqrt' in device code [std-to-cuda-std]
// CHECK-FIXES: constexpr __global__ void d(float *p) { p[0] = cuda::std::sqrt(p[0]); } /* cuda-lower: ignore(constexpr-*, lower-extended-lambda) */

// cuda-lower: ignore-begin
constexpr __global__ void e(float *p) {}
// cuda-lower: ignore-begin(std-to-cuda-std)
__device__ float f(float x) { return std::sqrt(x); }
// cuda-lower: ignore-end(std-to-cuda-std)
__device__ float g(float x) { return std::sqrt(x); }
// cuda-lower: ignore-end
// CHECK-FIXES: constexpr __global__ void e(float *p) {}
// CHECK-FIXES: __device__ float f(float x) { return std::sqrt(x); }
// CHECK-FIXES: __device__ float g(float x) { return std::sqrt(x); }

// After the range, findings are reported again; a macro case: the comment
// is on the line of the finding, not of the macro's definition.
#define KERNEL constexpr __global__
constexpr __global__ void h(float *p) {}
// CHECK-MESSAGES: [[@LINE-1]]:27: warning: __global__ function 'h' cannot be constexpr (§5.3.11.3) [constexpr-global]
// CHECK-FIXES: __global__ void h(float *p) {}
KERNEL void i(float *p) {} // cuda-lower: ignore(constexpr-global)
// CHECK-FIXES: KERNEL void i(float *p) {} // cuda-lower: ignore(constexpr-global)

// A template: one comment covers every instantiation.
template <typename T> __device__ T root(T x) { return std::sqrt(x); } // cuda-lower: ignore
__global__ void use(float *p, double *q) { p[0] = root(p[0]); q[0] = root(q[0]); }
// CHECK-FIXES: template <typename T> __device__ T root(T x) { return std::sqrt(x); } // cuda-lower: ignore

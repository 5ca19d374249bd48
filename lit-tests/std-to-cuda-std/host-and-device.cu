// std::min from host code stays; from a __host__ __device__ function it is
// rewritten (to CUDA's ::min for two ints, else cuda::std::min), and both
// still work on the host. Constexpr functions
// without attributes are host code for nvcc, whatever Clang infers.
// RUN: %check_cuda_lower %s std-to-cuda-std %t
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <type_traits>

int host_min(int a, int b) { return std::min(a, b); }
// CHECK-FIXES: {{^}}int host_min(int a, int b) { return std::min(a, b); }
__host__ int explicit_host(int a, int b) { return std::max(a, b); }
// CHECK-FIXES: {{^}}__host__ int explicit_host(int a, int b) { return std::max(a, b); }
constexpr int implicit_hd(int a, int b) { return std::min(a, b); }
// CHECK-FIXES: {{^}}constexpr int implicit_hd(int a, int b) { return std::min(a, b); }

__host__ __device__ int both(int a, int b) { return std::min(a, b); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:53: warning: use '::min' instead of 'std::min' in device code (CUDA's integer overload: same result, no header) [std-to-cuda-std]
// CHECK-FIXES: {{^}}__host__ __device__ int both(int a, int b) { return ::min(a, b); }
template <typename T> __host__ __device__ T at_least_zero(T v) { return std::max(v, T(0)); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:73: warning: use 'cuda::std::max' instead of 'std::max' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}template <typename T> __host__ __device__ T at_least_zero(T v) { return cuda::std::max(v, T(0)); }
#define BOTH_MIN(a, b) std::min(a, b)
// CHECK-FIXES: {{^}}#define BOTH_MIN(a, b) cuda::std::min(a, b)
__host__ __device__ int via_macro(int a, int b) { return BOTH_MIN(a, b); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:58: warning: use 'cuda::std::min' instead of 'std::min' in device code [std-to-cuda-std]

// A macro declaring functions (Kokkos's math functions): each use in its body
// is a finding of its own, rewritten once in the definition.
#define BINARY(F, OP)                                                         \
  template <class A, class B>                                                 \
  __host__ __device__ std::enable_if_t<std::is_arithmetic_v<A> &&             \
                                           std::is_arithmetic_v<B>, double>   \
  F(A a, B b) { return double(a) OP double(b); }
// CHECK-FIXES: {{^}}  __host__ __device__ std::enable_if_t<cuda::std::is_arithmetic_v<A> &&             \
// CHECK-FIXES: {{^}}                                           cuda::std::is_arithmetic_v<B>, double>   \
BINARY(plus, +)
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:1: warning: use 'cuda::std::enable_if_t' instead of 'std::enable_if_t' in device code (not rewritten: the code to change comes from a macro expansion) [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-2]]:1: warning: use 'cuda::std::is_arithmetic_v' instead of 'std::is_arithmetic_v' in device code [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-3]]:1: warning: use 'cuda::std::is_arithmetic_v' instead of 'std::is_arithmetic_v' in device code [std-to-cuda-std]
BINARY(times, *)
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:1: warning: use 'cuda::std::enable_if_t' instead of 'std::enable_if_t' in device code (not rewritten: the code to change comes from a macro expansion) [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-2]]:1: warning: use 'cuda::std::is_arithmetic_v' instead of 'std::is_arithmetic_v' in device code [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-3]]:1: warning: use 'cuda::std::is_arithmetic_v' instead of 'std::is_arithmetic_v' in device code [std-to-cuda-std]

__host__ __device__ void report(int v) {
#ifndef __CUDA_ARCH__
  // Host-only branch of a __host__ __device__ function: never on the GPU.
  std::cout << v << std::endl;
// CHECK-FIXES: {{^}}  std::cout << v << std::endl;
#else
  printf("%d\n", std::max(v, 0));
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:18: warning: use '::max' instead of 'std::max' in device code (CUDA's integer overload: same result, no header) [std-to-cuda-std]
// CHECK-FIXES: {{^}}  printf("%d\n", ::max(v, 0));
#endif
}

__global__ void kernel(int *out, int a, int b) {
  *out = both(a, b) + at_least_zero(a) + via_macro(a, b) + int(plus(a, 0.5f) * times(b, 2));
  report(*out);
}

int main() {
  auto host_lambda = [](int a, int b) { return std::min(a, b); };
// CHECK-FIXES: {{^}}  auto host_lambda = [](int a, int b) { return std::min(a, b); };
  std::printf("%d %d %d %d\n", host_min(1, 2), explicit_host(1, 2), both(3, 4), host_lambda(5, 6));
  report(implicit_hd(7, 8) + at_least_zero(-1) + via_macro(1, 2) + BOTH_MIN(3, 4) + int(plus(1, 2)));
  return 0;
}


// std::min and std::max of two integers of one type become CUDA's own
// ::min and ::max (crt/math_functions.hpp, __host__ __device__, in every
// CUDA compilation): the same value, and no libcu++ header for nvcc to
// compile. Other arithmetic types (floating point: CUDA's overloads are
// fminf/fmaxf, which drop a NaN; narrow types: they would be promoted)
// get std::min's own definition as a conditional, when reading each
// argument twice reads the same. Everything else keeps cuda::std with its
// header: a result bound to a reference, explicit template arguments, an
// argument with side effects, and every constant-evaluated use (CUDA's
// overloads are not constexpr).
// RUN: %check_cuda_lower %s std-to-cuda-std %t
// With HeaderFreeMinMax=false every call keeps the cuda::std spelling.
// RUN: %strip-checks %s > %t.off.cu
// RUN: %cuda-lower --rules=std-to-cuda-std --rule-option std-to-cuda-std.HeaderFreeMinMax=false %t.off.cu > %t.off.out.cu 2> %t.off.err
// RUN: FileCheck %s --input-file=%t.off.out.cu --check-prefix=OFF
// RUN: %nvcc -c %t.off.out.cu -o %t.off.o
#include <algorithm>
#include <cstdio>

// CHECK-FIXES: {{^}}#include <cuda/std/{{[a-z_]+}}>

__device__ int clamp_index(int i, int n) { return std::max(0, std::min(i, n - 1)); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:51: warning: use '::max' instead of 'std::max' in device code (CUDA's integer overload: same result, no header) [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-2]]:63: warning: use 'cuda::std::min' instead of 'std::min' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ int clamp_index(int i, int n) { return ::max(0, cuda::std::min(i, n - 1)); }

__device__ constexpr long widest(long a, long b) { return std::max(a, b); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:59: warning: use 'cuda::std::max' instead of 'std::max' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ constexpr long widest(long a, long b) { return cuda::std::max(a, b); }

__global__ void kernel(unsigned long long *u, float *f, short *s, int *out) {
  int i = threadIdx.x;
  u[i] = ::std::min(u[i], u[i + 1]);
  // CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:12: warning: use '::min' instead of 'std::min' in device code (CUDA's integer overload: same result, no header) [std-to-cuda-std]
  // CHECK-FIXES: {{^}}  u[i] = ::min(u[i], u[i + 1]);
  // OFF: {{^}}  u[i] = ::cuda::std::min(u[i], u[i + 1]);
  f[i] = std::min(f[i], 1.0f);
  // CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:10: warning: use a conditional expression instead of 'std::min' in device code (its own definition: same result, no header) [std-to-cuda-std]
  // CHECK-FIXES: {{^}}  f[i] = (1.0f < f[i] ? 1.0f : f[i]);
  // OFF: {{^}}  f[i] = cuda::std::min(f[i], 1.0f);
  s[i] = std::max(s[i], s[i + 1]);
  // CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:10: warning: use a conditional expression instead of 'std::max' in device code (its own definition: same result, no header) [std-to-cuda-std]
  // CHECK-FIXES: {{^}}  s[i] = (s[i] < s[i + 1] ? s[i + 1] : s[i]);
  f[i] = std::max(f[i++], 0.0f);
  // CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:10: warning: use 'cuda::std::max' instead of 'std::max' in device code [std-to-cuda-std]
  // CHECK-FIXES: {{^}}  f[i] = cuda::std::max(f[i++], 0.0f);
  const int &r = std::min(out[0], out[1]);
  // CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:18: warning: use 'cuda::std::min' instead of 'std::min' in device code [std-to-cuda-std]
  // CHECK-FIXES: {{^}}  const int &r = cuda::std::min(out[0], out[1]);
  out[i] = r + clamp_index(i, 8) + int(widest(1, 2)) + std::max<int>(i, 3);
  // CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:56: warning: use 'cuda::std::max' instead of 'std::max' in device code [std-to-cuda-std]
  // CHECK-FIXES: {{^}}  out[i] = r + clamp_index(i, 8) + int(widest(1, 2)) + cuda::std::max<int>(i, 3);
}

int main() {
  // Host code keeps std::min.
  printf("%d\n", std::min(1, 2));
  // CHECK-FIXES: {{^}}  printf("%d\n", std::min(1, 2));
}

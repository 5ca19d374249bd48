// Types that host code shares are reported, and rewritten only with
// RewriteInterfaceTypes=true: the rewrite changes what host code passes.
// The default output keeps std:: where device code uses such types, as the
// original did, so it builds with the flags the original needed.
// RUN: %check_cuda_lower --nvcc-arg=--extended-lambda --nvcc-arg=--expt-relaxed-constexpr %s std-to-cuda-std %t -- --no-verify
// RUN: %strip-checks %s > %t.cu
// RUN: %cuda-lower --rules=std-to-cuda-std --rule-option std-to-cuda-std.RewriteInterfaceTypes=true %t.cu > %t.opt.cu 2> %t.opt.err
// RUN: FileCheck %s --input-file=%t.opt.cu --check-prefix=CHECK-FIXES-OPT
// RUN: %nvcc -c %t.opt.cu -o %t.opt.o
// RUN: %idempotent %t.opt.cu --rules=std-to-cuda-std --rule-option std-to-cuda-std.RewriteInterfaceTypes=true
#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

struct Params {
  std::array<int, 3> dims;
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:3: warning: 'std::array' in a data member is a type host code shares; not rewritten to 'cuda::std::array', as that changes the interface (set std-to-cuda-std.RewriteInterfaceTypes=true to rewrite it) [std-to-cuda-std]
// CHECK-FIXES-OPT: {{^}}  cuda::std::array<int, 3> dims;
  int scale;
};

__global__ void kernel(std::pair<int, int> range, Params p, int *out) {
// A kernel whose launches are all in this file (none here) takes the
// cuda::std class: see kernel-interface.cu.
// CHECK-MESSAGES: {{.*}}:[[@LINE-3]]:24: warning: 'std::pair' in a kernel parameter rewritten to 'cuda::std::pair' [std-to-cuda-std]
// CHECK-FIXES: {{^}}__global__ void kernel(cuda::std::pair<int, int> range, Params p, int *out) {
// CHECK-FIXES-OPT: {{^}}__global__ void kernel(cuda::std::pair<int, int> range, Params p, int *out) {
  out[0] = range.first + range.second + p.scale;
  out[1] = std::get<0>(range) + p.dims[0];
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:12: warning: use 'cuda::std::get' instead of 'std::get' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}  out[1] = cuda::std::get<0>(range) + p.dims[0];
// CHECK-FIXES-OPT: {{^}}  out[1] = cuda::std::get<0>(range) + p.dims[0];
}

__host__ __device__ std::pair<int, int> swap_pair(std::pair<int, int> v) {
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:21: warning: 'std::pair' in the signature of a __host__ __device__ function is a type host code shares; not rewritten to 'cuda::std::pair', as that changes the interface (set std-to-cuda-std.RewriteInterfaceTypes=true to rewrite it) [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-2]]:51: warning: 'std::pair' in the signature of a __host__ __device__ function is a type host code shares; not rewritten to 'cuda::std::pair', as that changes the interface (set std-to-cuda-std.RewriteInterfaceTypes=true to rewrite it) [std-to-cuda-std]
// CHECK-FIXES-OPT: {{^}}__host__ __device__ cuda::std::pair<int, int> swap_pair(cuda::std::pair<int, int> v) {
  return {v.second, v.first};
}

#define PAIR_OF_INT std::pair<int, int>
__global__ void from_macro(PAIR_OF_INT r, int *out) { *out = r.first; }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:28: warning: 'std::pair' in a kernel parameter is a type host code shares; not rewritten to 'cuda::std::pair', as that changes the interface (set std-to-cuda-std.RewriteInterfaceTypes=true to rewrite it) (its launches cannot be converted: the parameter is written in a macro) [std-to-cuda-std]

template <typename T>
__global__ void traits_only(std::enable_if_t<std::is_integral_v<T>, T> v, T *out) { *out = v; }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:29: warning: use 'cuda::std::enable_if_t' instead of 'std::enable_if_t' in device code [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-2]]:46: warning: use 'cuda::std::is_integral_v' instead of 'std::is_integral_v' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__global__ void traits_only(cuda::std::enable_if_t<cuda::std::is_integral_v<T>, T> v, T *out) { *out = v; }
// CHECK-FIXES-OPT: {{^}}__global__ void traits_only(cuda::std::enable_if_t<cuda::std::is_integral_v<T>, T> v, T *out) { *out = v; }

// No match: a fundamental alias crosses as the same type; host code is left.
__global__ void sizes(std::size_t n, int *out) { *out = int(n); }
std::pair<int, int> host_side(std::pair<int, int> v) { return v; }
// CHECK-FIXES: {{^}}__global__ void sizes(std::size_t n, int *out) { *out = int(n); }
// CHECK-FIXES-NEXT: {{^}}std::pair<int, int> host_side(std::pair<int, int> v) { return v; }
// CHECK-FIXES-OPT: {{^}}__global__ void sizes(std::size_t n, int *out) { *out = int(n); }
// CHECK-FIXES-OPT-NEXT: {{^}}std::pair<int, int> host_side(std::pair<int, int> v) { return v; }


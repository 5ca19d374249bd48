// Bodies of __device__ and __host__ __device__ lambdas are device code, as
// are lambdas without attributes inside device functions; a lambda without
// attributes in host code is host code. Checked as text: lowering the
// lambdas is lower-extended-lambda's job, which carries these edits along.
// RUN: %check_cuda_lower --nvcc-arg=--extended-lambda %s std-to-cuda-std %t -- --no-verify
#include <algorithm>
#include <cmath>

template <typename F> __global__ void apply(F f, float *x) { x[threadIdx.x] = f(x[threadIdx.x]); }

#define SQUARE_ROOT(v) std::sqrt(v)
// CHECK-FIXES: {{^}}#define SQUARE_ROOT(v) cuda::std::sqrt(v)

template <typename T> void launch(T *x) {
  auto dev = [] __device__ (T v) { return std::max(v, T(0)); };
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:43: warning: use 'cuda::std::max' instead of 'std::max' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}  auto dev = [] __device__ (T v) { return cuda::std::max(v, T(0)); };
  apply<<<1, 32>>>(dev, x);
}

void host(float *x) {
  auto dev = [] __device__ (float v) { return std::sqrt(v); };
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:47: warning: use 'cuda::std::sqrt' instead of 'std::sqrt' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}  auto dev = [] __device__ (float v) { return cuda::std::sqrt(v); };
  auto both = [] __host__ __device__ (float v) { return std::exp(v); };
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:57: warning: use 'cuda::std::exp' instead of 'std::exp' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}  auto both = [] __host__ __device__ (float v) { return cuda::std::exp(v); };
  auto on_host = [](float v) { return std::exp(v); };
// CHECK-FIXES: {{^}}  auto on_host = [](float v) { return std::exp(v); };
  auto outer = [] __device__ (float v) {
    auto inner = [](float w) { return std::abs(w); };
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:39: warning: use 'cuda::std::abs' instead of 'std::abs' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}    auto inner = [](float w) { return cuda::std::abs(w); };
    return inner(v) + SQUARE_ROOT(v);
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:23: warning: use 'cuda::std::sqrt' instead of 'std::sqrt' in device code [std-to-cuda-std]
  };
  apply<<<1, 32>>>(dev, x);
  apply<<<1, 32>>>(both, x);
  apply<<<1, 32>>>(outer, x);
  x[0] = on_host(x[1]) + both(x[2]);
  launch(x);
}


// RUN: %check_cuda_lower --match-full-lines %s exec-space-host-call-from-hd %t

// A __host__ __device__ function calling a __host__ function: nvcc warns
// (#20011-D) and the GPU code is wrong. The callee, and what it calls, are
// made __host__ __device__.
int scale(int x);
// CHECK-FIXES: __host__ __device__ int scale(int x);
int offset(int x) { return x + 7; }
// CHECK-FIXES: __host__ __device__ int offset(int x) { return x + 7; }
int scale(int x) { return offset(x) * 3; }
// CHECK-FIXES: __host__ __device__ int scale(int x) { return offset(x) * 3; }

__host__ __device__ int transform(int x) { return scale(x); }
// CHECK-MESSAGES: [[@LINE-1]]:51: warning: __host__ function 'scale' called from __host__ __device__ function 'transform'; nvcc only warns (#20011-D) and the GPU code is wrong [exec-space-host-call-from-hd]
// CHECK-MESSAGES: :[[@LINE-5]]:27: note: 'offset' is called here and is made __host__ __device__ too

// Members: constructor, member function, operator, static member; an
// inline caller.
struct Acc {
  int sum;
  explicit Acc(int s) : sum(s) {}
  // CHECK-FIXES: __host__ __device__ explicit Acc(int s) : sum(s) {}
  void add(int v) { sum += v; }
  // CHECK-FIXES: __host__ __device__ void add(int v) { sum += v; }
  Acc operator*(int k) const { return Acc(sum * k); }
  // CHECK-FIXES: __host__ __device__ Acc operator*(int k) const { return Acc(sum * k); }
  static int identity() { return 0; }
  // CHECK-FIXES: __host__ __device__ static int identity() { return 0; }
};
inline __host__ __device__ int accumulate(const int *v, int n) {
  Acc a(Acc::identity());
  // CHECK-MESSAGES: [[@LINE-1]]:7: warning: __host__ function 'Acc::Acc' called from __host__ __device__ function 'accumulate'; nvcc only warns (#20011-D) and the GPU code is wrong [exec-space-host-call-from-hd]
  // CHECK-MESSAGES: [[@LINE-2]]:14: warning: __host__ function 'Acc::identity' called from __host__ __device__ function 'accumulate'; nvcc only warns (#20011-D) and the GPU code is wrong [exec-space-host-call-from-hd]
  for (int i = 0; i < n; ++i)
    a.add(v[i]);
  // CHECK-MESSAGES: [[@LINE-1]]:7: warning: __host__ function 'Acc::add' called from __host__ __device__ function 'accumulate'; nvcc only warns (#20011-D) and the GPU code is wrong [exec-space-host-call-from-hd]
  return (a * 2).sum;
  // CHECK-MESSAGES: [[@LINE-1]]:13: warning: __host__ function 'Acc::operator*' called from __host__ __device__ function 'accumulate'; nvcc only warns (#20011-D) and the GPU code is wrong [exec-space-host-call-from-hd]
}

// Template case: a host function template is annotated once, in its
// pattern. nvcc warns about every instantiation of a __host__ __device__
// template, even one only used on the host.
template <typename T> T square(T x) { return x * x; }
// CHECK-FIXES: template <typename T> __host__ __device__ T square(T x) { return x * x; }
int cube(int x) { return x * x * x; }
// CHECK-FIXES: __host__ __device__ int cube(int x) { return x * x * x; }
template <typename T> __host__ __device__ T power_sum(T x) { return square(x) + cube(x); }
// CHECK-MESSAGES: [[@LINE-1]]:69: warning: __host__ function 'square' called from __host__ __device__ function 'power_sum'; nvcc only warns (#20011-D) and the GPU code is wrong [exec-space-host-call-from-hd]
// CHECK-MESSAGES: [[@LINE-2]]:81: warning: __host__ function 'cube' called from __host__ __device__ function 'power_sum'; nvcc only warns (#20011-D) and the GPU code is wrong [exec-space-host-call-from-hd]
int negate(int x) { return -x; }
// CHECK-FIXES: __host__ __device__ int negate(int x) { return -x; }
template <typename T> __host__ __device__ T host_use(T x) { return negate(x); }
// CHECK-MESSAGES: [[@LINE-1]]:68: warning: __host__ function 'negate' called from __host__ __device__ function 'host_use'; nvcc only warns (#20011-D) and the GPU code is wrong [exec-space-host-call-from-hd]
int call_host_use() { return host_use(3); }
__global__ void kernel(int *out, const int *in, int n) {
  out[0] = transform(in[0]) + accumulate(in, n) + power_sum(in[1]);
}

// Macro case: a call written in a macro is reported where the macro is
// used; a function defined by a macro is annotated where the macro is used.
#define DEFINE_TWICE(name) int name(int x) { return 2 * x; }
DEFINE_TWICE(twice)
// CHECK-FIXES: __host__ __device__ DEFINE_TWICE(twice)
#define TWICE_PLUS_ONE(x) (twice(x) + 1)
__host__ __device__ int use_macro(int x) { return TWICE_PLUS_ONE(x); }
// CHECK-MESSAGES: [[@LINE-1]]:51: warning: __host__ function 'twice' called from __host__ __device__ function 'use_macro'; nvcc only warns (#20011-D) and the GPU code is wrong [exec-space-host-call-from-hd]

// No match: host code calling host code, __host__ __device__ functions
// calling __host__ __device__ ones, host calls that nvcc compiles for the
// host only (#ifndef __CUDA_ARCH__).
int host_only(int x) { return x - 1; }
// CHECK-FIXES: int host_only(int x) { return x - 1; }
int host_caller(int x) { return host_only(x) + scale(x); }
__host__ __device__ int guarded(int x) {
#ifndef __CUDA_ARCH__
  x = host_only(x);
#endif
  return transform(x);
}

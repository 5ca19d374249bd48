// RUN: %check_cuda_lower --match-full-lines %s constexpr-host-call %t

// The guide's example (§5.3.11.3): a constexpr function without __device__
// called from device code.
constexpr int host_func() { return 0; }
// CHECK-FIXES: __host__ __device__ constexpr int host_func() { return 0; }

__device__ int dmain() {
  int x = host_func();
  // CHECK-MESSAGES: [[@LINE-1]]:11: warning: constexpr function 'host_func' called from __device__ function 'dmain' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
  return x;
}

// Every declaration is annotated, and the constexpr functions it calls too.
constexpr int inner(int x) { return x + 1; }
// CHECK-FIXES: __host__ __device__ constexpr int inner(int x) { return x + 1; }
constexpr int outer(int x);
// CHECK-FIXES: __host__ __device__ constexpr int outer(int x);
constexpr int outer(int x) { return inner(x) * 2; }
// CHECK-FIXES: __host__ __device__ constexpr int outer(int x) { return inner(x) * 2; }

__global__ void kernel(int *out) { out[0] = outer(out[1]); }
// CHECK-MESSAGES: [[@LINE-1]]:45: warning: constexpr function 'outer' called from __global__ function 'kernel' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
// CHECK-MESSAGES: :[[@LINE-5]]:37: note: 'inner' is called here and is made __host__ __device__ too

// Members: constructor, member function, operator, friend, static member,
// out-of-line definition.
struct Vec {
  int x, y;
  constexpr Vec(int x, int y) : x(x), y(y) {}
  // CHECK-FIXES: __host__ __device__ constexpr Vec(int x, int y) : x(x), y(y) {}
  [[nodiscard]] constexpr int dot(Vec o) const;
  // CHECK-FIXES: __host__ __device__ {{\[\[}}nodiscard{{\]\]}} constexpr int dot(Vec o) const;
  constexpr Vec operator+(Vec o) const { return {x + o.x, y + o.y}; }
  // CHECK-FIXES: __host__ __device__ constexpr Vec operator+(Vec o) const { return {x + o.x, y + o.y}; }
  friend constexpr bool operator==(Vec a, Vec b) { return a.x == b.x && a.y == b.y; }
  // CHECK-FIXES: __host__ __device__ friend constexpr bool operator==(Vec a, Vec b) { return a.x == b.x && a.y == b.y; }
  static constexpr Vec zero() { return {0, 0}; }
  // CHECK-FIXES: __host__ __device__ static constexpr Vec zero() { return {0, 0}; }
};
constexpr int Vec::dot(Vec o) const { return x * o.x + y * o.y; }
// CHECK-FIXES: __host__ __device__ constexpr int Vec::dot(Vec o) const { return x * o.x + y * o.y; }

// A __host__ __device__ caller: nvcc only warns (#20013-D), and computes
// wrong results on the GPU.
__host__ __device__ int length2(int x, int y) {
  Vec v(x, y);
  // CHECK-MESSAGES: [[@LINE-1]]:7: warning: constexpr function 'Vec::Vec' called from __host__ __device__ function 'length2' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
  Vec w = v + Vec::zero();
  // CHECK-MESSAGES: [[@LINE-1]]:13: warning: constexpr function 'Vec::operator+' called from __host__ __device__ function 'length2' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
  // CHECK-MESSAGES: [[@LINE-2]]:20: warning: constexpr function 'Vec::zero' called from __host__ __device__ function 'length2' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
  return (w == v) ? w.dot(v) : 0;
  // CHECK-MESSAGES: [[@LINE-1]]:13: warning: constexpr function 'operator==' called from __host__ __device__ function 'length2' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
  // CHECK-MESSAGES: [[@LINE-2]]:23: warning: constexpr function 'Vec::dot' called from __host__ __device__ function 'length2' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
}

// Without --expt-relaxed-constexpr nvcc rejects even calls that are
// constant-evaluated (constexpr variables, static_assert, array bounds,
// template arguments); only unevaluated operands are fine.
constexpr int size_for(int n) { return n * 4; }
// CHECK-FIXES: __host__ __device__ constexpr int size_for(int n) { return n * 4; }
template <int N> __device__ int first() { return N; }
__device__ int constant_contexts() {
  constexpr int n = size_for(2);
  // CHECK-MESSAGES: [[@LINE-1]]:21: warning: constexpr function 'size_for' called from __device__ function 'constant_contexts' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
  int buffer[size_for(1)] = {};
  // CHECK-MESSAGES: [[@LINE-1]]:14: warning: constexpr function 'size_for' called from __device__ function 'constant_contexts' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
  return n + buffer[0] + first<size_for(3)>() + sizeof(size_for(4));
  // CHECK-MESSAGES: [[@LINE-1]]:32: warning: constexpr function 'size_for' called from __device__ function 'constant_contexts' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
}

// Template case: the pattern is annotated, once for all specializations.
template <typename T> constexpr T twice(T v) { return v + v; }
// CHECK-FIXES: template <typename T> __host__ __device__ constexpr T twice(T v) { return v + v; }
template <typename T> struct Box {
  T value;
  constexpr T get() const;
  // CHECK-FIXES: __host__ __device__ constexpr T get() const;
};
template <typename T> constexpr T Box<T>::get() const { return twice(value); }
// CHECK-FIXES: template <typename T> __host__ __device__ constexpr T Box<T>::get() const { return twice(value); }
template <typename T> __device__ T unbox(Box<T> b) { return b.get() + twice(T(1)); }
// CHECK-MESSAGES: [[@LINE-1]]:63: warning: constexpr function 'Box::get' called from __device__ function 'unbox' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
// CHECK-MESSAGES: :[[@LINE-4]]:64: note: 'twice' is called here and is made __host__ __device__ too
// CHECK-MESSAGES: [[@LINE-3]]:71: warning: constexpr function 'twice' called from __device__ function 'unbox' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
__global__ void use_templates(int *out, float *f) {
  out[0] = unbox(Box<int>{3});
  f[0] = unbox(Box<float>{1.5f});
}

// Macro case: a function defined by a macro is annotated where the macro is
// used; a call written in a macro is found like any other.
#define DEFINE_CONSTANT(name, value) constexpr int name() { return value; }
DEFINE_CONSTANT(answer, 42)
// CHECK-FIXES: __host__ __device__ DEFINE_CONSTANT(answer, 42)
#define ANSWER_PLUS(x) (answer() + (x))
__device__ int use_macro(int x) { return ANSWER_PLUS(x); }
// CHECK-MESSAGES: [[@LINE-1]]:42: warning: constexpr function 'answer' called from __device__ function 'use_macro' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]

// No match: host callers, functions already __device__, calls in sizeof.
constexpr int host_only(int x) { return x - 1; }
// CHECK-FIXES: constexpr int host_only(int x) { return x - 1; }
int host_caller(int x) { return host_only(x) + outer(x); }
__host__ __device__ constexpr int both(int x) { return x; }
__device__ int device_caller(int x) { return both(x) + sizeof(host_only(x)); }

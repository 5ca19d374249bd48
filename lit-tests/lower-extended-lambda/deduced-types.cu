// A captured variable declared `auto` (an iterator made by a helper, as in
// Thrust and moderngpu code) keeps its full, namespace-qualified type.
// RUN: %check_cuda_lower %s lower-extended-lambda %t
// A captured reference (by_alias, below) brings libcu++'s type traits:
// CHECK-FIXES: #include <cuda/std/type_traits>
// CHECK-FIXES-NEXT: template <class F> __global__ void apply(F f, int n) {

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

namespace lib {
template <class F> struct load_iterator {
  F f;
  __host__ __device__ int operator[](int i) const { return f(i); }
};
template <class F> load_iterator<F> make_load_iterator(F f) { return {f}; }
namespace detail { struct twice { __host__ __device__ int operator()(int i) const { return 2 * i; } }; }
} // namespace lib

// CHECK-FIXES: struct run_lambda_1 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   lib::load_iterator<lib::detail::twice> it;
void run(int n, int *out) {
  auto it = lib::make_load_iterator(lib::detail::twice{});
  apply<<<1, n>>>([=] __device__(int i) { out[i] = it[i]; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'run_lambda_1'
}

// Template case: `const auto` of a dependent helper result, explicitly captured.
// CHECK-FIXES: template <typename T>
// CHECK-FIXES-NEXT: struct scaled_lambda_1 {
// CHECK-FIXES-NEXT:   T *out;
// CHECK-FIXES-NEXT:   lib::load_iterator<lib::detail::twice> it;
template <typename T> void scaled(int n, T *out) {
  const auto it = lib::make_load_iterator(lib::detail::twice{});
  apply<<<1, n>>>([out, it] __device__(int i) { out[i] = T(it[i]); }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'scaled_lambda_1'
}
template void scaled<float>(int, float *);

// Macro case: the helper call is spelled through a macro.
#define MAKE_IT() lib::make_load_iterator(lib::detail::twice{})
// CHECK-FIXES: struct macro_lambda_1 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   lib::load_iterator<lib::detail::twice> it;
void macro(int n, int *out) {
  auto it = MAKE_IT();
  apply<<<1, n>>>([=] __device__(int i) { out[i] = it[i] + 1; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'macro_lambda_1'
}

// No-match case: a host lambda capturing the same iterator stays.
int host(int i) {
  auto it = lib::make_load_iterator(lib::detail::twice{});
  auto h = [=](int j) { return it[j]; };
  return h(i);
}
// CHECK-FIXES: auto h = [=](int j) { return it[j]; };

// A type built from a lambda lowered in the same run (an iterator or a
// `proclaim_return_type` wrapper around it) is named once lowered, but not
// in this run: the functor takes it as a template parameter, filled with
// decltype where the variable is in scope. One run reaches the fixed point.
// CHECK-FIXES: struct built_lambda_1 {
// CHECK-FIXES: template <class it_capture_t>
// CHECK-FIXES-NEXT: struct built_lambda_2 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   it_capture_t it;
// CHECK-FIXES: auto it = lib::make_load_iterator(built_lambda_1{});
// CHECK-FIXES: apply<<<1, n>>>(built_lambda_2<decltype(it)>{out, it}, n);
void built(int n, int *out) {
  auto it = lib::make_load_iterator([] __device__ (int i) { return 3 * i; });
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:37: warning: __device__ lambda lowered to functor 'built_lambda_1'
  apply<<<1, n>>>([=] __device__(int i) { out[i] = it[i]; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'built_lambda_2'
}

// A captured reference whose type is deduced in a template: the closure
// holds a copy of the object, of the referenced type (const kept), and an
// init-capture's copy has auto's type (decayed); decltype alone would name
// the reference, so the argument goes through libcu++'s trait.
struct Vec { int len; };
// CHECK-FIXES: template <class V, class alias_capture_t, class same_capture_t>
// CHECK-FIXES-NEXT: struct by_alias_lambda_1 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   alias_capture_t alias;
// CHECK-FIXES-NEXT:   same_capture_t same;
// CHECK-FIXES: template <class V, class copy_capture_t>
// CHECK-FIXES-NEXT: struct by_alias_lambda_2 {
// CHECK-FIXES-NEXT:   copy_capture_t copy;
// CHECK-FIXES: apply<<<1, 4>>>(by_alias_lambda_1<V, ::cuda::std::remove_reference_t<decltype(alias)>, ::cuda::std::remove_reference_t<decltype(same)>>{out, alias, same}, 4);
// CHECK-FIXES: apply<<<1, 4>>>(by_alias_lambda_2<V, ::cuda::std::decay_t<decltype(same)>>{same, out}, 4);
template <class V> void by_alias(V &v, int *out) {
  const auto &alias = v;
  auto &same = v;
  apply<<<1, 4>>>([=] __device__ (int i) { out[i] = alias.len + same.len; }, 4);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'by_alias_lambda_1'
  apply<<<1, 4>>>([copy = same, out] __device__ (int i) mutable { copy.len += i; out[i] = copy.len; }, 4);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'by_alias_lambda_2'
}
template void by_alias<Vec>(Vec &, int *);

// A captured variable declared `auto` (an iterator made by a helper, as in
// Thrust and moderngpu code) keeps its full, namespace-qualified type.
// RUN: %check_cuda_lower %s lower-extended-lambda %t

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

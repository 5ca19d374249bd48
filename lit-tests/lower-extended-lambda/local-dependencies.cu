// A local alias or constant the body uses is copied into the functor, and so
// is what that copy itself uses (moderngpu's kernel_merge: `enum { has_values
// = !std::is_same<val_t, empty_t>::value }` needs `val_t`), in source order.
// RUN: %check_cuda_lower %s lower-extended-lambda %t

#include <iterator>
#include <type_traits>

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

struct empty_t {};

// Template case.
// CHECK-FIXES: template <typename keys_it, typename vals_it>
// CHECK-FIXES-NEXT: struct merge_lambda_1 {
// CHECK-FIXES-NEXT:   typedef typename std::iterator_traits<keys_it>::value_type type_t;
// CHECK-FIXES-NEXT:   typedef typename std::iterator_traits<vals_it>::value_type val_t;
// CHECK-FIXES-NEXT:   enum { has_values = !std::is_same<val_t, empty_t>::value };
// CHECK-FIXES-NEXT:   keys_it keys;
// CHECK-FIXES-NEXT:   vals_it vals;
template <typename keys_it, typename vals_it>
void merge(keys_it keys, vals_it vals, int n) {
  typedef typename std::iterator_traits<keys_it>::value_type type_t;
  typedef typename std::iterator_traits<vals_it>::value_type val_t;
  enum { has_values = !std::is_same<val_t, empty_t>::value };
  auto k = [=] __device__(int i) {
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:12: warning: __device__ lambda lowered to functor 'merge_lambda_1'
    type_t key = keys[i];
    keys[i] = key + type_t(1);
    if (has_values)
      vals[i] = vals[i];
  };
  apply<<<1, n>>>(k, n);
}
template void merge<int *, float *>(int *, float *, int);

// A constant whose initialiser uses another local constant, through a macro.
#define TILE(n) (2 * (n))
// CHECK-FIXES: struct tile_lambda_1 {
// CHECK-FIXES-NEXT:   static constexpr int nt = 128;
// CHECK-FIXES-NEXT:   static constexpr int nv = TILE(nt);
// CHECK-FIXES-NEXT:   int *out;
void tile(int *out, int n) {
  constexpr int nt = 128;
  constexpr int nv = TILE(nt);
  apply<<<1, n>>>([=] __device__(int i) { out[i] = nv; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'tile_lambda_1'
}

// Locals declared several to a statement: the statement goes when only the
// lambda used all of them, else only the declarators it alone used.
// CHECK-FIXES: struct hash_lambda_1 {
// CHECK-FIXES-NEXT:   static constexpr unsigned int mul = 31u;
// CHECK-FIXES-NEXT:   static constexpr unsigned int add = 7u;
// CHECK-FIXES-NEXT:   unsigned int *out;
// CHECK-FIXES: void hash(unsigned *out, int n) {
// CHECK-FIXES-NEXT:   apply<<<1, n>>>(hash_lambda_1{out}, n);
void hash(unsigned *out, int n) {
  const unsigned mul = 31u, add = 7u;
  apply<<<1, n>>>([=] __device__(int i) { out[i] = i * mul + add; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'hash_lambda_1'
}
// CHECK-FIXES: struct shared_lambda_1 {
// CHECK-FIXES-NEXT:   static constexpr int lo = 1;
// CHECK-FIXES-NEXT:   static constexpr int hi = 9;
// CHECK-FIXES-NEXT:   static constexpr int *none = nullptr;
// CHECK-FIXES: int shared(int *out, int n) {
// CHECK-FIXES-NEXT:   constexpr int mid = 5;
// CHECK-FIXES-NEXT:   apply<<<1, n>>>(shared_lambda_1{out}, n);
// CHECK-FIXES:        return mid;
int shared(int *out, int n) {
  constexpr int lo = 1, mid = 5, hi = 9, *const none = nullptr;
  apply<<<1, n>>>([=] __device__(int i) { out[i] = none ? 0 : lo + hi; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'shared_lambda_1'
  return mid;
}

// An alias of an alias: the functor gets both, in source order, and a
// function-local alias the lambda alone used leaves the function.
// CHECK-FIXES: struct alias_chain_lambda_1 {
// CHECK-FIXES-NEXT:   using Elem = int;
// CHECK-FIXES-NEXT:   using Ptr = Elem *;
// CHECK-FIXES-NEXT:   typedef Ptr Out;
// CHECK-FIXES-NEXT:   Ptr p;
// CHECK-FIXES-NEXT:   Out q;
// CHECK-FIXES: void alias_chain(int *data, int n) {
// CHECK-FIXES-NEXT:   using Elem = int;
// CHECK-FIXES-NEXT:   using Ptr = Elem *;
// CHECK-FIXES-NEXT:   typedef Ptr Out;
// CHECK-FIXES-NEXT:   Ptr p = data;
// CHECK-FIXES-NEXT:   Out q = data + n;
// CHECK-FIXES-NEXT:   apply<<<1, n>>>(alias_chain_lambda_1{p, q}, n);
void alias_chain(int *data, int n) {
  using Elem = int;
  using Ptr = Elem *;
  typedef Ptr Out;
  Ptr p = data;
  Out q = data + n;
  apply<<<1, n>>>([=] __device__(int i) { p[i] = q[-1 - i]; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'alias_chain_lambda_1'
}

// No-match case: a host lambda using the same kind of locals stays.
int host_only() {
  typedef int T;
  enum { two = sizeof(T) > 2 ? 2 : 1 };
  auto h = [=](int v) { return v * two; };
  return h(3);
}
// CHECK-FIXES: auto h = [=](int v) { return v * two; };

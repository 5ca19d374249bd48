// A local alias or constant the body uses is copied into the functor, and so
// is what that copy itself uses (moderngpu's kernel_merge: `enum { has_values
// = !std::is_same<val_t, empty_t>::value }` needs `val_t`), in source order.
// RUN: %strip-checks %s > %t.cu
// RUN: %cuda-lower --rules=lower-extended-lambda %t.cu > %t.out.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.out.cu --check-prefix=FIX
// RUN: FileCheck %s --input-file=%t.err --check-prefix=MSG --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %nvcc -c %t.out.cu -o %t.o
// RUN: %idempotent %t.out.cu --rules=lower-extended-lambda

#include <iterator>
#include <type_traits>

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

struct empty_t {};

// Template case.
// FIX: template <typename keys_it, typename vals_it>
// FIX-NEXT: struct merge_lambda_1 {
// FIX-NEXT:   typedef typename std::iterator_traits<keys_it>::value_type type_t;
// FIX-NEXT:   typedef typename std::iterator_traits<vals_it>::value_type val_t;
// FIX-NEXT:   enum { has_values = !std::is_same<val_t, empty_t>::value };
// FIX-NEXT:   keys_it keys;
// FIX-NEXT:   vals_it vals;
template <typename keys_it, typename vals_it>
void merge(keys_it keys, vals_it vals, int n) {
  typedef typename std::iterator_traits<keys_it>::value_type type_t;
  typedef typename std::iterator_traits<vals_it>::value_type val_t;
  enum { has_values = !std::is_same<val_t, empty_t>::value };
  auto k = [=] __device__(int i) {
    // MSG: {{.*}}.cu:[[@LINE-1]]:12: warning: __device__ lambda lowered to functor 'merge_lambda_1'
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
// FIX: struct tile_lambda_1 {
// FIX-NEXT:   static constexpr int nt = 128;
// FIX-NEXT:   static constexpr int nv = TILE(nt);
// FIX-NEXT:   int *out;
void tile(int *out, int n) {
  constexpr int nt = 128;
  constexpr int nv = TILE(nt);
  apply<<<1, n>>>([=] __device__(int i) { out[i] = nv; }, n);
  // MSG: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'tile_lambda_1'
}

// No-match case: a host lambda using the same kind of locals stays.
int host_only() {
  typedef int T;
  enum { two = sizeof(T) > 2 ? 2 : 1 };
  auto h = [=](int v) { return v * two; };
  return h(3);
}
// FIX: auto h = [=](int v) { return v * two; };

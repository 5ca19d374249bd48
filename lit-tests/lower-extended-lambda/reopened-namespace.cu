// One namespace opened in several places (each header of a library opens
// `namespace amrex {` again): functors of same-named functions in different
// blocks get different names, as in one block.
// RUN: %check_cuda_lower %s lower-extended-lambda %t

template <class F> __global__ void apply(F f, int n) {
  int i = threadIdx.x;
  if (i < n)
    f(i);
}

namespace lib {
// CHECK-FIXES: struct fill_lambda_1 {
// CHECK-FIXES: apply<<<1, n>>>(fill_lambda_1<T>{v}, n);
template <class T> void fill(T *v, int n) {
  apply<<<1, n>>>([=] __device__ (int i) { v[i] = T(1); }, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'fill_lambda_1'
}
} // namespace lib

namespace lib {
// CHECK-FIXES: struct fill_lambda_2 {
// CHECK-FIXES: apply<<<1, n>>>(fill_lambda_2<T>{v, x}, n);
template <class T> void fill(T *v, T x, int n) {
  apply<<<1, n>>>([=] __device__ (int i) { v[i] = x; }, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'fill_lambda_2'
}
} // namespace lib

void use(float *v, int n) {
  lib::fill(v, n);
  lib::fill(v, 2.0f, n);
}

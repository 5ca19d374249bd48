// A local the lambda names only in decltype is not captured (the operand
// is not evaluated), so the functor cannot name it: where a copied alias or
// the body writes `decltype(local)`, the functor writes the local's
// declared type (AMReX's reductions: `using ReduceTuple = typename
// decltype(reduce_data)::Type;`). An alias a macro writes beside the
// lambda it writes is spelled from its type (AMReX's
// AMREX_HOST_DEVICE_FOR_1D: `using amrex_i_inttype =
// std::remove_const_t<decltype(n)>;`).
// RUN: %check_cuda_lower %s lower-extended-lambda %t

#include <type_traits>

template <class F> __global__ void apply(F f, long n) {
  long i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

template <class T> struct Data {
  using Type = T;
  T *out;
};

// CHECK-FIXES: // __device__ lambda #1 of sum(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: template <class T>
// CHECK-FIXES-NEXT: struct sum_lambda_1 {
// CHECK-FIXES-NEXT:   using R = typename Data<T>::Type;
// CHECK-FIXES-NEXT:   T *v;
// CHECK-FIXES-NEXT:   __device__ void operator()(long i) const {
// CHECK-FIXES-NEXT:     typename Data<T>::Type x = v[i];
// CHECK-FIXES-NEXT:     R y = x;
// CHECK-MESSAGES: :[[@LINE+4]]:20: warning: __device__ lambda lowered to functor 'sum_lambda_1'
template <class T> void sum(T *v, long n) {
  Data<T> data{v};
  using R = typename decltype(data)::Type;
  apply<<<1, 32>>>([=] __device__ (long i) {
    typename decltype(data)::Type x = v[i];
    R y = x;
    v[i] = y + 1;
  }, n);
  // CHECK-FIXES: apply<<<1, 32>>>(sum_lambda_1<T>{v}, n);
}
template void sum(float *, long);

#define FOR_1D(n, i, block)                                                    \
  {                                                                            \
    using idx_t = std::remove_const_t<decltype(n)>;                            \
    apply<<<1, 32>>>([=] __device__ (idx_t i) block, n);                       \
  }

// CHECK-FIXES: struct twice_lambda_1 {
// CHECK-FIXES-NEXT:   using idx_t = long;
void twice(int *v, const long n) {
  FOR_1D(n, i, { v[i] *= 2; })
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: __device__ lambda lowered to functor 'twice_lambda_1'
}

// In a template, a local whose initialiser depends on a template parameter
// makes `decltype(n)` dependent: the alias is spelled from its type, with
// `decltype(n)` written as n's declared type.
template <class T> struct Vec {
  T *p;
  long len;
  long size() const { return len; }
};
// CHECK-FIXES: struct scale_lambda_1 {
// CHECK-FIXES-NEXT:   using idx_t = std::remove_const_t<const long>;
template <class T> void scale(Vec<T> const &v) {
  const long n = v.size();
  T *p = v.p;
  FOR_1D(n, i, { p[i] *= 2; })
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: __device__ lambda lowered to functor 'scale_lambda_1'
}
template void scale(Vec<float> const &);

// Without --extended-lambda, nvcc writes a literal `false` for nvcc's
// lambda traits, so a partial specialization on `enable_if_t<trait(T)>`
// (AMReX's MaybeHostDeviceRunnable) is a hard error of the host compiler.
// Once every lambda is lowered, each use becomes a `false` that still
// depends on its argument: the specialization is never chosen, as nvcc
// without the flag means, and the host compiler accepts it.
// RUN: %check_cuda_lower %s lower-extended-lambda %t

#include <type_traits>

template <class T, class Enable = void>
struct HostRunnable : std::true_type {};

template <class T>
struct HostRunnable<T, std::enable_if_t<__nv_is_extended_device_lambda_closure_type(T)>>
// CHECK-MESSAGES: :[[@LINE-1]]:41: warning: __nv_is_extended_device_lambda_closure_type is false for the functors cuda-lower writes, as for any type without --extended-lambda (§5.3.8.3); code that dispatches on it takes its other path; written as a 'false' that depends on its argument, as plain nvcc needs in a template [lower-extended-lambda]
// CHECK-FIXES: struct HostRunnable<T, std::enable_if_t<(false && sizeof(void (*)(T)))>>
    : std::false_type {};

template <class F> __global__ void apply(F f, int n) {
  int i = threadIdx.x;
  if (i < n)
    f(i);
}

template <class F> void launch(F f, int n) {
  static_assert(HostRunnable<F>::value, "a functor runs anywhere");
  apply<<<1, n>>>(f, n);
}

void scale(float *v, float a, int n) {
  launch([=] __device__ (int i) { v[i] *= a; }, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: __device__ lambda lowered to functor 'scale_lambda_1'
}

// Launchers that classify their callable with nvcc's lambda traits
// (§5.3.8.3), as CCCL's STF does: the traits are true for an extended lambda
// and false for a functor, so lowering a lambda that reaches one would send
// the launcher down another path. Such lambdas are left as they are, with an
// error (the file still needs --extended-lambda); with
// LowerTraitDispatched=true they are lowered, with a warning.
// RUN: %check_cuda_lower --expect-exit=1 --nvcc-arg=--extended-lambda %s lower-extended-lambda %t
// RUN: %check_cuda_lower --check-suffix=OPT %s lower-extended-lambda %t.opt -- --rule-option lower-extended-lambda.LowerTraitDispatched=true

template <class F> __global__ void run_kernel(F f, int *out) { out[threadIdx.x] = f(int(threadIdx.x)); }

template <class T> struct decay { using type = T; };
template <class T> struct decay<T &> { using type = T; };

#define LIB_IS_DEVICE_LAMBDA(F) __nv_is_extended_device_lambda_closure_type(F)

// Takes the kernel path only for a __device__ lambda.
template <class F> int launch(F &&f, int *out) {
  if constexpr (LIB_IS_DEVICE_LAMBDA(typename decay<F>::type)) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: __nv_is_extended_device_lambda_closure_type is false for the functors cuda-lower writes
// CHECK-MESSAGES-OPT: :[[@LINE-2]]:17: warning: __nv_is_extended_device_lambda_closure_type is false for the functors cuda-lower writes
    run_kernel<<<1, 32>>>(f, out);
    return 1;
  }
  return 0;
}

template <class F> int launch_hd(F f, int *out) {
  if constexpr (__nv_is_extended_host_device_lambda_closure_type(F) ||
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: __nv_is_extended_host_device_lambda_closure_type is false
// CHECK-MESSAGES-OPT: :[[@LINE-2]]:17: warning: __nv_is_extended_host_device_lambda_closure_type is false
                __nv_is_extended_device_lambda_with_preserved_return_type(F)) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: __nv_is_extended_device_lambda_with_preserved_return_type is false
// CHECK-MESSAGES-OPT: :[[@LINE-2]]:17: warning: __nv_is_extended_device_lambda_with_preserved_return_type is false
    run_kernel<<<1, 32>>>(f, out);
    return 1;
  }
  return 0;
}

struct Twice {
  __device__ int operator()(int i) const { return 2 * i; }
};

// Template case: the trait sees the lambda only in an instantiation.
template <class T> int scale(int *out, T a) {
  return launch([=] __device__ (int i) { return int(i * a); }, out);
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: __device__ lambda not lowered: it reaches __nv_is_extended_device_lambda_closure_type, which is true for it and false for a functor, so the code that asks would take another path; keep --extended-lambda for this file, or set lower-extended-lambda.LowerTraitDispatched=true if both paths agree [lower-extended-lambda]
// CHECK-MESSAGES: :19:17: note: the trait is asked here
// CHECK-MESSAGES-OPT: :[[@LINE-3]]:17: warning: lambda reaches __nv_is_extended_device_lambda_closure_type, which is true for this __device__ lambda and false for its functor; lowered as lower-extended-lambda.LowerTraitDispatched asks
// CHECK-MESSAGES-OPT: :19:17: note: the trait is asked here
// CHECK-MESSAGES-OPT: :[[@LINE-5]]:17: warning: __device__ lambda lowered to functor 'scale_lambda_1'
// CHECK-FIXES: return launch([=] __device__ (int i) { return int(i * a); }, out);
// CHECK-FIXES-OPT: return launch(scale_lambda_1<T>{a}, out);
}

int main() {
  int *out = nullptr;
  int a = 3;
  int n = launch([=] __device__ (int i) { return i * a; }, out);
// CHECK-MESSAGES: :[[@LINE-1]]:18: error: __device__ lambda not lowered: it reaches __nv_is_extended_device_lambda_closure_type
// CHECK-MESSAGES: :19:17: note: the trait is asked here
// CHECK-MESSAGES-OPT: :[[@LINE-3]]:18: warning: lambda reaches __nv_is_extended_device_lambda_closure_type
// CHECK-MESSAGES-OPT: :19:17: note: the trait is asked here
// CHECK-MESSAGES-OPT: :[[@LINE-5]]:18: warning: __device__ lambda lowered to functor 'main_lambda_1'
// CHECK-FIXES-OPT: int n = launch(main_lambda_1{a}, out);
  n += launch_hd([=] __host__ __device__ (int i) { return i + a; }, out);
// CHECK-MESSAGES: :[[@LINE-1]]:18: error: __host__ __device__ lambda not lowered: it reaches __nv_is_extended_host_device_lambda_closure_type
// CHECK-MESSAGES: :29:17: note: the trait is asked here
// CHECK-MESSAGES-OPT: :[[@LINE-3]]:18: warning: lambda reaches __nv_is_extended_host_device_lambda_closure_type
// CHECK-MESSAGES-OPT: :29:17: note: the trait is asked here
// CHECK-MESSAGES-OPT: :[[@LINE-5]]:18: warning: __host__ __device__ lambda lowered to functor 'main_lambda_2'
  n += launch_hd([=] __device__ (int i) -> int { return i - a; }, out);
// CHECK-MESSAGES: :[[@LINE-1]]:18: error: __device__ lambda not lowered: it reaches __nv_is_extended_device_lambda_with_preserved_return_type
// CHECK-MESSAGES: :32:17: note: the trait is asked here
// CHECK-MESSAGES-OPT: :[[@LINE-3]]:18: warning: lambda reaches __nv_is_extended_device_lambda_with_preserved_return_type
// CHECK-MESSAGES-OPT: :32:17: note: the trait is asked here
// CHECK-MESSAGES-OPT: :[[@LINE-5]]:18: warning: __device__ lambda lowered to functor 'main_lambda_3'
  // No match: nvcc's traits are false here too (a __device__ lambda without
  // a trailing return type for launch_hd, a functor), so lowering changes
  // nothing the launchers see.
  n += launch_hd([=] __device__ (int i) { return i * i + a; }, out);
// CHECK-MESSAGES: :[[@LINE-1]]:18: warning: __device__ lambda lowered to functor 'main_lambda_4'
// CHECK-MESSAGES-OPT: :[[@LINE-2]]:18: warning: __device__ lambda lowered to functor 'main_lambda_4'
// CHECK-FIXES: n += launch_hd(main_lambda_4{a}, out);
  n += launch(Twice{}, out);
  return n + scale(out, 2.0f);
}

// A static_assert on a trait chooses no path (libcu++'s invoke asserts this
// way for every __device__ lambda whose return type host code asks for):
// the functor passes it too, so the lambda is lowered.
template <class F> int checked(F f, int *out) {
  static_assert(!__nv_is_extended_device_lambda_closure_type(F) ||
// CHECK-MESSAGES: :[[@LINE-1]]:18: warning: __nv_is_extended_device_lambda_closure_type is false for the functors cuda-lower writes
// CHECK-MESSAGES-OPT: :[[@LINE-2]]:18: warning: __nv_is_extended_device_lambda_closure_type is false for the functors cuda-lower writes
                __nv_is_extended_device_lambda_with_preserved_return_type(F),
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: __nv_is_extended_device_lambda_with_preserved_return_type is false
// CHECK-MESSAGES-OPT: :[[@LINE-2]]:17: warning: __nv_is_extended_device_lambda_with_preserved_return_type is false
                "a __device__ lambda needs a trailing return type here");
  run_kernel<<<1, 32>>>(f, out);
  return 1;
}

int asserted(int *out, int a) {
  return checked([=] __device__ (int i) -> int { return i + a; }, out);
// CHECK-MESSAGES: :[[@LINE-1]]:18: warning: __device__ lambda lowered to functor 'asserted_lambda_1'
// CHECK-MESSAGES-OPT: :[[@LINE-2]]:18: warning: __device__ lambda lowered to functor 'asserted_lambda_1'
// CHECK-FIXES: return checked(asserted_lambda_1{a}, out);
}

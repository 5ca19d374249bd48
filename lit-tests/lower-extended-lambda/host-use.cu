// What the functor offers over nvcc's placeholder: the return type visible
// to host code (§5.3.8.4 items 14-15), function-pointer conversion of a
// captureless lambda (item 17), generic lambdas, host calls.
// RUN: %check_cuda_lower %s lower-extended-lambda %t
#include <type_traits>

template <class F> __global__ void apply(F f, float *out) { out[threadIdx.x] = f(threadIdx.x, 1.0f); }

// CHECK-FIXES: struct introspect_lambda_1 {
// CHECK-FIXES-NEXT:   float k;
// CHECK-FIXES-NEXT:   __device__ float operator()(int i, float x) const { return k * x + i; }
// CHECK-FIXES: struct introspect_lambda_2 {
// CHECK-FIXES-NEXT:   using function_type = int(int);
// CHECK-FIXES-NEXT:   __host__ __device__ static int invoke(int x) { return introspect_lambda_2{}(x); }
// CHECK-FIXES-NEXT:   __host__ __device__ operator function_type *() const { return &invoke; }
// CHECK-FIXES-NEXT:   __host__ __device__ int operator()(int x) const { return x + 1; }
// CHECK-FIXES: struct introspect_lambda_3 {
// CHECK-FIXES-NEXT:   float k;
// CHECK-FIXES-NEXT:   template <typename Auto1, typename Auto2>
// CHECK-FIXES-NEXT:   __device__ auto operator()(Auto1 i, const Auto2 &x) const { return k * x + i; }
int introspect(float *out, float k) {
  auto f = [=] __device__ (int i, float x) { return k * x + i; };
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:12: warning: __device__ lambda lowered to functor 'introspect_lambda_1'
  static_assert(std::is_same<decltype(f(0, 0.0f)), float>::value, "host sees the return type");
  apply<<<1, 32>>>(f, out);
  auto inc = [] __host__ __device__ (int x) { return x + 1; };
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:14: warning: __host__ __device__ lambda lowered to functor 'introspect_lambda_2'
  int (*fp)(int) = inc;
  auto g = [=] __device__ (auto i, const auto &x) { return k * x + i; };
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:12: warning: __device__ lambda lowered to functor 'introspect_lambda_3'
  apply<<<1, 32>>>(g, out);
  return fp(1) + inc(2);
}

// Annotations spelled through macros, lambdas written inside macro
// arguments, and a lambda hidden in a macro body (reported, not lowered).
// RUN: %check_cuda_lower --nvcc-arg=--extended-lambda --nvcc-arg=--expt-relaxed-constexpr %s lower-extended-lambda %t -- --no-verify
// RUN: %strip-checks %s > %t.cu
// The lambda in the macro body is left in place: an error, so exit 1.
// RUN: %expect-exit 1 %cuda-lower --rules=lower-extended-lambda %t.cu 2>&1 >/dev/null | FileCheck %s --check-prefix=VERIFY
// VERIFY: .cu:43:9: error: a lambda annotated __host__ or __device__ is left in place: plain nvcc refuses it without --extended-lambda [verify]

#define MGPU_DEVICE __device__
#define HD __host__ __device__
#define DEVICE_LAMBDA [=] __host__ __device__
#define CHECK(x) do { if ((x) != 0) return 1; } while (0)
#define FOR_EACH(n, out) launch(n, [=] __device__ (int i) { out[i] = i; })

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}
template <class F> int launch(int n, F f) {
  apply<<<1, n>>>(f, n);
  return 0;
}

// CHECK-FIXES: struct run_lambda_1 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   MGPU_DEVICE void operator()(int index) const { out[index] = 2 * index; }
// CHECK-FIXES: struct run_lambda_2 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   __host__ __device__ void operator()(int i) const { out[i] += 1; }
// CHECK-FIXES: struct run_lambda_3 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   HD void operator()(int i) const { out[i] -= 1; }
int run(int n, int *out) {
  CHECK(launch(n, [=] MGPU_DEVICE (int index) { out[index] = 2 * index; }));
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'run_lambda_1'
  // CHECK-FIXES: CHECK(launch(n, run_lambda_1{out}));
  CHECK(launch(n, DEVICE_LAMBDA (int i) { out[i] += 1; }));
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __host__ __device__ lambda lowered to functor 'run_lambda_2'
  // CHECK-FIXES: CHECK(launch(n, run_lambda_2{out}));
  CHECK(launch(n, [=] HD (int i) { out[i] -= 1; }));
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __host__ __device__ lambda lowered to functor 'run_lambda_3'
  CHECK(FOR_EACH(n, out));
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:9: warning: __device__ lambda not lowered: the lambda is written in a macro body
  return 0;
}

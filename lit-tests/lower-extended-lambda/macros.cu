// Annotations spelled through macros, lambdas written inside macro
// arguments, and a lambda written in a macro body used in another macro's
// argument (its use is expanded one level; macro-bodies.cu has the rest).
// RUN: %check_cuda_lower %s lower-extended-lambda %t

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
// CHECK-FIXES: struct run_lambda_4 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   __device__ void operator()(int i) const { out[i] = i; }
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
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:9: warning: __device__ lambda lowered to functor 'run_lambda_4' (the use of 'FOR_EACH' is expanded one level)
  // CHECK-FIXES: CHECK(launch(n, run_lambda_4{out}));
  return 0;
}

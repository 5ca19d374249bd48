// A plain lambda passed to a kernel or a Thrust algorithm is a host lambda
// for nvcc (§5.3.8.1); with exec-space-lambda-to-device on, it is lowered in
// the same run, with the space that rule decides.
// RUN: %check_cuda_lower %s lower-extended-lambda,exec-space-lambda-to-device %t

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

// CHECK-FIXES: struct run_lambda_1 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   __device__ void operator()(int i) const { out[i] = 2 * i; }
void run(int n, int *out) {
  apply<<<1, n>>>([=](int i) { out[i] = 2 * i; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'run_lambda_1' [lower-extended-lambda]
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-2]]:19: warning: plain lambda passed to a __global__ function is __host__ for nvcc; lower-extended-lambda makes it a __device__ functor [exec-space-lambda-to-device]
  // CHECK-FIXES: apply<<<1, n>>>(run_lambda_1{out}, n);
}

// No match: a plain lambda used only on the host.
int host_only(int x) {
  auto l = [=](int y) { return x + y; };
  return l(1);
}

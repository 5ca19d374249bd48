// A plain lambda passed to a kernel or a Thrust algorithm is a host lambda
// for nvcc (§5.3.8.1); with exec-space-lambda-to-device on, it is lowered in
// the same run, with the space that rule decides.
// RUN: %strip-checks %s > %t.cu
// RUN: %cuda-lower --rules=lower-extended-lambda,exec-space-lambda-to-device %t.cu > %t.out.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.out.cu --check-prefix=FIX
// RUN: FileCheck %s --input-file=%t.err --check-prefix=MSG --implicit-check-not=error:
// RUN: %nvcc -c %t.out.cu -o %t.o
// RUN: %idempotent %t.out.cu --rules=lower-extended-lambda,exec-space-lambda-to-device

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

// FIX: struct run_lambda_1 {
// FIX-NEXT:   int *out;
// FIX-NEXT:   __device__ void operator()(int i) const { out[i] = 2 * i; }
void run(int n, int *out) {
  apply<<<1, n>>>([=](int i) { out[i] = 2 * i; }, n);
  // MSG: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'run_lambda_1' [lower-extended-lambda]
  // MSG: {{.*}}.cu:[[@LINE-2]]:19: warning: plain lambda passed to a __global__ function is __host__ for nvcc; lower-extended-lambda makes it a __device__ functor [exec-space-lambda-to-device]
  // FIX: apply<<<1, n>>>(run_lambda_1{out}, n);
}

// No match: a plain lambda used only on the host.
int host_only(int x) {
  auto l = [=](int y) { return x + y; };
  return l(1);
}

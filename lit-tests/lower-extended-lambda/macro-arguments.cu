// A lambda written in a macro argument is replaced in place; a construction
// that holds a comma is parenthesised, since a comma outside parentheses
// (braces and angle brackets do not count) would split the argument.
// RUN: %check_cuda_lower %s lower-extended-lambda %t

#define LAUNCH(f) launch(f)
#define LAUNCH_ALL(...) launch(__VA_ARGS__)
#define LAUNCH_N(n, f) launch(f, n)
#define HD __host__ __device__
#define DEVICE_LAMBDA [=] __device__

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}
template <class F> void launch(F f, int n = 32) { apply<<<1, n>>>(f, n); }

void run(int *p, int a, int n) {
  LAUNCH([=] __device__ (int i) { p[i] = a; });
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:10: warning: __device__ lambda lowered to functor 'run_lambda_1'
  // CHECK-FIXES: LAUNCH((run_lambda_1{p, a}));
  LAUNCH_ALL([=] HD (int i) { p[i] += a; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:14: warning: __host__ __device__ lambda lowered to functor 'run_lambda_2'
  // CHECK-FIXES: LAUNCH_ALL((run_lambda_2{p, a}), n);
  LAUNCH_N(n, DEVICE_LAMBDA (int i) { p[i] -= a; });
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:15: warning: __device__ lambda lowered to functor 'run_lambda_3'
  // CHECK-FIXES: LAUNCH_N(n, (run_lambda_3{p, a}));
  // One member: no comma, no parentheses.
  LAUNCH([=] __device__ (int i) { p[i] = i; });
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:10: warning: __device__ lambda lowered to functor 'run_lambda_4'
  // CHECK-FIXES: LAUNCH(run_lambda_4{p});
}

// Template case: the template arguments' comma counts too.
template <class T, class U> void run_t(T *p, U a) {
  LAUNCH([=] __device__ (int i) { p[i] = T(a); });
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:10: warning: __device__ lambda lowered to functor 'run_t_lambda_1'
  // CHECK-FIXES: LAUNCH((run_t_lambda_1<T, U>{p, a}));
}
template void run_t<float, int>(float *, int);

// No-match case: a plain host lambda in a macro argument stays.
#define CALL(f) f(0)
int host_only(int a) { return CALL([=](int i) { return i + a; }); }
// CHECK-FIXES: int host_only(int a) { return CALL([=](int i) { return i + a; }); }

// Captures become data members initialised from the captured expressions.
// RUN: %check_cuda_lower %s lower-extended-lambda %t

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

struct Params {
  float scale;
  int offset;
};

// CHECK-FIXES: // __device__ lambda #1 of implicit_copy(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: struct implicit_copy_lambda_1 {
// CHECK-FIXES-NEXT:   float *y;
// CHECK-FIXES-NEXT:   float a;
// CHECK-FIXES-NEXT:   const float *x;
// CHECK-FIXES-NEXT:   __device__ void operator()(int i) const {
// CHECK-FIXES-NEXT:     y[i] = a * x[i] + y[i];
// CHECK-FIXES-NEXT:   }
// CHECK-FIXES-NEXT: };
// CHECK-FIXES: void implicit_copy(int n, float a, const float *x, float *y) {
void implicit_copy(int n, float a, const float *x, float *y) {
  auto f = [=] __device__ (int i) {
    y[i] = a * x[i] + y[i];
  };
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-3]]:12: warning: __device__ lambda lowered to functor 'implicit_copy_lambda_1' [lower-extended-lambda]
  // CHECK-FIXES: auto f = implicit_copy_lambda_1{y, a, x};
  apply<<<1, n>>>(f, n);
}

// CHECK-FIXES: struct explicit_and_init_lambda_1 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   Params p;
// CHECK-FIXES-NEXT:   int s;
// CHECK-FIXES-NEXT:   __device__ void operator()(int i) const { out[i] = int(p.scale * i) + p.offset + s; }
void explicit_and_init(int n, int *out, Params p, int x) {
  apply<<<1, n>>>([out, p, s = x * 2] __device__ (int i) { out[i] = int(p.scale * i) + p.offset + s; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'explicit_and_init_lambda_1'
  // CHECK-FIXES: apply<<<1, n>>>(explicit_and_init_lambda_1{out, p, x * 2}, n);
}

// Arrays are copied element by element, as the closure does; const and
// reference-typed variables captured by copy become plain values.
// CHECK-FIXES: struct arrays_and_refs_lambda_1 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   int table[3];
// CHECK-FIXES-NEXT:   int grid[2][2];
// CHECK-FIXES-NEXT:   int bias;
// CHECK-FIXES-NEXT:   float k;
void arrays_and_refs(int n, int *out, const int &bias_ref, float kk) {
  int table[3] = {1, 2, 3};
  int grid[2][2] = {{4, 5}, {6, 7}};
  const int &bias = bias_ref;
  const float k = kk;
  apply<<<1, n>>>([=] __device__ (int i) { out[i] = table[i % 3] + grid[i % 2][1] + bias + int(k); }, n);
  // CHECK-FIXES: apply<<<1, n>>>(arrays_and_refs_lambda_1{out, {table[0], table[1], table[2]}, {{[{]}}{grid[0][0], grid[0][1]}, {grid[1][0], grid[1][1]}}, bias, k}, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-2]]:19: warning: __device__ lambda lowered to functor 'arrays_and_refs_lambda_1'
}


// In device code the annotation is implied; nvcc still wants the flag.
__device__ int in_device(int x) {
  auto l = [=] __device__ (int y) { return x + y; };
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:12: warning: the __device__ annotation on a lambda in device code is implied (§5.3.8); removed so that nvcc needs no --extended-lambda
  // CHECK-FIXES: auto l = [=] (int y) { return x + y; };
  return l(1);
}

// No match: plain lambdas.
int plain(int *v) {
  auto l = [=](int i) { return v[i]; };
  return l(0);
}

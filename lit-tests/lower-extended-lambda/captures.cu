// Captures become data members initialised from the captured expressions.
// RUN: %strip-checks %s > %t.cu
// RUN: %cuda-lower --rules=lower-extended-lambda %t.cu > %t.out.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.out.cu --check-prefix=FIX
// RUN: FileCheck %s --input-file=%t.err --check-prefix=MSG --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %nvcc -c %t.out.cu -o %t.o
// RUN: %idempotent %t.out.cu --rules=lower-extended-lambda

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

struct Params {
  float scale;
  int offset;
};

// FIX: // __device__ lambda #1 of implicit_copy(), lowered by cuda-lower.
// FIX-NEXT: struct implicit_copy_lambda_1 {
// FIX-NEXT:   float *y;
// FIX-NEXT:   float a;
// FIX-NEXT:   const float *x;
// FIX-NEXT:   __device__ void operator()(int i) const {
// FIX-NEXT:     y[i] = a * x[i] + y[i];
// FIX-NEXT:   }
// FIX-NEXT: };
// FIX: void implicit_copy(int n, float a, const float *x, float *y) {
void implicit_copy(int n, float a, const float *x, float *y) {
  auto f = [=] __device__ (int i) {
    y[i] = a * x[i] + y[i];
  };
  // MSG: {{.*}}.cu:[[@LINE-3]]:12: warning: __device__ lambda lowered to functor 'implicit_copy_lambda_1' [lower-extended-lambda]
  // FIX: auto f = implicit_copy_lambda_1{y, a, x};
  apply<<<1, n>>>(f, n);
}

// FIX: struct explicit_and_init_lambda_1 {
// FIX-NEXT:   int *out;
// FIX-NEXT:   Params p;
// FIX-NEXT:   int s;
// FIX-NEXT:   __device__ void operator()(int i) const { out[i] = int(p.scale * i) + p.offset + s; }
void explicit_and_init(int n, int *out, Params p, int x) {
  apply<<<1, n>>>([out, p, s = x * 2] __device__ (int i) { out[i] = int(p.scale * i) + p.offset + s; }, n);
  // MSG: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'explicit_and_init_lambda_1'
  // FIX: apply<<<1, n>>>(explicit_and_init_lambda_1{out, p, x * 2}, n);
}

// Arrays are copied element by element, as the closure does; const and
// reference-typed variables captured by copy become plain values.
// FIX: struct arrays_and_refs_lambda_1 {
// FIX-NEXT:   int *out;
// FIX-NEXT:   int table[3];
// FIX-NEXT:   int grid[2][2];
// FIX-NEXT:   int bias;
// FIX-NEXT:   float k;
void arrays_and_refs(int n, int *out, const int &bias_ref, float kk) {
  int table[3] = {1, 2, 3};
  int grid[2][2] = {{4, 5}, {6, 7}};
  const int &bias = bias_ref;
  const float k = kk;
  apply<<<1, n>>>([=] __device__ (int i) { out[i] = table[i % 3] + grid[i % 2][1] + bias + int(k); }, n);
  // FIX: apply<<<1, n>>>(arrays_and_refs_lambda_1{out, {table[0], table[1], table[2]}, {{[{]}}{grid[0][0], grid[0][1]}, {grid[1][0], grid[1][1]}}, bias, k}, n);
  // MSG: {{.*}}.cu:[[@LINE-2]]:19: warning: __device__ lambda lowered to functor 'arrays_and_refs_lambda_1'
}


// In device code the annotation is implied; nvcc still wants the flag.
__device__ int in_device(int x) {
  auto l = [=] __device__ (int y) { return x + y; };
  // MSG: {{.*}}.cu:[[@LINE-1]]:12: warning: the __device__ annotation on a lambda in device code is implied (§5.3.8); removed so that nvcc needs no --extended-lambda
  // FIX: auto l = [=] (int y) { return x + y; };
  return l(1);
}

// No match: plain lambdas.
int plain(int *v) {
  auto l = [=](int i) { return v[i]; };
  return l(0);
}

// Lambdas in preprocessor branches of a function body: each functor is
// written under its lambda's branch condition, with a name of its own, so
// the device pass (`__CUDA_ARCH__`) and the host pass, or two includers
// with different macros, never define one name twice.
// A run sees one configuration: a second one, with USE_FAST, lowers the
// lambda of the other branch.
// RUN: %strip-checks %s > %t.cu
// RUN: %cuda-lower --rules=lower-extended-lambda %t.cu > %t.mid.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --check-prefix=CHECK-MESSAGES --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %cuda-lower --rules=lower-extended-lambda %t.mid.cu -- -DUSE_FAST > %t.out.cu 2> %t.err2
// RUN: FileCheck %s --input-file=%t.err2 --check-prefix=FAST --implicit-check-not=warning: --implicit-check-not=error:
// RUN: FileCheck %s --input-file=%t.out.cu --check-prefix=CHECK-FIXES
// RUN: %nvcc -c %t.out.cu -o %t.o
// RUN: %nvcc -DUSE_FAST -c %t.out.cu -o %t.o
// RUN: %idempotent %t.out.cu --rules=lower-extended-lambda
// RUN: %idempotent %t.out.cu --rules=lower-extended-lambda -- -DUSE_FAST

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

// CHECK-FIXES: #if !(defined(USE_FAST))
// CHECK-FIXES-NEXT: // __device__ lambda #1 of scale(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: struct scale_lambda_1_not_USE_FAST {
// CHECK-FIXES: #endif
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: #if defined(USE_FAST)
// CHECK-FIXES-NEXT: // __device__ lambda #1 of scale(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: struct scale_lambda_1_USE_FAST {
// CHECK-FIXES: #endif
// CHECK-FIXES: void scale(float *v, float a, int n) {
void scale(float *v, float a, int n) {
#ifdef USE_FAST
  apply<<<1, n>>>([=] __device__ (int i) { v[i] = __fmul_rn(v[i], a); }, n);
  // FAST: {{.*}}.cu:{{[0-9]+}}:19: warning: __device__ lambda lowered to functor 'scale_lambda_1_USE_FAST'
  // CHECK-FIXES: apply<<<1, n>>>(scale_lambda_1_USE_FAST{v, a}, n);
#else
  apply<<<1, n>>>([=] __device__ (int i) { v[i] *= a; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'scale_lambda_1_not_USE_FAST'
  // CHECK-FIXES: apply<<<1, n>>>(scale_lambda_1_not_USE_FAST{v, a}, n);
#endif
}

// The two passes see different branches.
// CHECK-FIXES-DAG: #if !(defined(__CUDA_ARCH__)){{$}}
// CHECK-FIXES-DAG: struct arch_lambda_1_not_CUDA_ARCH {
// CHECK-FIXES-DAG: #if defined(__CUDA_ARCH__){{$}}
// CHECK-FIXES-DAG: struct arch_lambda_1_CUDA_ARCH {
int arch(int x) {
#ifdef __CUDA_ARCH__
  auto f = [=] __host__ __device__ (int i) { return i + x; };
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:12: warning: __host__ __device__ lambda lowered to functor 'arch_lambda_1_CUDA_ARCH'
#else
  auto f = [=] __host__ __device__ (int i) { return i - x; };
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:12: warning: __host__ __device__ lambda lowered to functor 'arch_lambda_1_not_CUDA_ARCH'
#endif
  return f(1);
}

// Nested and chained branches, in a template.
// CHECK-FIXES: #if (defined(MODE)) && (!(MODE == 1) && (MODE == 2))
// CHECK-FIXES-NEXT: // __device__ lambda #1 of chain(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: template <typename T>
// CHECK-FIXES-NEXT: struct chain_lambda_1_MODE_MODE_2 {
#define MODE 2
template <typename T> void chain(T *v, int n) {
#if defined(MODE)
#if MODE == 1
  apply<<<1, n>>>([=] __device__ (int i) { v[i] = T(1); }, n);
#elif MODE == 2 // two
  apply<<<1, n>>>([=] __device__ (int i) { v[i] = T(2); }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'chain_lambda_1_MODE_MODE_2'
#endif
#endif
}
template void chain<int>(int *, int);

// No-match case: a branch that holds the whole function adds nothing.
#ifndef NO_PLAIN
// CHECK-FIXES: struct plain_lambda_1 {
void plain(int *p, int n) {
  apply<<<1, n>>>([=] __device__ (int i) { p[i] = 0; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'plain_lambda_1'
}
#endif

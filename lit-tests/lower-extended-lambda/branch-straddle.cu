// Lambdas that begin in a branch of a preprocessor conditional and end
// after its #endif, the body shared by every branch's lambda (AMReX's
// reductions: the SYCL lambda under #ifdef, the CUDA one under #else, one
// body after #endif). The shared tail moves to the end of every branch, so
// each configuration reads the same tokens as before, and the lambda of
// the parsed branch becomes a functor. A second run with OTHER defined
// lowers the lambdas of the other branches; THIRD, never lowered, still
// compiles with the flags.
// RUN: %strip-checks %s > %t.cu
// RUN: %cuda-lower --rules=lower-extended-lambda %t.cu > %t.mid.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --check-prefix=CHECK-MESSAGES --implicit-check-not=warning: --implicit-check-not=error:
// RUN: FileCheck %s --input-file=%t.mid.cu --check-prefix=CHECK-FIXES
// RUN: %cuda-lower --rules=lower-extended-lambda %t.mid.cu -- -DOTHER > %t.out.cu 2> %t.err2
// RUN: FileCheck %s --input-file=%t.err2 --check-prefix=OTHER --implicit-check-not=warning: --implicit-check-not=error:
// RUN: FileCheck %s --input-file=%t.out.cu --check-prefix=BOTH
// RUN: %nvcc -c %t.mid.cu -o %t.o
// RUN: %nvcc -c %t.out.cu -o %t.o
// RUN: %nvcc -DOTHER -c %t.out.cu -o %t.o
// RUN: %nvcc-ext -DTHIRD -c %t.out.cu -o %t.o
// RUN: %idempotent %t.out.cu --rules=lower-extended-lambda
// RUN: %idempotent %t.out.cu --rules=lower-extended-lambda -- -DOTHER

template <class F> __global__ void apply(F f, int n) {
  int i = threadIdx.x;
  if (i < n)
    f(i);
}
template <class F> __global__ void apply2(F f, int n) {
  int i = threadIdx.x;
  if (i < n)
    f(i, n);
}

// The head under #else, the tail after #endif: the tail is written again
// at the end of the #ifdef branch.
// CHECK-FIXES: #if !(defined(OTHER))
// CHECK-FIXES-NEXT: // __device__ lambda #1 of head_in_else(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: struct head_in_else_lambda_1_not_OTHER {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   __device__ void operator()(int i) const {
// CHECK-FIXES-NEXT:     int k = i;
// CHECK-FIXES-NEXT:     out[k] = 2 * k;
// CHECK-FIXES-NEXT:   }
// CHECK-FIXES-NEXT: };
// CHECK-FIXES-NEXT: #endif
// CHECK-MESSAGES: {{.*}}.cu:[[@LINE+7]]:19: warning: __device__ lambda lowered to functor 'head_in_else_lambda_1_not_OTHER'
// OTHER: {{.*}}.cu:{{[0-9]+}}:19: warning: __device__ lambda lowered to functor 'head_in_else_lambda_1_OTHER'
void head_in_else(int *out, int n) {
#ifdef OTHER
  apply<<<1, n>>>([=] __device__ (int i) {
    int k = n - 1 - i;
#else
  apply<<<1, n>>>([=] __device__ (int i) {
    int k = i;
#endif
    out[k] = 2 * k;
  }, n);
}
// CHECK-FIXES: void head_in_else(int *out, int n) {
// CHECK-FIXES-NEXT: #ifdef OTHER
// CHECK-FIXES-NEXT:   apply<<<1, n>>>([=] __device__ (int i) {
// CHECK-FIXES-NEXT:     int k = n - 1 - i;
// CHECK-FIXES-NEXT:     out[k] = 2 * k;
// CHECK-FIXES-NEXT:   }
// CHECK-FIXES-NEXT: #else
// CHECK-FIXES-NEXT:   apply<<<1, n>>>(head_in_else_lambda_1_not_OTHER{out}
// CHECK-FIXES-NEXT: #endif
// CHECK-FIXES-NEXT:   , n);
// CHECK-FIXES-NEXT: }
// BOTH: apply<<<1, n>>>(head_in_else_lambda_1_OTHER{out, n}
// BOTH: apply<<<1, n>>>(head_in_else_lambda_1_not_OTHER{out}

// Three branches, the parsed one last; THIRD's branch gets the tail too.
// CHECK-MESSAGES: {{.*}}.cu:[[@LINE+10]]:19: warning: __device__ lambda lowered to functor 'three_way_lambda_1_not_OTHER_THIRD'
// OTHER: {{.*}}.cu:{{[0-9]+}}:19: warning: __device__ lambda lowered to functor 'three_way_lambda_1_OTHER'
void three_way(int *out, int n) {
#if defined(OTHER)
  apply<<<1, n>>>([=] __device__ (int i) {
    int k = i;
#elif defined(THIRD)
  apply<<<1, n>>>([=] __device__ (int i) {
    int k = n - 1 - i;
#else
  apply<<<1, n>>>([=] __device__ (int i) {
    int k = i;
#endif
    out[k] += k;
  }, n);
}
// CHECK-FIXES: #elif defined(THIRD)
// CHECK-FIXES-NEXT:   apply<<<1, n>>>([=] __device__ (int i) {
// CHECK-FIXES-NEXT:     int k = n - 1 - i;
// CHECK-FIXES-NEXT:     out[k] += k;
// CHECK-FIXES-NEXT:   }
// CHECK-FIXES-NEXT: #else
// CHECK-FIXES-NEXT:   apply<<<1, n>>>(three_way_lambda_1_not_OTHER_THIRD{out}
// CHECK-FIXES-NEXT: #endif

// No #else: the configuration that takes no branch reads the tail alone,
// as before.
// CHECK-MESSAGES: {{.*}}.cu:[[@LINE+7]]:19: warning: __device__ lambda lowered to functor 'no_else_lambda_1_not_OTHER'
// OTHER: {{.*}}.cu:{{[0-9]+}}:19: warning: __device__ lambda lowered to functor 'no_else_lambda_1_OTHER'
void no_else(int *out, int n) {
#if defined(OTHER)
  apply<<<1, n>>>([=] __device__ (int i) {
    int k = n - 1 - i;
#elif !defined(OTHER)
  apply<<<1, n>>>([=] __device__ (int i) {
    int k = i;
#endif
    out[k] -= k;
  }, n);
}
// CHECK-FIXES: #elif !defined(OTHER)
// CHECK-FIXES-NEXT:   apply<<<1, n>>>(no_else_lambda_1_not_OTHER{out}
// CHECK-FIXES-NEXT: #else
// CHECK-FIXES-NEXT:     out[k] -= k;
// CHECK-FIXES-NEXT:   }
// CHECK-FIXES-NEXT: #endif
// CHECK-FIXES-NEXT:   , n);

// Only the parameters differ: the body comes after #endif, and the functor
// copies it whole.
// CHECK-FIXES: struct body_after_endif_lambda_1_not_OTHER {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   __device__ void operator()(int i) const { out[i] *= 3; }
// CHECK-FIXES-NEXT: };
// CHECK-MESSAGES: {{.*}}.cu:[[@LINE+6]]:19: warning: __device__ lambda lowered to functor 'body_after_endif_lambda_1_not_OTHER'
// OTHER: {{.*}}.cu:{{[0-9]+}}:20: warning: __device__ lambda lowered to functor 'body_after_endif_lambda_1_OTHER'
void body_after_endif(int *out, int n) {
#ifdef OTHER
  apply2<<<1, n>>>([=] __device__ (int i, int m)
#else
  apply<<<1, n>>>([=] __device__ (int i)
#endif
  { out[i] *= 3; }, n);
}
// CHECK-FIXES: apply2<<<1, n>>>([=] __device__ (int i, int m)
// CHECK-FIXES-NEXT:   { out[i] *= 3; }
// CHECK-FIXES-NEXT: #else
// CHECK-FIXES-NEXT:   apply<<<1, n>>>(body_after_endif_lambda_1_not_OTHER{out}
// CHECK-FIXES-NEXT: #endif
// CHECK-FIXES-NEXT:   , n);

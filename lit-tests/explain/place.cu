// --explain FILE:LINE[:COL]: the rule at that place, why nvcc needs it, and
// the rewrite of that finding alone (the lambda one line below it is left
// out of the diff); a place no rule touches; a lambda that is not lowered.
// RUN: %cuda-lower --explain %s:%(line+13) | FileCheck %s --check-prefix=LAMBDA
// RUN: %cuda-lower --explain %s:%(line+15):34 | FileCheck %s --check-prefix=CALL
// RUN: %cuda-lower --explain %s:%(line+7) | FileCheck %s --check-prefix=NONE
// RUN: %expect-exit 1 %cuda-lower --explain %s:%(line+19) | FileCheck %s --check-prefix=REFUSED
// A place in a file that does not parse, or that is not there: the run's
// own exit code and message.
// RUN: %expect-exit 2 %cuda-lower --explain %s.missing:3 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: {{.*}}place.cu.missing

template <class F> __global__ void apply(F f) { f(0); }
constexpr int sq(int x) { return x * x; }

void run(int k) {
  apply<<<1, 1>>>([=] __device__ (int i) { (void)(i * k); });
  apply<<<1, 1>>>([=] __device__ (int i) { (void)(i + k); });
}
__device__ int d(int x) { return sq(x); }

void refused() {
  struct Local {
    int m;
    void f() {
      apply<<<1, 1>>>([this] __device__ (int) { (void)m; });
    }
  };
}

// LAMBDA: place.cu:17:19: warning: __device__ lambda lowered to functor 'run_lambda_1' [lower-extended-lambda]
// LAMBDA-NEXT: rule:  lower-extended-lambda (docs/rules/lower-extended-lambda.md)
// LAMBDA-NEXT: guide: CUDA C++ Programming Guide §5.3.8 (extended lambdas), §5.3.8.4 (their restrictions)
// LAMBDA-NEXT: why:   nvcc accepts a __device__ or __host__ __device__ lambda in host code only with --extended-lambda
// LAMBDA-NEXT: nvcc:  __host__ or __device__ annotation on lambda requires --extended-lambda nvcc flag
// LAMBDA:      the rewrite:
// LAMBDA:      +struct run_lambda_1 {
// LAMBDA:      -  apply<<<1, 1>>>([=] __device__ (int i) { (void)(i * k); });
// LAMBDA-NEXT: +  apply<<<1, 1>>>(run_lambda_1{k});
// LAMBDA-NEXT:    apply<<<1, 1>>>([=] __device__ (int i) { (void)(i + k); });
// LAMBDA-NOT:  run_lambda_2

// CALL: place.cu:20:34: warning: constexpr function 'sq' called from __device__ function 'd' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
// CALL: rule:  constexpr-host-call (docs/rules/constexpr-host-call.md)
// CALL: nvcc:  20013-D: calling a constexpr __host__ function
// CALL: the rewrite:
// CALL: +__host__ __device__ constexpr int sq(int x) { return x * x; }

// NONE: place.cu:13: no rule applies here

// REFUSED: place.cu:26:23: error: __device__ lambda not lowered: the enclosing function is a member of a local class
// REFUSED: cuda-lower does not rewrite this: the message above says why

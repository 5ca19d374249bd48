// RUN: %check_cuda_lower --expect-exit=1 --no-compile %s lower-extended-lambda %t
// Lambdas whose text crosses a conditional in other ways than beginning in
// one of its branches and ending after its #endif (branch-straddle.cu) are
// refused with the line of the conditional, not rewritten into text whose
// directives no longer pair up.

template <class F> __global__ void apply(F f, int n) {
  int i = threadIdx.x;
  if (i < n)
    f(i);
}

// Begins before the conditional, ends inside one of its branches.
void ends_inside(int *out, int n) {
  apply<<<1, n>>>([=] __device__ (int i) {
  // CHECK-MESSAGES: [[@LINE-1]]:19: error: __device__ lambda not lowered: its text crosses the preprocessor conditional at line [[@LINE+2]]; move the directives out of the lambda, or lower it by hand [lower-extended-lambda]
    out[i] = i;
#ifdef OTHER
  }, n);
#else
  }, n - 1);
#endif
}

// Begins in the branch of one conditional and leaves another as well.
void two_blocks(int *out, int n) {
#ifdef OTHER
  apply<<<1, n>>>([=] __device__ (int i) {
#else
  apply<<<1, n>>>([=] __device__ (int i) {
  // CHECK-MESSAGES: [[@LINE-1]]:19: error: __device__ lambda not lowered: its text crosses the preprocessor conditional at line [[@LINE+3]] and the one at line [[@LINE-4]]; move the directives out of the lambda, or lower it by hand [lower-extended-lambda]
#endif
    int k = i;
#ifdef THIRD
    k = n - 1 - i;
  }, n);
#else
    out[k] = k;
  }, n);
#endif
}

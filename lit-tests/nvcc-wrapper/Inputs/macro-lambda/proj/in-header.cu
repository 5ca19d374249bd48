// The macro comes from a project header, through a chain of macros.
#include "lambda.h"
template <class F> __global__ void kern(F f) { f(threadIdx.x); }
void run(int *p) {
  kern<<<1, 32>>>(PROJ_LAMBDA (int i) { p[i] = 3 * i; });
}

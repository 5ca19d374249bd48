// scale.cu - X[i] *= A, with an extended __device__ lambda.
#include "ops.h"

void scale(float *X, int N, float A) {
  launch(N, [=] __device__(int I) { X[I] *= A; });
}

#include "ops.cuh"

void scale(float *X, float A, int N) {
  forEach<<<(N + 255) / 256, 256>>>(N, [=] __device__(int I) { X[I] *= A; });
}

// Three operations generated from one header without include guard
// (lower-extended-lambda/Inputs/xmacro/op.cuh), each inclusion with other
// macros; the program checks every result on the host.
#include <cstdio>
#include "apply.cuh"

#define OP_NAME add_two
#define OP_KIND 1
#define OP_SCALE 2.0f
#include "op.cuh"
#undef OP_NAME
#undef OP_KIND
#undef OP_SCALE

#define OP_NAME times_three
#define OP_KIND 2
#define OP_SCALE 3.0f
#include "op.cuh"
#undef OP_NAME
#undef OP_KIND
#undef OP_SCALE

#define OP_NAME add_half
#define OP_KIND 1
#define OP_SCALE 0.5f
#include "op.cuh"

int main() {
  const int n = 1000;
  float *p;
  cudaMallocManaged(&p, n * sizeof(float));
  for (int i = 0; i < n; ++i)
    p[i] = float(i);
  add_two(p, n);
  times_three(p, n);
  add_half(p, n);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 2;
  int bad = 0;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    bad += p[i] != (i + 2.0f) * 3.0f + 0.5f;
    sum += p[i];
  }
  std::printf("x-macro: %s (sum %.1f)\n", bad ? "FAIL" : "OK", sum);
  cudaFree(p);
  return bad != 0;
}

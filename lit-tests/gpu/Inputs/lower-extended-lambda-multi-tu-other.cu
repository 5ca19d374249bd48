// The second translation unit of lower-extended-lambda-multi-tu.cu: uses the
// header's lambdas again, with other template arguments too.
#include "lower-extended-lambda-multi-tu.cuh"

long otherUnit(int *p, int n) {
  scaleAll(p, n, 3);
  addAll<int>(p, n, 5);
  Affine{2, -1}.apply(p, n);
  auto half = [] __host__ __device__ (int x) { return x / 2; };
  mtRun(n, [=] __device__ (int i) { p[i] /= 2; });
  if (half(7) != 3)
    return -1;
  return hostSum(p, n);
}

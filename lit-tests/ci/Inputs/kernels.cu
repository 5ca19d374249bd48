// Shared input of the CI tests: two findings that are rewritten (a lambda,
// a std call in device code) and one that is not (constexpr from a macro).
#include <cmath>

template <typename F> __global__ void apply(F f, float *p) {
  p[threadIdx.x] = f(p[threadIdx.x]);
}

void run(float *p, float k) {
  apply<<<1, 32>>>([=] __device__(float v) { return std::sqrt(v) * k; }, p);
}

#define CONSTEXPR_KERNEL constexpr __global__
CONSTEXPR_KERNEL void reset(float *p) {}

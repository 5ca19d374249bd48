// functor.cu - lambda.cu written by hand with a named functor: the baseline
// the lowered lambda must match.
#include "harness.cuh"

struct Axpb {
  float a, b;
  __host__ __device__ float operator()(float v) const { return a * v + b; }
};

int main(int argc, char **argv) {
  const float a = 1.5f, b = 0.25f;
  return runBenchmark(Axpb{a, b}, argc, argv);
}

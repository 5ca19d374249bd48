// lambda.cu - a __host__ __device__ lambda called in a host loop (and, with
// --gpu, in a kernel). nvcc --extended-lambda wraps such a lambda in a
// type-erased wrapper on the host; cuda-lower turns it into a plain functor.
#include "harness.cuh"

int main(int argc, char **argv) {
  const float a = 1.5f, b = 0.25f;
  auto axpb = [=] __host__ __device__(float v) { return a * v + b; };
  return runBenchmark(axpb, argc, argv);
}

// saxpy.cu - a memory-bound transform over 64M floats written as a device
// lambda run by a generic kernel template (forEachIndex in timing.cuh).
// Built as written with nvcc --extended-lambda and after cuda-lower with plain
// nvcc; bench/run.py --part kernels compares the two.
#include "timing.cuh"

int main() {
  const long n = 64L << 20;
  float *x = nullptr, *y = nullptr;
  BENCH_CHECK(cudaMalloc(&x, n * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&y, n * sizeof(float)));
  const int threads = 256;
  const unsigned blocks = unsigned((n + threads - 1) / threads);
  fillPattern<<<blocks, threads>>>(x, n, 1, 64);
  fillPattern<<<blocks, threads>>>(y, n, 1, 7);

  // a * 2^-k keeps every sum exact, so both builds print one checksum.
  float a = 0.125f;
  auto saxpy = [=] __device__ (long i) { y[i] = a * x[i] + y[i]; };
  int reps = benchReps(30);
  auto ms = timeRuns([&] { forEachIndex<<<blocks, threads>>>(saxpy, n); }, 3, reps);

  std::vector<float> host(n);
  BENCH_CHECK(cudaMemcpy(host.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost));
  double sum = 0;
  for (long i = 0; i < n; i += 97)
    sum += host[i];
  report("saxpy", ms, sum);
  BENCH_CHECK(cudaFree(x));
  BENCH_CHECK(cudaFree(y));
  return 0;
}

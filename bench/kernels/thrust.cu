// thrust.cu - Thrust algorithms over 64M elements with device lambdas:
// transform (two inputs) and transform_reduce (an explicit `-> double` return
// type, which CCCL 3 needs for a device lambda).
#include "timing.cuh"
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>

int main() {
  const long n = 64L << 20;
  thrust::device_vector<float> x(n), y(n), z(n);
  fillPattern<<<unsigned((n + 255) / 256), 256>>>(thrust::raw_pointer_cast(x.data()), n, 1, 64);
  fillPattern<<<unsigned((n + 255) / 256), 256>>>(thrust::raw_pointer_cast(y.data()), n, 1, 5);
  int reps = benchReps(30);

  float a = 0.25f;
  auto mix = [=] __device__ (float u, float v) { return a * u + v; };
  auto transformMs = timeRuns([&] {
    thrust::transform(x.begin(), x.end(), y.begin(), z.begin(), mix);
  }, 2, reps);
  double zsum = 0;
  for (long i = 0; i < n; i += 1 << 20)
    zsum += z[i];
  report("thrust-transform", transformMs, zsum);

  double result = 0;
  float shift = 1.0f;
  auto reduceMs = timeRuns([&] {
    result = thrust::transform_reduce(
        x.begin(), x.end(), [=] __device__ (float v) -> double { return double(v - shift) * (v - shift); },
        0.0, thrust::plus<double>());
  }, 2, reps);
  report("thrust-transform-reduce", reduceMs, result);
  return 0;
}

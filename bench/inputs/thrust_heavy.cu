// A Thrust-heavy file: transform, reduce, transform_reduce, sort, sort_by_key
// and for_each, each with an extended __device__ lambda. Benchmark input for
// bench/run.py; builds with nvcc --extended-lambda --expt-relaxed-constexpr.
#include <thrust/device_vector.h>
#include <thrust/for_each.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>

#include <algorithm>
#include <cstdio>

struct Particle {
  float x, v;
};

int main() {
  const int n = 1 << 16;
  const float dt = 0.01f, limit = 50.0f;
  thrust::device_vector<Particle> particles(n);
  thrust::device_vector<int> keys(n);
  thrust::device_vector<float> energy(n);
  Particle *p = thrust::raw_pointer_cast(particles.data());

  thrust::for_each(thrust::counting_iterator<int>(0),
                   thrust::counting_iterator<int>(n), [=] __device__(int i) {
                     p[i].x = float(i % 97);
                     p[i].v = float(i % 13) - 6.0f;
                   });
  thrust::transform(particles.begin(), particles.end(), particles.begin(),
                    [=] __device__(Particle q) {
                      q.x = std::min(q.x + q.v * dt, limit);
                      return q;
                    });
  thrust::transform(particles.begin(), particles.end(), energy.begin(),
                    [] __device__(const Particle &q) { return 0.5f * q.v * q.v; });
  float total = thrust::reduce(energy.begin(), energy.end(), 0.0f,
                               [] __device__(float a, float b) -> float {
                                 return a + b;
                               });
  float maxX = thrust::transform_reduce(
      particles.begin(), particles.end(),
      [] __device__(const Particle &q) -> float { return q.x; }, 0.0f,
      thrust::maximum<float>());
  thrust::sort(particles.begin(), particles.end(),
               [] __device__(const Particle &a, const Particle &b) {
                 return a.x < b.x;
               });
  thrust::transform(particles.begin(), particles.end(), keys.begin(),
                    [=] __device__(const Particle &q) { return int(q.x / 10.0f); });
  thrust::sort_by_key(keys.begin(), keys.end(), energy.begin(),
                      [] __device__(int a, int b) { return a > b; });
  int firstKey = keys[0];
  std::printf("energy %.1f, max x %.2f, first key %d\n", total, maxX, firstKey);
  return total > 0 && maxX <= limit ? 0 : 1;
}

// saxpy.cu - a clamped SAXPY written the way much CUDA code is: extended
// lambdas handed to a __global__ template and to Thrust, and std::min called
// in device code. As written it needs
//   nvcc -std=c++17 --extended-lambda --expt-relaxed-constexpr
// after `cuda-lower` it builds with plain `nvcc -std=c++17`.
//
// The program checks its own results: it prints what it computed and exits
// with 1 on a wrong value, 2 on a CUDA error.
#include <thrust/device_vector.h>
#include <thrust/for_each.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

/// Calls f(i) once for every i in [0, n).
template <typename F>
__global__ void for_each_index(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

static int checkCuda(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  std::fprintf(stderr, "saxpy: %s: %s\n", what, cudaGetErrorString(err));
  return 2;
}

/// Counts the elements of `got` that differ from `want`.
static int countWrong(const char *name, const std::vector<float> &got,
                      const std::vector<float> &want) {
  int wrong = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::fabs(got[i] - want[i]) > 1e-5f * std::fabs(want[i])) {
      if (wrong++ < 5)
        std::printf("%s: wrong value at %zu: got %g, want %g\n", name, i,
                    got[i], want[i]);
    }
  }
  std::printf("%s: %s (y[0]=%g y[1234]=%g y[n-1]=%g)\n", name,
              wrong ? "FAILED" : "ok", got[0], got[1234], got.back());
  return wrong;
}

int main() {
  const int n = 1 << 20;
  const float a = 2.0f;
  const float cap = 1000.0f;

  // Small integers keep every result exact in float, on host and device.
  std::vector<float> hx(n), hy(n), want(n);
  for (int i = 0; i < n; ++i) {
    hx[i] = float(i % 1000);
    hy[i] = float(i % 7);
    want[i] = std::min(a * hx[i] + hy[i], cap);
  }
  thrust::device_vector<float> x(hx.begin(), hx.end());
  thrust::device_vector<float> y(hy.begin(), hy.end());
  thrust::device_vector<float> z(n);
  thrust::device_vector<float> w(n);
  const float *px = thrust::raw_pointer_cast(x.data());
  const float *py = thrust::raw_pointer_cast(y.data());
  float *pz = thrust::raw_pointer_cast(z.data());

  // 1. An extended lambda given to a kernel template.
  for_each_index<<<(n + 255) / 256, 256>>>(n, [=] __device__(int i) {
    pz[i] = std::min(a * px[i] + py[i], cap);
  });
  if (int rc = checkCuda(cudaGetLastError(), "kernel launch"))
    return rc;

  // 2. The same computation through thrust::for_each over indices.
  float *pw = thrust::raw_pointer_cast(w.data());
  thrust::for_each(thrust::counting_iterator<int>(0),
                   thrust::counting_iterator<int>(n), [=] __device__(int i) {
                     pw[i] = std::min(a * px[i] + py[i], cap);
                   });

  // 3. And through thrust::transform, element by element.
  thrust::device_vector<float> v(n);
  thrust::transform(x.begin(), x.end(), y.begin(), v.begin(),
                    [=] __device__(float xi, float yi) {
                      return std::min(a * xi + yi, cap);
                    });
  if (int rc = checkCuda(cudaDeviceSynchronize(), "synchronize"))
    return rc;

  std::vector<float> got(n);
  int wrong = 0;
  thrust::copy(z.begin(), z.end(), got.begin());
  wrong += countWrong("kernel template", got, want);
  thrust::copy(w.begin(), w.end(), got.begin());
  wrong += countWrong("thrust::for_each", got, want);
  thrust::copy(v.begin(), v.end(), got.begin());
  wrong += countWrong("thrust::transform", got, want);
  std::printf("saxpy: %d elements, %s\n", n, wrong ? "FAILED" : "all correct");
  return wrong ? 1 : 0;
}

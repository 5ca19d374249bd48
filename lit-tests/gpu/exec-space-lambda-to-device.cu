// Plain lambdas passed to a kernel, a launcher template and Thrust device
// algorithms. nvcc rejects the original even with --extended-lambda
// (§5.3.8.1), so there is no reference build: the program checks its GPU
// results against the same lambdas run on the host. With the default rules,
// exec-space-lambda-to-device finds the lambdas that reach device code and
// lower-extended-lambda turns them into functors of the space it chose
// (isPlainLambdaPassedToDevice, plainLambdaSpace), so the rewrite builds with
// plain nvcc. This test needs both rules.
// REQUIRES: gpu
// GPU-SELF-CHECK: nvcc rejects the original or it computes wrong results; the rewrite checks itself
// GPU-LOWER-ARGS:
// RUN: %cuda-lower %s > %t.cu
// RUN: %nvcc -o %t.exe %t.cu && %t.exe
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>
#include <utility>

template <typename F> __global__ void apply(F f, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = f(i);
}

template <typename F> void launch(F &&f, int *out, int n) {
  apply<<<(n + 31) / 32, 32>>>(std::forward<F>(f), out, n);
}

static int check(const char *what, const int *got, int n, int (*expect)(int)) {
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += got[i] != expect(i);
  printf("%s: %d mismatches\n", what, bad);
  return bad;
}

int main() {
  const int n = 64;
  int *d = nullptr;
  cudaMalloc(&d, n * sizeof(int));
  int h[n];
  int bad = 0;

  int k = 5;
  apply<<<2, 32>>>([k](int i) { return i * k; }, d, n);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  bad += check("kernel", h, n, [](int i) { return i * 5; });

  auto shift = [=](int i) { return i + k; };
  launch(shift, d, n);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  bad += check("launcher", h, n, [](int i) { return i + 5; });
  bad += shift(1) != 6;

  thrust::device_vector<int> v(n);
  thrust::transform(thrust::device, thrust::counting_iterator<int>(0),
                    thrust::counting_iterator<int>(n), v.begin(),
                    [](int i) { return 2 * i + 1; });
  int sum = thrust::reduce(v.begin(), v.end(), 0, [](int a, int b) { return a + b; });
  printf("thrust sum: %d\n", sum);
  bad += sum != n * n;

  cudaFree(d);
  printf("total mismatches: %d\n", bad);
  return bad != 0;
}

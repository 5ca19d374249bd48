// REQUIRES: gpu
// RUN: %cuda-lower %s > %t.cu && %gpu-diff %s %t.cu
// Lambdas that capture structured bindings (C++20; nvcc takes them in C++17
// with a warning): of a std::pair, of a struct through a reference binding,
// of std::tie's references, and in an instantiated template. Lowered, the
// functors hold copies of what the names refer to and compute what the
// originals do; each result is checked against a host computation.
#include <cstdio>
#include <tuple>
#include <utility>

template <class F> __global__ void each(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

struct Sample {
  float weight;
  int count;
};

constexpr int N = 1000;

template <class T> void scaled(T *out, std::pair<T, T> p) {
  auto [first, second] = p;
  each<<<(N + 127) / 128, 128>>>(N, [=] __device__ (int i) { out[i] = first * i + second; });
}

int main() {
  int *ints;
  float *floats;
  double *doubles;
  cudaMallocManaged(&ints, 2 * N * sizeof(int));
  cudaMallocManaged(&floats, N * sizeof(float));
  cudaMallocManaged(&doubles, N * sizeof(double));

  auto [lo, hi] = std::pair<int, int>{3, 5};
  each<<<(N + 127) / 128, 128>>>(N, [ints, lo, hi] __device__ (int i) { ints[i] = lo + hi * i; });

  Sample s{0.5f, 7};
  auto &[weight, count] = s;
  each<<<(N + 127) / 128, 128>>>(N, [=] __device__ (int i) { floats[i] = weight * (count + i); });

  int a = 2, b = 9;
  auto [ra, rb] = std::tie(a, b);
  each<<<(N + 127) / 128, 128>>>(N, [=] __device__ (int i) { ints[N + i] = ra * i - rb; });

  scaled(doubles, std::pair<double, double>{1.25, -4.0});
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("kernel failed\n");
    return 1;
  }

  int bad = 0;
  long isum = 0;
  double fsum = 0;
  for (int i = 0; i < N; ++i) {
    bad += ints[i] != 3 + 5 * i;
    bad += ints[N + i] != 2 * i - 9;
    bad += floats[i] != 0.5f * (7 + i);
    bad += doubles[i] != 1.25 * i - 4.0;
    isum += ints[i] + ints[N + i];
    fsum += floats[i] + doubles[i];
  }
  printf("sums %ld %.3f, %d wrong\n", isum, fsum, bad);
  return bad != 0;
}

// REQUIRES: gpu
// RUN: %cuda-lower %s > %t.cu && %gpu-diff %s %t.cu
// Captures whose type class template argument deduction finds, in
// instantiated templates: a cuda::std::pair from a dependent argument and a
// cuda::std::mdspan over a raw pointer (Thrust storage), in __device__ and
// __host__ __device__ lambdas. Lowered, they compute what the originals do,
// and each result is checked against a host computation.
#include <cstdio>
#include <cuda/std/mdspan>
#include <cuda/std/utility>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

// out[i] = v * i + 7, through a pair deduced from T.
template <class T> void offsets(T v, int *out, int n) {
  cuda::std::pair p(v, 7);
  apply<<<(n + 127) / 128, 128>>>([=] __device__ (int i) { out[i] = int(p.first * i) + p.second; }, n);
}

// Row sums of an h x w matrix in device memory, viewed through an mdspan
// captured by a __host__ __device__ lambda, itself captured by a kernel's.
template <class T> int row_sums(thrust::device_vector<T> &m, int h, int w, T *sums) {
  cuda::std::mdspan view(thrust::raw_pointer_cast(m.data()), h, w);
  auto row = [=] __host__ __device__ (int r) {
    T s = 0;
    for (int c = 0; c < int(view.extent(1)); ++c)
      s += view(r, c);
    return s;
  };
  apply<<<1, h>>>([=] __device__ (int r) { sums[r] = row(r); }, h);
  return int(view.extent(0) * view.extent(1));
}

int main() {
  const int n = 300, h = 6, w = 5;
  thrust::device_vector<int> out(n);
  offsets(3, thrust::raw_pointer_cast(out.data()), n);
  thrust::host_vector<int> got = out;
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && got[i] == 3 * i + 7;

  thrust::host_vector<float> hm(h * w);
  for (int i = 0; i < h * w; ++i)
    hm[i] = 0.5f * i;
  thrust::device_vector<float> dm = hm;
  thrust::device_vector<float> sums(h);
  int size = row_sums(dm, h, w, thrust::raw_pointer_cast(sums.data()));
  cudaDeviceSynchronize();
  thrust::host_vector<float> hs = sums;
  float total = 0;
  for (int r = 0; r < h; ++r) {
    float want = 0;
    for (int c = 0; c < w; ++c)
      want += hm[r * w + c];
    ok = ok && hs[r] == want;
    total += hs[r];
  }
  printf("last %d size %d total %.1f ok %d\n", (int)got[n - 1], size, total, ok);
  return ok && size == h * w ? 0 : 1;
}

// REQUIRES: gpu
// RUN: %cuda-lower %s > %t.cu
// RUN: %gpu-diff %s %t.cu
//
// Code that the host and the device compilation passes see differently
// (__CUDA_ARCH__ branches), kernels written by a macro, a template functor
// and a plain lambda inside device code, which needs no --extended-lambda.
// Whatever the rules do to this file, the result must build with plain nvcc
// and compute the same: each element is p(x) plus where() of the side that
// ran it, and the host checks every one.
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("CUDA error at line %d: %s\n", __LINE__,                     \
                  cudaGetErrorString(err_));                                   \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

/// 1000 when run on the GPU, 1 on the CPU.
__host__ __device__ int where() {
#ifdef __CUDA_ARCH__
  return 1000;
#else
  return 1;
#endif
}

/// c[0] + c[1] x + c[2] x^2 + ..., by Horner's rule.
template <typename T, int N> struct Poly {
  T c[N];
  __host__ __device__ T operator()(T x) const {
    T r = 0;
    for (int i = N - 1; i >= 0; --i)
      r = r * x + c[i];
    return r;
  }
};

#define ELEMENTWISE_KERNEL(NAME, EXPR)                                         \
  template <typename T>                                                        \
  __global__ void NAME(const T *in, T *out, int n) {                           \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                             \
    if (i < n) {                                                               \
      T x = in[i];                                                             \
      out[i] = (EXPR);                                                         \
    }                                                                          \
  }

ELEMENTWISE_KERNEL(squarePlusWhere, x * x + T(where()))

template <typename T, int N>
__global__ void evalPoly(Poly<T, N> p, const T *in, T *out, int n) {
  auto body = [&](int i) { out[i] = p(in[i]) + T(where()); };
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    body(i);
}

int main() {
  const int N = 4096;
  long long *in, *squares, *polys;
  CHECK(cudaMallocManaged(&in, N * sizeof(long long)));
  CHECK(cudaMallocManaged(&squares, N * sizeof(long long)));
  CHECK(cudaMallocManaged(&polys, N * sizeof(long long)));
  for (int i = 0; i < N; ++i)
    in[i] = i - N / 2;
  Poly<long long, 3> p = {{3, -2, 5}};
  squarePlusWhere<<<(N + 127) / 128, 128>>>(in, squares, N);
  evalPoly<<<8, 64>>>(p, in, polys, N);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  int Wrong = 0;
  long long Checksum = 0;
  for (int i = 0; i < N; ++i) {
    long long x = in[i];
    // where() is 1 here, on the host: the kernels must have seen 1000.
    Wrong += squares[i] != x * x + 1000 * where();
    Wrong += polys[i] != p(x) + 1000;
    Checksum += squares[i] ^ polys[i];
  }
  std::printf("host where()=%d, squares[0]=%lld polys[0]=%lld, "
              "checksum %lld, %d wrong\n",
              where(), squares[0], polys[0], Checksum, Wrong);
  CHECK(cudaFree(in));
  CHECK(cudaFree(squares));
  CHECK(cudaFree(polys));
  return Wrong == 0 ? 0 : 1;
}

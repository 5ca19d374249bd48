// std::min/std::max of two integers of one type become CUDA's ::min/::max
// (no libcu++ header): on the GPU and in a __host__ __device__ function run
// on the host, every value and every result type must be as before. Pairs
// include the extremes of each type, equal values and mixed signs.
// REQUIRES: gpu
// GPU-LOWER-ARGS: --rules=std-to-cuda-std
// RUN: %cuda-lower --rules=std-to-cuda-std %s > %t.cu && %gpu-diff %s %t.cu
#include <algorithm>
#include <climits>
#include <cstdio>
#include <type_traits>

// One function per type, as the rewrite applies to non-dependent calls.
// out[2]: the result's type is the operands' type, not a promoted one.
__host__ __device__ void both(int a, int b, int *out) {
  out[0] = std::min(a, b);
  out[1] = std::max(a, b);
  out[2] = std::is_same<decltype(+std::min(a, b)), int>::value;
}
__host__ __device__ void both(unsigned a, unsigned b, unsigned *out) {
  out[0] = std::min(a, b);
  out[1] = std::max(a, b);
  out[2] = std::is_same<decltype(+std::min(a, b)), unsigned>::value;
}
__host__ __device__ void both(long a, long b, long *out) {
  out[0] = std::min(a, b);
  out[1] = std::max(a, b);
  out[2] = std::is_same<decltype(+std::min(a, b)), long>::value;
}
__host__ __device__ void both(unsigned long a, unsigned long b, unsigned long *out) {
  out[0] = std::min(a, b);
  out[1] = std::max(a, b);
  out[2] = std::is_same<decltype(+std::min(a, b)), unsigned long>::value;
}
__host__ __device__ void both(long long a, long long b, long long *out) {
  out[0] = std::min(a, b);
  out[1] = std::max(a, b);
  out[2] = std::is_same<decltype(+std::min(a, b)), long long>::value;
}
__host__ __device__ void both(unsigned long long a, unsigned long long b, unsigned long long *out) {
  out[0] = std::min(a, b);
  out[1] = std::max(a, b);
  out[2] = std::is_same<decltype(+std::min(a, b)), unsigned long long>::value;
}

template <typename T> __global__ void kernel(const T *a, const T *b, int n, T *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    both(a[i], b[i], out + 3 * i);
}

template <typename T> int check(const char *name, const T *values, int count) {
  int n = count * count;
  T *a, *b, *out;
  cudaMallocManaged(&a, n * sizeof(T));
  cudaMallocManaged(&b, n * sizeof(T));
  cudaMallocManaged(&out, 3 * n * sizeof(T));
  for (int i = 0; i < count; ++i)
    for (int j = 0; j < count; ++j) {
      a[i * count + j] = values[i];
      b[i * count + j] = values[j];
    }
  kernel<<<(n + 63) / 64, 64>>>(a, b, n, out);
  cudaError_t err = cudaDeviceSynchronize();
  int bad = err != cudaSuccess;
  unsigned long long sum = 0;
  for (int i = 0; i < n; ++i) {
    T host[3];
    both(a[i], b[i], host);
    bad += host[0] != out[3 * i] || host[1] != out[3 * i + 1] ||
           out[3 * i + 2] != 1 || host[2] != 1;
    sum = sum * 31 + (unsigned long long)out[3 * i] + 7 * (unsigned long long)out[3 * i + 1];
  }
  printf("%-18s %3d pairs, checksum %llu, %s\n", name, n, sum, bad ? "WRONG" : "ok");
  cudaFree(a);
  cudaFree(b);
  cudaFree(out);
  return bad;
}

int main() {
  const int ints[] = {INT_MIN, -7, -1, 0, 1, 7, INT_MAX};
  const unsigned uints[] = {0u, 1u, 7u, 0x80000000u, UINT_MAX};
  const long longs[] = {LONG_MIN, -1L, 0L, 3L, LONG_MAX};
  const unsigned long ulongs[] = {0ul, 5ul, 1ul << 40, ULONG_MAX};
  const long long lls[] = {LLONG_MIN, -(1ll << 40), -1ll, 0ll, 1ll << 40, LLONG_MAX};
  const unsigned long long ulls[] = {0ull, 2ull, 1ull << 63, ULLONG_MAX};
  int bad = check("int", ints, 7) + check("unsigned", uints, 5) +
            check("long", longs, 5) + check("unsigned long", ulongs, 4) +
            check("long long", lls, 6) + check("unsigned long long", ulls, 4);
  printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}

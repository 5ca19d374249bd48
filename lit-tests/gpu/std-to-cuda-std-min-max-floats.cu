// std::min/std::max of two floating-point or narrow integer values become
// std::min's own definition as a conditional, `(b < a ? b : a)` (no libcu++
// header): on the GPU and in a __host__ __device__ function run on the host,
// every result must be bit for bit as before (the GPU's results are compared
// by their bits between the original and the rewrite; the host's with the
// GPU's, with any two NaNs equal), signed zeros included (std::min returns
// its first argument when either is NaN, and when the two compare equal),
// and a variable initialised from the call keeps its type.
// The arguments take each form the rewrite repeats: array elements, members,
// a negation, a constexpr helper.
// REQUIRES: gpu
// GPU-LOWER-ARGS: --rules=std-to-cuda-std,constexpr-host-call
// RUN: %cuda-lower --rules=std-to-cuda-std,constexpr-host-call %s > %t.cu && %gpu-diff %s %t.cu
#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <type_traits>

constexpr float limit_f() { return 0.5f; }
constexpr double limit_d() { return -0.0; }

template <typename T> struct Pair { T x, y; };

// One function per type, as the rewrite applies to non-dependent calls.
__host__ __device__ void all(const float *a, const float *b, int i, float *out) {
  Pair<float> p{a[i], b[i]};
  out[0] = std::min(a[i], b[i]);
  out[1] = std::max(p.x, p.y);
  out[2] = std::min(a[i], limit_f());
  out[3] = std::max(-a[i], b[i]);
  auto r = std::min(p.y, p.x);
  out[4] = r;
  out[5] = std::is_same<decltype(r), float>::value;
}
__host__ __device__ void all(const double *a, const double *b, int i, double *out) {
  Pair<double> p{a[i], b[i]};
  out[0] = std::min(a[i], b[i]);
  out[1] = std::max(p.x, p.y);
  out[2] = std::max(a[i], limit_d());
  out[3] = std::min(-a[i], b[i]);
  auto r = std::max(p.y, p.x);
  out[4] = r;
  out[5] = std::is_same<decltype(r), double>::value;
}
__host__ __device__ void all(const short *a, const short *b, int i, short *out) {
  Pair<short> p{a[i], b[i]};
  out[0] = std::min(a[i], b[i]);
  out[1] = std::max(p.x, p.y);
  out[2] = std::min(a[i], short(3));
  out[3] = std::max(a[i], p.y);
  auto r = std::min(p.y, p.x);
  out[4] = r;
  out[5] = std::is_same<decltype(r), short>::value;
}
__host__ __device__ void all(const unsigned char *a, const unsigned char *b, int i,
                             unsigned char *out) {
  Pair<unsigned char> p{a[i], b[i]};
  out[0] = std::min(a[i], b[i]);
  out[1] = std::max(p.x, p.y);
  out[2] = std::max(a[i], (unsigned char)'A');
  out[3] = std::min(a[i], p.y);
  auto r = std::max(p.y, p.x);
  out[4] = r;
  out[5] = std::is_same<decltype(r), unsigned char>::value;
}

const int Results = 6;

template <typename T> __global__ void kernel(const T *a, const T *b, int n, T *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    all(a, b, i, out + Results * i);
}

/// A checksum of the results' bits, so that the original and the rewrite
/// print the same only if every result has the same bits.
template <typename T> unsigned long long bits(const T *v, int n) {
  unsigned long long sum = 0;
  for (int i = 0; i < n; ++i) {
    unsigned long long b = 0;
    std::memcpy(&b, v + i, sizeof(T));
    sum = sum * 1000003 + b;
  }
  return sum;
}

/// Whether the host's result and the device's are the same value: the same
/// bits, except that two NaNs are the same whatever their sign and payload
/// (a NaN that went through arithmetic, such as -a[i], has an unspecified
/// sign and payload on the GPU; PTX neg, ISA manuals). Signed zeros differ.
template <typename T> bool same(T x, T y) {
  if (x != x && y != y)
    return true;
  return std::memcmp(&x, &y, sizeof(T)) == 0;
}

template <typename T> int check(const char *name, const T *values, int count) {
  int n = count * count;
  T *a, *b, *out;
  cudaMallocManaged(&a, n * sizeof(T));
  cudaMallocManaged(&b, n * sizeof(T));
  cudaMallocManaged(&out, Results * n * sizeof(T));
  for (int i = 0; i < count; ++i)
    for (int j = 0; j < count; ++j) {
      a[i * count + j] = values[i];
      b[i * count + j] = values[j];
    }
  kernel<<<(n + 63) / 64, 64>>>(a, b, n, out);
  cudaError_t err = cudaDeviceSynchronize();
  int bad = err != cudaSuccess;
  for (int i = 0; i < n; ++i) {
    T host[Results];
    all(a, b, i, host);
    for (int k = 0; k < Results; ++k)
      if (!same(host[k], out[Results * i + k])) {
        ++bad;
        fprintf(stderr, "%s: a=%g b=%g result %d: host %g (bits %llx), device %g (bits %llx)\n",
                name, double(a[i]), double(b[i]), k, double(host[k]), bits(host + k, 1),
                double(out[Results * i + k]), bits(out + Results * i + k, 1));
      }
    bad += host[Results - 1] != T(1);
  }
  printf("%-14s %3d pairs, bits %llu, %s\n", name, n, bits(out, Results * n),
         bad ? "WRONG" : "ok");
  cudaFree(a);
  cudaFree(b);
  cudaFree(out);
  return bad;
}

int main() {
  const float floats[] = {NAN, -INFINITY, -FLT_MAX, -1.0f, -0.0f, 0.0f,
                          FLT_TRUE_MIN, 0.5f, 1.0f, FLT_MAX, INFINITY};
  const double doubles[] = {NAN, -INFINITY, -1.0, -0.0, 0.0, DBL_TRUE_MIN,
                            0.5, DBL_MAX, INFINITY};
  const short shorts[] = {SHRT_MIN, -3, -1, 0, 3, SHRT_MAX};
  const unsigned char uchars[] = {0, 1, 'A', 200, UCHAR_MAX};
  int bad = check("float", floats, 11) + check("double", doubles, 9) +
            check("short", shorts, 6) + check("unsigned char", uchars, 5);
  printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}

// RUN: %check_cuda_lower %s constexpr-host-call %t
// A literal operator for floating literals takes `long double` (AMReX's
// `0.5_rt`, a constexpr host function that device code calls with
// --expt-relaxed-constexpr). nvcc computes `long double` as `double` in
// device code, which is what the flag gave the call: it is annotated like
// any other constexpr function.

namespace lit {
constexpr double operator"" _rt(long double x) { return double(x); }
// CHECK-FIXES: __host__ __device__ constexpr double operator"" _rt(long double x) { return double(x); }
constexpr double operator"" _rt(unsigned long long x) { return double(x); }
// CHECK-FIXES: __host__ __device__ constexpr double operator"" _rt(unsigned long long x) { return double(x); }
} // namespace lit

using namespace lit;

__global__ void fill(double *out) {
  out[threadIdx.x] = 0.5_rt + 2_rt;
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: constexpr function 'lit::operator""_rt' called from __global__ function 'fill' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
  // CHECK-MESSAGES: :[[@LINE-2]]:32: warning: constexpr function 'lit::operator""_rt' called from __global__ function 'fill' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
}

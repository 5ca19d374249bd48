// A constexpr function that device code calls becomes __host__ __device__
// (constexpr-host-call), which leaves the std calls in its body to this
// rule: they are device code now, rewritten in the same run (Gunrock's
// numeric_limits<T>::invalid()). Before, nothing was rewritten there and
// verification refused the file. Also: an unqualified `cos(x)` in a
// __host__ __device__ function finds libstdc++'s constexpr std::cos(float)
// in the host pass only; the device pass finds CUDA's own overload, so
// nothing is needed (Gunrock's geo.hxx).
// RUN: %check_cuda_lower %s std-to-cuda-std,constexpr-host-call %t

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

constexpr float clamp_up(float x) { return std::max(x, 0.0f); }
// CHECK-MESSAGES: [[@LINE-1]]:44: warning: use 'cuda::std::max' instead of 'std::max' in device code [std-to-cuda-std]
// CHECK-FIXES: __host__ __device__ constexpr float clamp_up(float x) { return cuda::std::max(x, 0.0f); }
__device__ float use_clamp(float x) { return clamp_up(x); }
// CHECK-MESSAGES: [[@LINE-1]]:46: warning: constexpr function 'clamp_up' called from __device__ function 'use_clamp' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]

// Template case: a static member of a partial specialization.
template <class T, class = void> struct limits {};
template <class T> struct limits<T, std::enable_if_t<std::is_unsigned<T>::value>> {
  static constexpr T invalid() { return std::numeric_limits<T>::max(); }
  // CHECK-MESSAGES: [[@LINE-1]]:41: warning: use 'cuda::std::numeric_limits' instead of 'std::numeric_limits' in device code [std-to-cuda-std]
  // CHECK-FIXES: __host__ __device__ static constexpr T invalid() { return cuda::std::numeric_limits<T>::max(); }
};
template <class T> __host__ __device__ bool valid(T x) { return x != limits<T>::invalid(); }
// CHECK-MESSAGES: [[@LINE-1]]:81: warning: constexpr function 'limits<{{.*}}>::invalid' called from __host__ __device__ function 'valid' is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
__global__ void check(unsigned *p) { p[0] = valid(p[1]); }

// Macro case.
#define AT_LEAST_ONE(x) std::max(x, 1.0f)
// CHECK-FIXES: #define AT_LEAST_ONE(x) cuda::std::max(x, 1.0f)
constexpr float one(float x) { return AT_LEAST_ONE(x); }
// CHECK-MESSAGES: [[@LINE-1]]:39: warning: use 'cuda::std::max' instead of 'std::max' in device code [std-to-cuda-std]
__device__ float use_one(float x) { return one(x); }
// CHECK-MESSAGES: [[@LINE-1]]:44: warning: constexpr function 'one' called from __device__ function 'use_one' {{.*}} [constexpr-host-call]

template <class T> __host__ __device__ float heading(float x, T) { return cos(x) + atan2(x, x) + sqrt(x); }
__global__ void head(float *p) { p[0] = heading(p[0], 1); }

// No match: a constexpr function only host code calls keeps its std call.
constexpr float host_only(float x) { return std::min(x, 1.0f); }
// CHECK-FIXES: constexpr float host_only(float x) { return std::min(x, 1.0f); }
int main_host() { return int(host_only(2.0f)); }

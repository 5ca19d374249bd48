// RUN: %check_cuda_lower --no-compile %s exec-space-restrictions %t

// long double is computed as double on the device (§5.3.10.1; nvcc warning
// #20208-D): one finding per outermost expression.
__device__ double third(double x) { return static_cast<double>(x / 3.0L); }
// CHECK-MESSAGES: [[@LINE-1]]:66: warning: 'long double' in device code is computed as 'double' (§5.3.10.1) [exec-space-restrictions]
__host__ __device__ long double twice(double x) { return x * 2.0L; }
// CHECK-MESSAGES: [[@LINE-1]]:60: warning: 'long double' in device code is computed as 'double' (§5.3.10.1) [exec-space-restrictions]

// Template case: judged where it is instantiated for the device.
template <typename T> __device__ T halve(T x) { return x / T(2); }
// CHECK-MESSAGES: [[@LINE-1]]:58: warning: 'long double' in device code is computed as 'double' (§5.3.10.1) [exec-space-restrictions]
__global__ void use_halve(long double *wide, float *narrow) {
  *wide = halve(*wide);
  // CHECK-MESSAGES: [[@LINE-1]]:9: warning: 'long double' in device code is computed as 'double' (§5.3.10.1) [exec-space-restrictions]
  *narrow = halve(*narrow);
}

// Macro case.
#define WIDEN(x) static_cast<long double>(x)
__device__ bool wide_less(double a, double b) { return WIDEN(a) < WIDEN(b); }
// CHECK-MESSAGES: [[@LINE-1]]:56: warning: 'long double' in device code is computed as 'double' (§5.3.10.1) [exec-space-restrictions]
// CHECK-MESSAGES: [[@LINE-2]]:67: warning: 'long double' in device code is computed as 'double' (§5.3.10.1) [exec-space-restrictions]

// Dynamic initialisation of static variables in device code (§5.3.10.4.4).
__host__ __device__ int next_id(int base) { return base + 1; }
__host__ __device__ int counter(int base) {
  static int first = next_id(base);
  // CHECK-MESSAGES: [[@LINE-1]]:14: warning: static variable 'first' in device code is initialised at run time, which device code does not support (§5.3.10.4.4); give it a constant initialiser [exec-space-restrictions]
  static int fixed = 42;
  return first + fixed;
}
struct Pool {
  __host__ __device__ explicit Pool(int n) : size(n) {}
  int size;
};
template <int N> __host__ __device__ int pool_size() {
  static Pool pool(N);
  // CHECK-MESSAGES: [[@LINE-1]]:15: warning: static variable 'pool' in device code is initialised at run time, which device code does not support (§5.3.10.4.4); give it a constant initialiser [exec-space-restrictions]
  return pool.size;
}
int host_pool() { return pool_size<4>(); }

// No match: host code, constant initialisers, double arithmetic.
long double host_only(long double x) { return x / 3; }
__device__ double plain(double x) {
  static const double scale = 0.5;
  return x * scale;
}

// RUN: %check_cuda_lower --match-full-lines %s constexpr-global %t

// The guide's rule (§5.3.11.3): a __global__ function cannot be constexpr.
constexpr __global__ void kernel() {}
// CHECK-MESSAGES: [[@LINE-1]]:27: warning: __global__ function 'kernel' cannot be constexpr (§5.3.11.3) [constexpr-global]
// CHECK-FIXES: __global__ void kernel() {}

// Every declaration loses the specifier, whatever its position.
__global__ constexpr void declared(int);
// CHECK-MESSAGES: [[@LINE-1]]:27: warning: __global__ function 'declared' cannot be constexpr (§5.3.11.3) [constexpr-global]
// CHECK-FIXES: __global__ void declared(int);
__global__ constexpr void declared(int) {}
// CHECK-FIXES: __global__ void declared(int) {}

// Template case: the pattern is fixed once, whatever is instantiated.
template <typename T>
constexpr __global__ void fill(T *out, T v) { out[threadIdx.x] = v; }
// CHECK-MESSAGES: [[@LINE-1]]:27: warning: __global__ function 'fill' cannot be constexpr (§5.3.11.3) [constexpr-global]
// CHECK-FIXES: __global__ void fill(T *out, T v) { out[threadIdx.x] = v; }
void launch(float *p, int *q) {
  fill<<<1, 32>>>(p, 1.0f);
  fill<<<1, 32>>>(q, 2);
}

// Macro case: the annotation comes from a macro, the keyword does not.
#define KERNEL __global__
constexpr KERNEL void from_macro() {}
// CHECK-MESSAGES: [[@LINE-1]]:23: warning: __global__ function 'from_macro' cannot be constexpr (§5.3.11.3) [constexpr-global]
// CHECK-FIXES: KERNEL void from_macro() {}

// No match: constexpr device and host-device functions, plain kernels.
constexpr __device__ int twice(int x) { return 2 * x; }
// CHECK-FIXES: constexpr __device__ int twice(int x) { return 2 * x; }
__host__ __device__ constexpr int thrice(int x) { return 3 * x; }
// CHECK-FIXES: __host__ __device__ constexpr int thrice(int x) { return 3 * x; }
__global__ void plain(int *out) { *out = twice(thrice(1)); }
// CHECK-FIXES: __global__ void plain(int *out) { *out = twice(thrice(1)); }

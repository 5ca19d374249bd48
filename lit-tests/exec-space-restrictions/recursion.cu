// Device-side launches need relocatable device code, as with nvcc -rdc=true.
// RUN: %check_cuda_lower --no-compile %s exec-space-restrictions %t -- -- -fgpu-rdc

// §5.3.10.5.1: __global__ functions do not support recursion. A kernel can
// only reach itself by launching itself, directly or through device
// functions.
__global__ void countdown(int n) {
// CHECK-MESSAGES: [[@LINE-1]]:17: warning: __global__ function 'countdown' is recursive (countdown -> countdown), which __global__ functions do not support (§5.3.10.5.1) [exec-space-restrictions]
  if (n > 0)
    countdown<<<1, 1>>>(n - 1);
}

__device__ void spawn(int depth);
__global__ void tree(int depth) { spawn(depth + 1); }
// CHECK-MESSAGES: [[@LINE-1]]:17: warning: __global__ function 'tree' is recursive (tree -> spawn -> tree), which __global__ functions do not support (§5.3.10.5.1) [exec-space-restrictions]
__device__ void spawn(int depth) {
  if (depth < 4)
    tree<<<1, 2>>>(depth);
}

// Template case: each instantiation that launches itself is reported;
// unroll<2> launching unroll<1> is not recursion.
template <typename T> __global__ void walk(T *p, int n) {
// CHECK-MESSAGES: [[@LINE-1]]:39: warning: __global__ function 'walk' is recursive (walk -> walk), which __global__ functions do not support (§5.3.10.5.1) [exec-space-restrictions]
  if (n)
    walk<<<1, 1>>>(p + 1, n - 1);
}
template __global__ void walk<float>(float *, int);
template <int N> __global__ void unroll() {
  if constexpr (N > 0)
    unroll<N - 1><<<1, 1>>>();
}
template __global__ void unroll<2>();

// Macro case.
#define RELAUNCH(k, n) k<<<1, 1>>>(n)
__global__ void again(int n) {
// CHECK-MESSAGES: [[@LINE-1]]:17: warning: __global__ function 'again' is recursive (again -> again), which __global__ functions do not support (§5.3.10.5.1) [exec-space-restrictions]
  if (n)
    RELAUNCH(again, n - 1);
}

// No match: a kernel launching another kernel, device recursion.
__global__ void leaf(int *out) { *out = 1; }
__global__ void parent(int *out) { leaf<<<1, 1>>>(out); }
__device__ int fact(int n) { return n < 2 ? 1 : n * fact(n - 1); }
__global__ void use_fact(int *out) { *out = fact(5); }

// Dynamic parallelism: kernels launched from device code, which needs
// relocatable device code (nvcc -rdc=true, Clang -fgpu-rdc). §5.3.10.5.1
// forbids recursion of __global__ functions, but a launch is not a call: a
// kernel that launches itself, directly or through another kernel or a
// device function, gets no finding, and plain nvcc -rdc=true builds it.
// __device__ functions may recurse (§5.3.10.5.1).
// RUN: %check_cuda_lower --nvcc-arg=-rdc=true %s exec-space-restrictions %t -- -- -fgpu-rdc

// The same through a compile database entry that says -rdc=true, as nvcc
// reads it: without it, Clang refuses the device-side launches.
// RUN: rm -rf %t.db && mkdir -p %t.db && %strip-checks %s > %t.db/dp.cu
// RUN: echo '[{"directory": "%t.db", "command": "nvcc -rdc=true -arch=sm_80 -c dp.cu -o dp.o", "file": "dp.cu"}]' > %t.db/compile_commands.json
// RUN: %cuda-lower --rules=exec-space-restrictions -p %t.db %t.db/dp.cu > %t.db/out.cu 2> %t.db/err
// RUN: count 0 < %t.db/err
// RUN: cmp %t.db/dp.cu %t.db/out.cu
// RUN: echo '[{"directory": "%t.db", "command": "nvcc -arch=sm_80 -c dp.cu -o dp.o", "file": "dp.cu"}]' > %t.db/compile_commands.json
// RUN: %expect-exit 3 %cuda-lower --rules=exec-space-restrictions -p %t.db %t.db/dp.cu 2>&1 | FileCheck %s --check-prefix=NO-RDC
// NO-RDC: error: kernel launch from __device__ or __global__ function requires relocatable device code

// A kernel that launches itself (the CUDA samples' cdpSimpleQuicksort).
__global__ void countdown(int n) {
  if (n > 0)
    countdown<<<1, 1>>>(n - 1);
}

// Mutual launches: k1 -> k2 -> k1.
__global__ void pong(int n);
__global__ void ping(int n) {
  if (n > 0)
    pong<<<1, 1>>>(n - 1);
}
__global__ void pong(int n) {
  if (n > 0)
    ping<<<1, 1>>>(n - 1);
}

// A kernel launched again by a device function it calls.
__device__ void spawn(int depth);
__global__ void tree(int depth) { spawn(depth + 1); }
__device__ void spawn(int depth) {
  if (depth < 4)
    tree<<<1, 2>>>(depth);
}

// Template case: an instantiation that launches itself, and one that
// launches the next.
template <typename T> __global__ void walk(T *p, int n) {
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
  if (n)
    RELAUNCH(again, n - 1);
}

// Device recursion, which device functions may do, and a kernel that calls
// it.
__device__ int fact(int n) { return n < 2 ? 1 : n * fact(n - 1); }
__global__ void use_fact(int *out) { *out = fact(5); }

// A launch from the host.
void run(int *out) {
  countdown<<<1, 1>>>(3);
  use_fact<<<1, 1>>>(out);
}

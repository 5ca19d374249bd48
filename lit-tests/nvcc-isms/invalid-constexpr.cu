// Clang rejects a constexpr function that never produces a constant
// expression, even under -w: a constexpr kernel that reads threadIdx (a
// device builtin) is one. nvcc rejects a constexpr kernel too, but in its own
// words, which rule constexpr-global answers: the file must parse for the
// rule to drop the specifier. Exit 0, and plain nvcc builds the output.
// RUN: %expect-exit 0 %cuda-lower %s > %t.out.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %nvcc -c %t.out.cu -o %t.o
// RUN: %idempotent %t.out.cu

constexpr __global__ void fill(int *p) { p[threadIdx.x] = 1; }
// CHECK: [[@LINE-1]]:27: warning: __global__ function 'fill' cannot be constexpr (§5.3.11.3) [constexpr-global]

// Template case: a device function template that calls a device function.
__device__ int lane() { return threadIdx.x % 32; }
template <class T> constexpr __device__ T scaled(T x) { return x * lane(); }
__global__ void use(int *p) { p[0] = scaled(p[1]); }

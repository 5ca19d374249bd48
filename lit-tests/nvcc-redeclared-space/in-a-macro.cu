// A declaration spelled by a macro has no place for the keyword that the
// tool could write: the parse stops at Clang's error, which says what nvcc
// does and what to write (exit 3, nothing written).
// RUN: %expect-exit 3 %cuda-lower %s 2>&1 >/dev/null | FileCheck %s

#define DECLARE_DEVICE(name) __device__ int name(int)
DECLARE_DEVICE(next);
__host__ __device__ int next(int x) { return x + 1; }
// CHECK: in-a-macro.cu:[[@LINE-1]]:25: error: __host__ __device__ function 'next' cannot overload __device__ function 'next'
// CHECK: note: nvcc merges the execution spaces of a function's declarations into one __host__ __device__ function (a __global__ one excepted); Clang refuses a redeclaration in another space: declare 'next' '__host__ __device__' in each declaration, which means the same to nvcc

__global__ void kernel(int *out) { out[0] = next(1); }

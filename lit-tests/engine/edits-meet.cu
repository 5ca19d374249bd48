// RUN: %strip-checks %s > %t.cu
// RUN: %cuda-lower %t.cu > %t.out.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.out.cu --check-prefix=CHECK-FIXES --match-full-lines
// RUN: %nvcc -c %t.out.cu -o %t.o
// RUN: %idempotent %t.out.cu

// Two rules insert at one offset: std-to-cuda-std adds an include line in
// front of the first declaration after the includes, constexpr-host-call
// annotates that declaration. The include line comes first, whatever order
// the rules report in.
#include <algorithm>
constexpr float sq(float x) { return x * x; }
__global__ void k(float *p) { p[0] = std::min(sq(p[1]), 3.0f); }

// CHECK-FIXES: #include <algorithm>
// CHECK-FIXES-NEXT: #include <cuda/std/{{[a-z_]+}}>
// CHECK-FIXES-NEXT: __host__ __device__ constexpr float sq(float x) { return x * x; }
// CHECK-FIXES-NEXT: __global__ void k(float *p) { p[0] = cuda::std::min(sq(p[1]), 3.0f); }

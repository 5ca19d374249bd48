// RUN: %cuda-lower %s > %t.out.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.out.cu --check-prefix=FIX --match-full-lines
// RUN: %nvcc -c %t.out.cu -o %t.o
// RUN: %idempotent %t.out.cu

// Two rules insert at one offset: std-to-cuda-std adds an include line in
// front of the first declaration after the includes, constexpr-host-call
// annotates that declaration. The include line comes first, whatever order
// the rules report in.
#include <algorithm>
constexpr int sq(int x) { return x * x; }
__global__ void k(int *p) { p[0] = std::min(sq(2), 3); }

// FIX: #include <algorithm>
// FIX-NEXT: #include <cuda/std/{{[a-z_]+}}>
// FIX-NEXT: __host__ __device__ constexpr int sq(int x) { return x * x; }
// FIX-NEXT: __global__ void k(int *p) { p[0] = cuda::std::min(sq(2), 3); }

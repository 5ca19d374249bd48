// The include the rewrite adds goes where the header's code is compiled: not
// into a conditional that holds its first line of code (Kokkos's private
// headers open with `#ifndef KOKKOS_IMPL_PUBLIC_INCLUDE` / static_assert).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %strip-checks %s > %t.dir/include-site.cu && %strip-checks %S/Inputs/private_header.hpp > %t.dir/private_header.hpp
// RUN: %cuda-lower --rules=std-to-cuda-std --in-root %t.dir -i %t.dir/include-site.cu 2> %t.err
// RUN: FileCheck %S/Inputs/private_header.hpp --input-file=%t.dir/private_header.hpp --check-prefix=CHECK-FIXES
// RUN: %nvcc -Werror all-warnings -c %t.dir/include-site.cu -o %t.o
// RUN: %cuda-lower --rules=std-to-cuda-std --in-root %t.dir --check %t.dir/include-site.cu
#define LIB_PUBLIC_INCLUDE
#include "private_header.hpp"

__global__ void kernel(float *out) { out[0] = lowest<float>(); }

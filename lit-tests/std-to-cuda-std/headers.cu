// std:: in the device code of the project's own headers is rewritten in the
// header, which gets the includes it needs.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %strip-checks %s > %t.dir/headers.cu && %strip-checks %S/Inputs/tuple_utils.cuh > %t.dir/tuple_utils.cuh
// RUN: %cuda-lower --rules=std-to-cuda-std --in-root %t.dir -i %t.dir/headers.cu 2> %t.err
// RUN: FileCheck %S/Inputs/tuple_utils.cuh --input-file=%t.dir/tuple_utils.cuh --check-prefix=CHECK-FIXES
// RUN: FileCheck %s --input-file=%t.dir/headers.cu --check-prefix=CHECK-FIXES
// RUN: %nvcc -c %t.dir/headers.cu -o %t.o
// RUN: %cuda-lower --rules=std-to-cuda-std --in-root %t.dir --check %t.dir/headers.cu
#include "tuple_utils.cuh"

#define FIRST(t) ::std::get<0>(t)

template <typename T> __global__ void kernel(T *out) {
  auto t = std::make_tuple(T(1), T(2), T(3));
  out[0] = tu::at<2>(t) + tu::sum(t) + tu::twice(FIRST(t));
  out[1] = tu::make(out[0], 1).first;
}
// CHECK-FIXES: {{^}}#define FIRST(t) ::cuda::std::get<0>(t)
// CHECK-FIXES: {{^}}  auto t = cuda::std::make_tuple(T(1), T(2), T(3));

template __global__ void kernel<int>(int *);

// No match: host code.
int host() { return std::get<0>(std::make_tuple(4)); }
// CHECK-FIXES: {{^}}int host() { return std::get<0>(std::make_tuple(4)); }

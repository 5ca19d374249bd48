// A library's private header: it refuses to be included on its own (its
// first code sits in a branch that every real compile skips), then has its
// guard. The header the rewrite needs goes above that check, where it is read.
#ifndef LIB_PUBLIC_INCLUDE
static_assert(false, "include lib.hpp instead");
#endif
// CHECK-FIXES: {{^}}#include <cuda/std/limits>
// CHECK-FIXES-NEXT: {{^}}#ifndef LIB_PUBLIC_INCLUDE

#ifndef LIB_PRIVATE_HEADER_HPP
#define LIB_PRIVATE_HEADER_HPP
#include <limits>

template <class T> __device__ T lowest() { return std::numeric_limits<T>::lowest(); }
// CHECK-FIXES: {{^}}template <class T> __device__ T lowest() { return cuda::std::numeric_limits<T>::lowest(); }
#endif

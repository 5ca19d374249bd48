// libcu++ needs C++17 (CCCL 3 stops with #error below it, CCCL 2 warns): in
// a file compiled as C++11 or C++14 no `std::` becomes `cuda::std::` and no
// <cuda/std/...> header is included; each use is reported instead (hemi,
// built with --std=c++11). A type that needs no flag leaves the file
// building (exit 0); a constexpr call device code makes still needs
// --expt-relaxed-constexpr, which verification reports (exit 1).
// RUN: %check_cuda_lower --nvcc-arg=-std=c++14 %s std-to-cuda-std %t -- -- -std=c++14
// RUN: %check_cuda_lower --check-suffix=CALL --expect-exit=1 --no-compile %s std-to-cuda-std %t.call -- -- -std=c++11 -DCALL

#include <initializer_list>
#include <limits>

#ifndef CALL
template <class T> struct span {
  unsigned long n;
};

// Template case: the type of a size, as cpp11-range spells it.
template <typename T>
__host__ __device__ span<typename std::initializer_list<T>::size_type> first(unsigned long n) {
  // CHECK-MESSAGES: [[@LINE-1]]:35: warning: 'std::initializer_list' not rewritten to 'cuda::std::initializer_list': libcu++ needs C++17, and this file is compiled as C++14 [std-to-cuda-std]
  return {n};
}
__global__ void use(unsigned long *out) { out[0] = first<int>(2).n; }

// Macro case.
#define SIZE_OF(T) typename std::initializer_list<T>::size_type
template <typename T> __device__ SIZE_OF(T) size_of(T) { return 1; }
// CHECK-MESSAGES: [[@LINE-1]]:34: warning: 'std::initializer_list' not rewritten {{.*}} C++14 [std-to-cuda-std]
__global__ void use_macro(unsigned long *out) { out[0] = size_of(1); }

// No match: host code.
int host() { return std::numeric_limits<int>::digits; }

#else
__global__ void call(int *out) { out[0] = std::numeric_limits<int>::max(); }
// CHECK-MESSAGES-CALL: [[@LINE-1]]:43: warning: 'std::numeric_limits' not rewritten to 'cuda::std::numeric_limits': libcu++ needs C++17, and this file is compiled as C++11 [std-to-cuda-std]
// CHECK-MESSAGES-CALL: [[@LINE-2]]:{{[0-9]+}}: error: constexpr function 'std::numeric_limits<int>::max' is a host function for nvcc and is called from device code; plain nvcc needs --expt-relaxed-constexpr here (cuda::std, from libcu++, needs C++17) [verify]
#endif

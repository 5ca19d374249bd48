// A std template that the program specialises for its own types: the
// cuda::std template would not see the specialisation, so its uses stay,
// in templates too (T may be the user's type).
// RUN: %check_cuda_lower --nvcc-arg=--extended-lambda --nvcc-arg=--expt-relaxed-constexpr %s std-to-cuda-std %t -- --no-verify
#include <limits>

struct Fixed { int raw; };

namespace std {
template <> struct numeric_limits<Fixed> {
  __host__ __device__ static constexpr Fixed max() { return {1 << 30}; }
};
} // namespace std

__device__ Fixed top() { return std::numeric_limits<Fixed>::max(); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:33: warning: 'std::numeric_limits' has a specialisation in this program that 'cuda::std::numeric_limits' would not see; not rewritten [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-7]]:20: note: specialisation is here
// CHECK-FIXES: {{^}}__device__ Fixed top() { return std::numeric_limits<Fixed>::max(); }
template <typename T> __device__ T top_of() { return std::numeric_limits<T>::max(); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:54: warning: 'std::numeric_limits' has a specialisation in this program that 'cuda::std::numeric_limits' would not see; not rewritten [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-11]]:20: note: specialisation is here
#define TOP(T) std::numeric_limits<T>::max()
__device__ int top_int() { return TOP(int); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:35: warning: 'std::numeric_limits' has a specialisation in this program that 'cuda::std::numeric_limits' would not see; not rewritten [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-15]]:20: note: specialisation is here

// No match: host code.
int host() { return std::numeric_limits<int>::max(); }
// CHECK-FIXES: {{^}}int host() { return std::numeric_limits<int>::max(); }

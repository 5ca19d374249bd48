// A std template that the program specialises for its own types: the
// cuda::std template would not see the specialisation, so its uses stay,
// in templates too (T may be the user's type).
// RUN: %cuda-lower --no-verify --rules=std-to-cuda-std %s > %t.out.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.out.cu --check-prefix=FIX
// RUN: FileCheck %s --input-file=%t.err --check-prefix=MSG --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %nvcc-ext -c %t.out.cu -o %t.o
// RUN: %idempotent %t.out.cu --rules=std-to-cuda-std
#include <limits>

struct Fixed { int raw; };

namespace std {
template <> struct numeric_limits<Fixed> {
  __host__ __device__ static constexpr Fixed max() { return {1 << 30}; }
};
} // namespace std

__device__ Fixed top() { return std::numeric_limits<Fixed>::max(); }
// MSG: {{.*}}:[[@LINE-1]]:33: warning: 'std::numeric_limits' has a specialisation in this program that 'cuda::std::numeric_limits' would not see; not rewritten [std-to-cuda-std]
// MSG: {{.*}}:[[@LINE-7]]:20: note: specialisation is here
// FIX: {{^}}__device__ Fixed top() { return std::numeric_limits<Fixed>::max(); }
template <typename T> __device__ T top_of() { return std::numeric_limits<T>::max(); }
// MSG: {{.*}}:[[@LINE-1]]:54: warning: 'std::numeric_limits' has a specialisation in this program that 'cuda::std::numeric_limits' would not see; not rewritten [std-to-cuda-std]
// MSG: {{.*}}:[[@LINE-11]]:20: note: specialisation is here
#define TOP(T) std::numeric_limits<T>::max()
__device__ int top_int() { return TOP(int); }
// MSG: {{.*}}:[[@LINE-1]]:35: warning: 'std::numeric_limits' has a specialisation in this program that 'cuda::std::numeric_limits' would not see; not rewritten [std-to-cuda-std]
// MSG: {{.*}}:[[@LINE-15]]:20: note: specialisation is here

// No match: host code.
int host() { return std::numeric_limits<int>::max(); }
// FIX: {{^}}int host() { return std::numeric_limits<int>::max(); }

// Every way of naming a std entity in device code is rewritten to cuda::std.
// (The cuda::std spellings: HeaderFreeMinMax=false keeps std::min on floats
// from becoming a conditional, header-free-min-max.cu.)
// RUN: %check_cuda_lower %s std-to-cuda-std %t -- --rule-option std-to-cuda-std.HeaderFreeMinMax=false
#include <algorithm>
#include <array>
#include <limits>
#include <tuple>
#include <type_traits>
// The includes come in one block, in an order that does not depend on which
// use was found first: include edits at one offset are ordered by their text.
// CHECK-FIXES: {{^}}#include <type_traits>
// CHECK-FIXES-NEXT: {{^}}#include <cuda/std/array>
// CHECK-FIXES-NEXT: {{^}}#include <cuda/std/bitset>
// CHECK-FIXES-NEXT: {{^}}#include <cuda/std/functional>
// CHECK-FIXES-NEXT: {{^}}#include <cuda/std/limits>
// CHECK-FIXES-NEXT: {{^}}#include <cuda/std/tuple>
// CHECK-FIXES-NEXT: {{^}}#include <cuda/std/type_traits>

// A user type: with float or int arguments an unqualified min() would find
// CUDA's own ::min overloads, which are device functions already.
struct Len {
  int v;
  __host__ __device__ friend bool operator<(Len a, Len b) { return a.v < b.v; }
};

using std::max;
using namespace std;
namespace util { using std::min; }
namespace sd = std;

__device__ float qualified(float a, float b) { return std::min(a, b); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:55: warning: use 'cuda::std::min' instead of 'std::min' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ float qualified(float a, float b) { return cuda::std::min(a, b); }
__device__ float global(float a, float b) { return ::std::min(a, b); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:54: warning: use 'cuda::std::min' instead of 'std::min' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ float global(float a, float b) { return ::cuda::std::min(a, b); }
__device__ float explicit_args(float a, int b) { return std::min<float>(a, b); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:57: warning: use 'cuda::std::min' instead of 'std::min' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ float explicit_args(float a, int b) { return cuda::std::min<float>(a, b); }
__device__ Len using_declaration(Len a, Len b) { return max(a, b); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:57: warning: use 'cuda::std::max' instead of 'std::max' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ Len using_declaration(Len a, Len b) { return cuda::std::max(a, b); }
__device__ Len using_directive(Len a, Len b) { return min(a, b); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:55: warning: use 'cuda::std::min' instead of 'std::min' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ Len using_directive(Len a, Len b) { return cuda::std::min(a, b); }
__device__ Len local_using(Len a, Len b) { using std::min; return min(a, b); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:50: warning: use 'cuda::std::min' instead of 'std::min' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ Len local_using(Len a, Len b) { using cuda::std::min; return min(a, b); }
__device__ Len other_namespace(Len a, Len b) { return util::min(a, b); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:55: warning: use 'cuda::std::min' instead of 'std::min' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ Len other_namespace(Len a, Len b) { return cuda::std::min(a, b); }
__device__ Len alias(Len a, Len b) { return sd::min(a, b); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:45: warning: use 'cuda::std::min' instead of 'std::min' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ Len alias(Len a, Len b) { return cuda::std::min(a, b); }
__device__ int local_type() { std::array<int, 4> a{1, 2, 3, 4}; return a[3]; }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:31: warning: use 'cuda::std::array' instead of 'std::array' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ int local_type() { cuda::std::array<int, 4> a{1, 2, 3, 4}; return a[3]; }
__device__ int deduced() { std::array a{1, 2}; return a[1]; }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:28: warning: use 'cuda::std::array' instead of 'std::array' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ int deduced() { cuda::std::array a{1, 2}; return a[1]; }
__device__ bool variable_template() { return std::is_same_v<int, int>; }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:46: warning: use 'cuda::std::is_same_v' instead of 'std::is_same_v' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ bool variable_template() { return cuda::std::is_same_v<int, int>; }

// Templates: the pattern is rewritten, so every instantiation is.
template <typename T> __device__ T largest() { return std::numeric_limits<T>::max(); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:55: warning: use 'cuda::std::numeric_limits' instead of 'std::numeric_limits' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}template <typename T> __device__ T largest() { return cuda::std::numeric_limits<T>::max(); }
template <typename Tuple> __device__ auto first(Tuple &t) { return ::std::get<0>(t); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:70: warning: use 'cuda::std::get' instead of 'std::get' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}template <typename Tuple> __device__ auto first(Tuple &t) { return ::cuda::std::get<0>(t); }
template <typename Tuple>
__device__ std::tuple_element_t<0, Tuple> head(Tuple &t) { return std::get<0>(t); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:12: warning: use 'cuda::std::tuple_element_t' instead of 'std::tuple_element_t' in device code [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-2]]:67: warning: use 'cuda::std::get' instead of 'std::get' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ cuda::std::tuple_element_t<0, Tuple> head(Tuple &t) { return cuda::std::get<0>(t); }
template <typename T> __device__ T dependent(T a, T b) { return std::max(a, b); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:65: warning: use 'cuda::std::max' instead of 'std::max' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}template <typename T> __device__ T dependent(T a, T b) { return cuda::std::max(a, b); }

struct Add {
  template <class... A> __host__ __device__ int operator()(A... a) const { return (a + ...); }
};
__device__ int apply_tuple() { auto t = std::make_tuple(1, 2); return ::std::apply(Add{}, t); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:41: warning: use 'cuda::std::make_tuple' instead of 'std::make_tuple' in device code [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-2]]:73: warning: use 'cuda::std::apply' instead of 'std::apply' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ int apply_tuple() { auto t = cuda::std::make_tuple(1, 2); return ::cuda::std::apply(Add{}, t); }

__global__ void use(float *f, Len *l, int *i) {
  f[0] = qualified(f[1], f[2]) + global(f[1], f[2]) + explicit_args(f[1], 3) + largest<float>();
  l[0] = using_declaration(l[1], l[2]);
  l[0] = using_directive(l[0], local_using(other_namespace(l[1], l[2]), alias(l[1], l[2])));
  i[0] = local_type() + deduced() + variable_template() + apply_tuple() + dependent(i[1], i[2]);
  auto t = std::make_tuple(1, 2.0f);
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:12: warning: use 'cuda::std::make_tuple' instead of 'std::make_tuple' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}  auto t = cuda::std::make_tuple(1, 2.0f);
  f[3] = first(t) + head(t);
}

// Macros: a function named in a macro body is rewritten in the definition
// (cuda::std functions work on the host too); a macro argument in place.
#define SMALLER(a, b) std::min(a, b)
// CHECK-FIXES: {{^}}#define SMALLER(a, b) cuda::std::min(a, b)
#define ID(x) x
__device__ int macros(int a, int b) { return SMALLER(a, b) + ID(std::max(a, b)); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:46: warning: use 'cuda::std::min' instead of 'std::min' in device code [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-2]]:65: warning: use 'cuda::std::max' instead of 'std::max' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ int macros(int a, int b) { return SMALLER(a, b) + ID(cuda::std::max(a, b)); }

// No match: host code, and names that only look like std.
int host_only(int a, int b) { return std::min(a, b); }
namespace mine { namespace std { __device__ inline int min(int a, int) { return a; } } }
__device__ int not_std(int a) { return mine::std::min(a, a); }
__device__ std::size_t fundamental_alias(std::size_t n) { return n; }


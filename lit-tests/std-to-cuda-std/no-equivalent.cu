// What libcu++ does not have cannot run on the GPU: an error at the use.
// Compile-time-only names (traits, tags) and nvcc's own exceptions
// (std::initializer_list, guide §5.3.11.7) are fine.
// RUN: %check_cuda_lower --no-compile --expect-exit=1 %s std-to-cuda-std %t
#include <algorithm>
#include <initializer_list>
#include <iostream>
#include <iterator>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

__device__ int vector_size(const std::vector<int> &v) { return int(v.size()); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:70: error: reference to __host__ function 'size' in __device__ function; it is declared in {{/[^.]*}}stl_vector.h:{{[0-9]+}}, {{.*}} (plain nvcc refuses this) [verify]
__device__ void strings() { std::string s; }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:29: error: 'std::string' has no equivalent in libcu++; it cannot be used in device code [std-to-cuda-std]
__device__ void stream(int v) { std::cout << v; }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:33: error: 'std::cout' is a host object with no equivalent in libcu++; it cannot be used on the GPU [std-to-cuda-std]
__device__ void table(int k) { std::map<int, int> m; }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:32: error: 'std::map' has no equivalent in libcu++; it cannot be used in device code [std-to-cuda-std]
__device__ void fail() { std::runtime_error e("no"); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:26: error: 'std::runtime_error' is an exception type; exceptions are not supported in device code [std-to-cuda-std]
__device__ void sort(int *b, int *e) { std::sort(b, e); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:40: error: 'std::sort' is a host function with no equivalent in libcu++; it cannot run on the GPU [std-to-cuda-std]

#define LOG(v) std::cout << (v)
__device__ void logged(int v) { LOG(v); }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:33: error: 'std::cout' is a host object with no equivalent in libcu++; it cannot be used on the GPU [std-to-cuda-std]

template <typename T> __device__ void templated(T v) { std::vector<T> copy; }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:56: error: 'std::vector' has no equivalent in libcu++; it cannot be used in device code [std-to-cuda-std]

// Compile-time names and what nvcc makes __host__ __device__ are no error
// (libcu++ has these two, so they are rewritten); host code is left alone.
template <typename It> __device__ typename std::iterator_traits<It>::value_type deref(It it) { return *it; }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:44: warning: use 'cuda::std::iterator_traits' instead of 'std::iterator_traits' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}template <typename It> __device__ typename cuda::std::iterator_traits<It>::value_type deref(It it) { return *it; }
__device__ int sum(std::initializer_list<int> l) { int s = 0; for (int v : l) s += v; return s; }
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:20: warning: use 'cuda::std::initializer_list' instead of 'std::initializer_list' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ int sum(cuda::std::initializer_list<int> l) { int s = 0; for (int v : l) s += v; return s; }
__device__ int total() { return sum({1, 2, 3}); }
// Behind a pointer or a reference no object of the class is made or
// destroyed on the GPU: nvcc accepts it, and its member calls are errors of
// their own (verification's, above).
template <class T> struct Prop { T value; };
__device__ int ignored(const std::vector<int> &v, std::string *s) { return 0; }
template <class Tag, class P> __device__ const auto &label(const P &p) {
  return static_cast<const Prop<std::string> &>(p).value;
}
int host_only() { std::vector<int> v{1}; return int(v.size()); }
// CHECK-FIXES: {{^}}int host_only() { std::vector<int> v{1}; return int(v.size()); }


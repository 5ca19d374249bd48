// std classes that only device code uses are rewritten by default: no host
// code shares them (issue 26, item 7). std::min over pairs in a kernel takes
// cuda::std::pair's members with it (a std class's members are std's own).
// RUN: %check_cuda_lower %s std-to-cuda-std %t
#include <algorithm>
#include <array>
#include <tuple>
#include <utility>

__device__ std::pair<int, int> ordered(int a, int b) {
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:12: warning: use 'cuda::std::pair' instead of 'std::pair' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}__device__ cuda::std::pair<int, int> ordered(int a, int b) {
  return a < b ? std::make_pair(a, b) : std::make_pair(b, a);
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:18: warning: use 'cuda::std::make_pair' instead of 'std::make_pair' in device code [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-2]]:41: warning: use 'cuda::std::make_pair' instead of 'std::make_pair' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}  return a < b ? cuda::std::make_pair(a, b) : cuda::std::make_pair(b, a);
}

template <class T> __device__ std::tuple<T, T> halves(T v) {
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:31: warning: use 'cuda::std::tuple' instead of 'std::tuple' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}template <class T> __device__ cuda::std::tuple<T, T> halves(T v) {
  return std::make_tuple(v / 2, v - v / 2);
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:10: warning: use 'cuda::std::make_tuple' instead of 'std::make_tuple' in device code [std-to-cuda-std]
}

#define PAIR_OF(x) std::make_pair(x, x)
// CHECK-FIXES: {{^}}#define PAIR_OF(x) cuda::std::make_pair(x, x)

__global__ void kernel(int *out) {
  std::array<int, 4> table{1, 2, 3, 4};
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:3: warning: use 'cuda::std::array' instead of 'std::array' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}  cuda::std::array<int, 4> table{1, 2, 3, 4};
  std::pair<int, int> p = ordered(threadIdx.x, 3);
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:3: warning: use 'cuda::std::pair' instead of 'std::pair' in device code [std-to-cuda-std]
  std::pair<int, int> low = std::min(p, PAIR_OF(2));
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:3: warning: use 'cuda::std::pair' instead of 'std::pair' in device code [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-2]]:29: warning: use 'cuda::std::min' instead of 'std::min' in device code [std-to-cuda-std]
// CHECK-MESSAGES: {{.*}}:[[@LINE-3]]:41: warning: use 'cuda::std::make_pair' instead of 'std::make_pair' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}  cuda::std::pair<int, int> low = cuda::std::min(p, PAIR_OF(2));
  auto h = halves(p.second);
  out[threadIdx.x] = table[threadIdx.x % 4] + low.first + std::get<1>(h);
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:59: warning: use 'cuda::std::get' instead of 'std::get' in device code [std-to-cuda-std]
}

// No match: host code keeps its std classes.
std::pair<int, int> host_pair(int a) { return std::make_pair(a, a); }
// CHECK-FIXES: {{^}}std::pair<int, int> host_pair(int a) { return std::make_pair(a, a); }

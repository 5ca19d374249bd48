// With GCC 12's library in C++17, std::swap and std::pair's assignment are
// not constexpr: even --expt-relaxed-constexpr cannot make them device code,
// so the original does not build at all. Clang rejects the calls too; the
// tool still reads the code and the rewrite builds with plain nvcc.
// RUN: not %nvcc-ext -c %s -o %t.orig.o 2> %t.orig.err
// RUN: %check_cuda_lower %s std-to-cuda-std %t
#include <utility>

__device__ void order(int &a, int &b) {
  if (b < a)
    std::swap(a, b);
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:5: warning: use 'cuda::std::swap' instead of 'std::swap' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}    cuda::std::swap(a, b);
}

template <typename T> __device__ void order_pairs(T *v, int n) {
  for (int i = 1; i < n; ++i) {
    std::pair<T, int> p(v[i - 1], i - 1), q(v[i], i);
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:5: warning: use 'cuda::std::pair' instead of 'std::pair' in device code [std-to-cuda-std]
// CHECK-FIXES: {{^}}    cuda::std::pair<T, int> p(v[i - 1], i - 1), q(v[i], i);
    if (q.first < p.first)
      p = q;
    v[i - 1] = p.first;
  }
}

#define SWAP(a, b) std::swap(a, b)
// CHECK-FIXES: {{^}}#define SWAP(a, b) cuda::std::swap(a, b)
__global__ void kernel(int *v) {
  order(v[0], v[1]);
  order_pairs(v, 4);
  SWAP(v[2], v[3]);
// CHECK-MESSAGES: {{.*}}:[[@LINE-1]]:3: warning: use 'cuda::std::swap' instead of 'std::swap' in device code [std-to-cuda-std]
}

// No match: host code keeps std::swap.
void host(int &a, int &b) { std::swap(a, b); }
// CHECK-FIXES: {{^}}void host(int &a, int &b) { std::swap(a, b); }


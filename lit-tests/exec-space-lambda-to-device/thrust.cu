// Plain lambdas passed to Thrust and CUB algorithms that run on the device
// become __host__ __device__ lambdas: CCCL asks for their result type in
// host code, which a __device__ lambda without a trailing return type
// cannot answer.
// RUN: %check_cuda_lower --match-full-lines --nvcc-arg=--extended-lambda --nvcc-arg=--expt-relaxed-constexpr %s exec-space-lambda-to-device %t -- --no-verify
#include <algorithm>
#include <cub/device/device_for.cuh>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>
#include <vector>

int device_algorithms(thrust::device_vector<int> &v, cudaStream_t stream) {
  // A device execution policy.
  thrust::transform(thrust::device, v.begin(), v.end(), v.begin(), [](int x) { return x + 1; });
  // CHECK-MESSAGES: [[@LINE-1]]:68: warning: plain lambda passed to a device algorithm is __host__ for nvcc; make it a __host__ __device__ lambda [exec-space-lambda-to-device]
  // CHECK-FIXES: thrust::transform(thrust::device, v.begin(), v.end(), v.begin(), [] __host__ __device__(int x) { return x + 1; });
  thrust::transform(thrust::cuda::par.on(stream), v.begin(), v.end(), v.begin(), [](int x) { return x * 2; });
  // CHECK-MESSAGES: [[@LINE-1]]:82: warning: plain lambda passed to a device algorithm is __host__ for nvcc; make it a __host__ __device__ lambda [exec-space-lambda-to-device]
  // CHECK-FIXES: thrust::transform(thrust::cuda::par.on(stream), v.begin(), v.end(), v.begin(), [] __host__ __device__(int x) { return x * 2; });
  // Device iterators and no policy.
  auto is_even = [](int x) { return x % 2 == 0; };
  // CHECK-MESSAGES: [[@LINE-1]]:18: warning: plain lambda passed to a device algorithm is __host__ for nvcc; make it a __host__ __device__ lambda [exec-space-lambda-to-device]
  // CHECK-FIXES: auto is_even = [] __host__ __device__(int x) { return x % 2 == 0; };
  long evens = thrust::count_if(v.begin(), v.end(), is_even);
  return thrust::reduce(v.begin(), v.end(), 0, [](int a, int b) { return a > b ? a : b; }) + evens;
  // CHECK-MESSAGES: [[@LINE-1]]:48: warning: plain lambda passed to a device algorithm is __host__ for nvcc; make it a __host__ __device__ lambda [exec-space-lambda-to-device]
  // CHECK-FIXES: return thrust::reduce(v.begin(), v.end(), 0, [] __host__ __device__(int a, int b) { return a > b ? a : b; }) + evens;
}

// CUB's device algorithms.
void cub_algorithm(int *d, int n) {
  cub::DeviceFor::ForEachN(d, n, [](int &x) { x = -x; });
  // CHECK-MESSAGES: [[@LINE-1]]:34: warning: plain lambda passed to a device algorithm is __host__ for nvcc; make it a __host__ __device__ lambda [exec-space-lambda-to-device]
  // CHECK-FIXES: cub::DeviceFor::ForEachN(d, n, [] __host__ __device__(int &x) { x = -x; });
}

// Template case.
template <typename T> void add_to_all(thrust::device_vector<T> &v, T k) {
  thrust::transform(v.begin(), v.end(), v.begin(), [k](T x) { return x + k; });
  // CHECK-MESSAGES: [[@LINE-1]]:52: warning: plain lambda passed to a device algorithm is __host__ for nvcc; make it a __host__ __device__ lambda [exec-space-lambda-to-device]
  // CHECK-FIXES: thrust::transform(v.begin(), v.end(), v.begin(), [k] __host__ __device__(T x) { return x + k; });
}
template void add_to_all<int>(thrust::device_vector<int> &, int);
template void add_to_all<float>(thrust::device_vector<float> &, float);

// Macro case.
#define NEGATE_ALL(v, f) thrust::transform(thrust::device, v.begin(), v.end(), v.begin(), f)
void macros(thrust::device_vector<int> &v) {
  NEGATE_ALL(v, [](int x) { return -x; });
  // CHECK-MESSAGES: [[@LINE-1]]:17: warning: plain lambda passed to a device algorithm is __host__ for nvcc; make it a __host__ __device__ lambda [exec-space-lambda-to-device]
  // CHECK-FIXES: NEGATE_ALL(v, [] __host__ __device__(int x) { return -x; });
}

// No match: host policies and host iterators run the lambda on the host.
int host_algorithms(thrust::host_vector<int> &h, std::vector<int> &s) {
  thrust::transform(thrust::host, h.begin(), h.end(), h.begin(), [](int x) { return x + 1; });
  // CHECK-FIXES: thrust::transform(thrust::host, h.begin(), h.end(), h.begin(), [](int x) { return x + 1; });
  thrust::transform(h.begin(), h.end(), h.begin(), [](int x) { return x + 2; });
  // CHECK-FIXES: thrust::transform(h.begin(), h.end(), h.begin(), [](int x) { return x + 2; });
  std::transform(s.begin(), s.end(), s.begin(), [](int x) { return x + 3; });
  // CHECK-FIXES: std::transform(s.begin(), s.end(), s.begin(), [](int x) { return x + 3; });
  return thrust::reduce(thrust::seq, s.begin(), s.end(), 0, [](int a, int b) { return a + b; });
  // CHECK-FIXES: return thrust::reduce(thrust::seq, s.begin(), s.end(), 0, [](int a, int b) { return a + b; });
}

// CMake's Release, RelWithDebInfo and MinSizeRel configurations add
// -DNDEBUG. Under NDEBUG, CCCL 3 (cuda/std/__cccl/assert.h, reached from
// every Thrust, CUB and libcu++ header) re-declares `__assert_fail`
// __host__ __device__, as nvcc's own headers declare it; Clang's CUDA
// wrapper defines a __device__ one, and the parse stopped with "__host__
// __device__ function '__assert_fail' cannot overload __device__ function"
// (exit 3), and verification refused every rewrite that added a
// <cuda/std/...> header (exit 1). nvcc builds both.
//
// Release:
// RUN: %nvcc-ext -O3 -DNDEBUG -c %s -o %t.in.o
// RUN: %check_cuda_lower --nvcc-arg=-O3 --nvcc-arg=-DNDEBUG %s lower-extended-lambda,std-to-cuda-std %t -- -- -O3 -DNDEBUG
// RelWithDebInfo (and assertions switched on by hand, which read the same
// declaration):
// RUN: %check_cuda_lower --nvcc-arg=-O2 --nvcc-arg=-g --nvcc-arg=-lineinfo --nvcc-arg=-DNDEBUG --nvcc-arg=-DCCCL_ENABLE_ASSERTIONS %s lower-extended-lambda,std-to-cuda-std %t.rel -- -- -O2 -g -lineinfo -DNDEBUG -DCCCL_ENABLE_ASSERTIONS

#include <thrust/device_vector.h>
#include <thrust/transform.h>
#include <algorithm>
#include <cstdio>

__global__ void fill(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = std::min<int>(i, 100); // not CUDA's ::min: the header is added
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: use 'cuda::std::min' instead of 'std::min' in device code [std-to-cuda-std]
  // CHECK-FIXES: p[i] = cuda::std::min<int>(i, 100); // not CUDA's ::min: the header is added
}

// CHECK-FIXES: struct main_lambda_1 {
// CHECK-FIXES-NEXT: __device__ int operator()(int x) const { return 2 * x; }
int main() {
  thrust::device_vector<int> v(256);
  fill<<<1, 256>>>(thrust::raw_pointer_cast(v.data()), 256);
  thrust::transform(v.begin(), v.end(), v.begin(),
                    [] __device__(int x) { return 2 * x; });
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: __device__ lambda lowered to functor 'main_lambda_1' [lower-extended-lambda]
  // CHECK-FIXES: main_lambda_1{});
  int last = v[255];
  std::printf("%d\n", last);
  return last == 200 ? 0 : 1;
}

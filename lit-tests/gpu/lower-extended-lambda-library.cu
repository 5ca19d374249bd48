// REQUIRES: gpu
// GPU-LOWER-ARGS: --rule-option lower-extended-lambda.LowerTraitDispatched=true
// RUN: %cuda-lower --rule-option lower-extended-lambda.LowerTraitDispatched=true %s > %t.cu && %gpu-diff %s %t.cu
// What header-only CUDA libraries do with extended lambdas, lowered, must
// compute what the originals compute: annotations through project macros,
// lambdas inside macro arguments, __shared__ memory, __syncthreads and
// atomics in lambda bodies run by a generic kernel, generic device lambdas
// handed over through an overloaded operator (STF style), __CUDA_ARCH__
// branches in a body, the --extended-lambda guard, the closure-type traits,
// and cuda::proclaim_return_type with Thrust.
#include <cstdio>
#include <cstdlib>
#include <cuda/functional>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/transform.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>

#ifndef __CUDACC_EXTENDED_LAMBDA__
#error "this library needs nvcc --extended-lambda"
#endif

#define MGPU_DEVICE __device__
#define MGPU_HOST_DEVICE __host__ __device__
#define HD __host__ __device__
#define MGPU_LAMBDA [=] MGPU_DEVICE

// A CUDA call checked in place, as libraries wrap every call.
#define CHECK(call)                                                             \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      std::printf("%s failed: %s\n", #call, cudaGetErrorString(err_));         \
      std::exit(2);                                                             \
    }                                                                           \
  } while (0)

namespace mgpu {

constexpr int kThreads = 128;

template <class F> __global__ void transformKernel(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

/// Calls f(index) for each index in [0, n) on the device; returns the launch
/// status, as moderngpu's transform does.
template <class F> cudaError_t transform(F f, int n) {
  transformKernel<<<(n + kThreads - 1) / kThreads, kThreads>>>(f, n);
  cudaError_t err = cudaGetLastError();
  return err != cudaSuccess ? err : cudaDeviceSynchronize();
}

template <int NT, class F> __global__ void launchBox(F f, int numBlocks) {
  f(threadIdx.x, blockIdx.x);
}

/// Launches numBlocks blocks of NT threads that call f(tid, block): the body
/// owns its shared memory and its barriers.
template <int NT, class F> cudaError_t cta(F f, int numBlocks) {
  launchBox<NT><<<numBlocks, NT>>>(f, numBlocks);
  cudaError_t err = cudaGetLastError();
  return err != cudaSuccess ? err : cudaDeviceSynchronize();
}

} // namespace mgpu

// STF style: `place ->* lambda` launches a kernel over a logical data.
namespace stf {

template <class T> struct slice {
  T *data;
  size_t size;
};

template <class F, class T> __global__ void parallelFor(F f, slice<T> s) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < s.size; i += blockDim.x * gridDim.x)
    f(i, s);
}

template <class T> struct task {
  slice<T> s;
  template <class F> void operator->*(F f) {
    parallelFor<<<64, 128>>>(f, s);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
  }
};

template <class T> task<T> parallel_for(T *data, size_t size) { return task<T>{{data, size}}; }

} // namespace stf

// Dispatch on the closure traits, as libraries do to decide whether a
// functor needs its return type proclaimed. Both branches compute the same,
// so the RUN line lets the lambda be lowered (LowerTraitDispatched).
template <class F> int sumOver(const thrust::device_vector<int> &v, F f) {
  thrust::device_vector<int> tmp(v.size());
  if constexpr (__nv_is_extended_device_lambda_closure_type(F)) {
    thrust::transform(v.begin(), v.end(), tmp.begin(), cuda::proclaim_return_type<int>(f));
  } else {
    thrust::transform(v.begin(), v.end(), tmp.begin(), f);
  }
  return thrust::reduce(tmp.begin(), tmp.end());
}

struct Counters {
  int blocksDone;
  int total;
};

int main() {
  const int n = 1 << 12;
  int failures = 0;
  auto expect = [&](const char *what, long got, long want) {
    std::printf("%s %ld\n", what, got);
    if (got != want) {
      std::printf("  MISMATCH: want %ld\n", want);
      ++failures;
    }
  };

  thrust::device_vector<int> values(n);
  thrust::sequence(values.begin(), values.end());
  int *v = thrust::raw_pointer_cast(values.data());

  // Annotations through project macros, with and without spaces around them.
  int scale = 3;
  CHECK(mgpu::transform([=]MGPU_DEVICE(int index) { v[index] = v[index] * scale + 1; }, n));
  CHECK(mgpu::transform([=] MGPU_HOST_DEVICE (int index) { v[index] -= 1; }, n));
  CHECK(mgpu::transform(MGPU_LAMBDA(int index) { v[index] /= scale; }, n));
  expect("macros", thrust::reduce(values.begin(), values.end(), 0L), long(n) * (n - 1) / 2);

  // A block reduction in shared memory with a barrier and atomics, written in
  // the lambda, run by the generic kernel.
  thrust::device_vector<int> blockSums(n / mgpu::kThreads);
  int *sums = thrust::raw_pointer_cast(blockSums.data());
  Counters *counters = nullptr;
  CHECK(cudaMallocManaged(&counters, sizeof(Counters)));
  *counters = Counters{0, 0};
  CHECK(mgpu::cta<mgpu::kThreads>([=] __device__ (int tid, int block) {
    __shared__ int partial[mgpu::kThreads];
    partial[tid] = v[block * mgpu::kThreads + tid];
    __syncthreads();
    for (int stride = mgpu::kThreads / 2; stride > 0; stride /= 2) {
      if (tid < stride)
        partial[tid] += partial[tid + stride];
      __syncthreads();
    }
    if (tid == 0) {
      sums[block] = partial[0];
      atomicAdd(&counters->total, partial[0]);
      atomicAdd(&counters->blocksDone, 1);
    }
  }, n / mgpu::kThreads));
  expect("blocks", counters->blocksDone, n / mgpu::kThreads);
  expect("block-total", counters->total, long(n) * (n - 1) / 2);
  expect("block-0", blockSums[0], long(mgpu::kThreads) * (mgpu::kThreads - 1) / 2);

  // A generic device lambda through operator->*.
  thrust::device_vector<double> xs(n, 1.0);
  double alpha = 0.5;
  stf::parallel_for(thrust::raw_pointer_cast(xs.data()), xs.size())->*[=] __device__ (size_t i, auto x) {
    x.data[i] = alpha * double(i) + x.data[i];
  };
  expect("stf", long(thrust::reduce(xs.begin(), xs.end(), 0.0)), long(n + 0.5 * n * (n - 1) / 2));

  // __CUDA_ARCH__ inside the body: the device branch is the one that runs.
  thrust::device_vector<int> arch(1, 0);
  int *archOut = thrust::raw_pointer_cast(arch.data());
  CHECK(mgpu::transform([=] HD (int) {
#ifdef __CUDA_ARCH__
    *archOut = __CUDA_ARCH__ >= 900 ? 1 : 2;
#else
    *archOut = -1;
#endif
  }, 1));
  expect("arch", arch[0], 1);

  // Closure traits: the same result through either branch.
  thrust::sequence(values.begin(), values.end());
  int bias = 2;
  expect("traits", sumOver(values, [=] __device__ (int x) { return x % 7 + bias; }),
         [&] {
           long s = 0;
           for (int i = 0; i < n; ++i)
             s += i % 7 + 2;
           return s;
         }());

  // cuda::proclaim_return_type with thrust::transform.
  thrust::device_vector<float> halves(n);
  thrust::transform(values.begin(), values.end(), halves.begin(),
                    cuda::proclaim_return_type<float>([=] __device__ (int x) { return x * 0.5f; }));
  expect("proclaim", long(thrust::reduce(halves.begin(), halves.end(), 0.0f)), long(n) * (n - 1) / 4);

  CHECK(cudaFree(counters));
  std::printf("%s\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}

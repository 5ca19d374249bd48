// reduce.cu - two block programs written as device lambdas run by the
// blockProgram kernel template: a grid-stride sum in shared memory with
// __syncthreads and one atomicAdd per block, and a 256-bin histogram in
// shared memory with shared and global atomics. Integer data, so the results
// do not depend on the order of the atomics.
#include "timing.cuh"

int main() {
  const long n = 64L << 20;
  constexpr int NT = 256;
  constexpr int kBins = 256;
  unsigned *data = nullptr;
  unsigned long long *total = nullptr;
  unsigned *bins = nullptr;
  BENCH_CHECK(cudaMalloc(&data, n * sizeof(unsigned)));
  BENCH_CHECK(cudaMalloc(&total, sizeof(unsigned long long)));
  BENCH_CHECK(cudaMalloc(&bins, kBins * sizeof(unsigned)));
  fillPattern<<<unsigned((n + 255) / 256), 256>>>(data, n, 2654435761L, 1L << 31);
  int sms = 0;
  BENCH_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int blocks = sms * 8;
  int reps = benchReps(30);

  auto sum = [=] __device__ (int tid, int block, int gridSize) {
    __shared__ unsigned long long partial[NT];
    unsigned long long mine = 0;
    for (long i = long(block) * NT + tid; i < n; i += long(gridSize) * NT)
      mine += data[i] & 0xffffu;
    partial[tid] = mine;
    __syncthreads();
    for (int stride = NT / 2; stride > 0; stride /= 2) {
      if (tid < stride)
        partial[tid] += partial[tid + stride];
      __syncthreads();
    }
    if (tid == 0)
      atomicAdd(total, partial[0]);
  };
  auto sumMs = timeRuns([&] {
    BENCH_CHECK(cudaMemsetAsync(total, 0, sizeof(unsigned long long)));
    blockProgram<NT><<<blocks, NT>>>(sum);
  }, 2, reps);
  unsigned long long got = 0;
  BENCH_CHECK(cudaMemcpy(&got, total, sizeof(got), cudaMemcpyDeviceToHost));
  report("block-sum", sumMs, double(got));

  auto histogram = [=] __device__ (int tid, int block, int gridSize) {
    __shared__ unsigned local[kBins];
    for (int b = tid; b < kBins; b += NT)
      local[b] = 0;
    __syncthreads();
    for (long i = long(block) * NT + tid; i < n; i += long(gridSize) * NT)
      atomicAdd(&local[data[i] % kBins], 1u);
    __syncthreads();
    for (int b = tid; b < kBins; b += NT)
      atomicAdd(&bins[b], local[b]);
  };
  auto histMs = timeRuns([&] {
    BENCH_CHECK(cudaMemsetAsync(bins, 0, kBins * sizeof(unsigned)));
    blockProgram<NT><<<blocks, NT>>>(histogram);
  }, 2, reps);
  std::vector<unsigned> host(kBins);
  BENCH_CHECK(cudaMemcpy(host.data(), bins, kBins * sizeof(unsigned), cudaMemcpyDeviceToHost));
  double weighted = 0;
  for (int b = 0; b < kBins; ++b)
    weighted += double(host[b]) * (b + 1);
  report("histogram", histMs, weighted);

  BENCH_CHECK(cudaFree(data));
  BENCH_CHECK(cudaFree(total));
  BENCH_CHECK(cudaFree(bins));
  return 0;
}

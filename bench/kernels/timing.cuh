// timing.cuh - what the kernel-speed benchmarks (bench/kernels/*.cu) share:
// launch templates that run a device lambda, a cudaEvent timer, and the
// line format that bench/run.py --part kernels reads. No lambdas here, so
// cuda-lower leaves this header as it is and both builds include the same.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define BENCH_CHECK(call)                                                       \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                   \
                   cudaGetErrorString(err_));                                   \
      std::exit(2);                                                             \
    }                                                                           \
  } while (0)

/// Calls f(i) for every i in [0, n), one element per thread.
template <class F> __global__ void forEachIndex(F f, long n) {
  long i = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

/// p[i] = (i * mul) % mod for i in [0, n): input data, without a lambda so
/// that only the measured kernels run lambdas.
template <class T> __global__ void fillPattern(T *p, long n, long mul, long mod) {
  long i = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = T((i * mul) % mod);
}

/// Calls f(x, y) for every interior point of an nx by ny grid.
template <class F> __global__ void forEachPoint(F f, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x > 0 && y > 0 && x < nx - 1 && y < ny - 1)
    f(x, y);
}

/// Runs f(threadIdx.x, blockIdx.x, gridDim.x) in blocks of NT threads: the
/// body owns its shared memory and barriers.
template <int NT, class F> __global__ void __launch_bounds__(NT) blockProgram(F f) {
  f(int(threadIdx.x), int(blockIdx.x), int(gridDim.x));
}

/// Times launch() with CUDA events: `warmup` untimed runs, then `reps` timed
/// ones; returns the times in milliseconds.
template <class Launch> std::vector<float> timeRuns(Launch launch, int warmup, int reps) {
  cudaEvent_t start, stop;
  BENCH_CHECK(cudaEventCreate(&start));
  BENCH_CHECK(cudaEventCreate(&stop));
  for (int r = 0; r < warmup; ++r)
    launch();
  BENCH_CHECK(cudaDeviceSynchronize());
  std::vector<float> ms;
  for (int r = 0; r < reps; ++r) {
    BENCH_CHECK(cudaEventRecord(start));
    launch();
    BENCH_CHECK(cudaEventRecord(stop));
    BENCH_CHECK(cudaEventSynchronize(stop));
    float t = 0;
    BENCH_CHECK(cudaEventElapsedTime(&t, start, stop));
    ms.push_back(t);
  }
  BENCH_CHECK(cudaGetLastError());
  BENCH_CHECK(cudaEventDestroy(start));
  BENCH_CHECK(cudaEventDestroy(stop));
  return ms;
}

/// Prints the line bench/run.py parses:
/// `kernel <label> median_ms <m> min_ms <m> reps <n> checksum <c>`.
inline void report(const char *label, std::vector<float> ms, double checksum) {
  std::sort(ms.begin(), ms.end());
  float median = ms.size() % 2 ? ms[ms.size() / 2]
                               : 0.5f * (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]);
  std::printf("kernel %s median_ms %.4f min_ms %.4f reps %zu checksum %.17g\n", label, median,
              ms.front(), ms.size(), checksum);
}

/// Repetitions: BENCH_REPS from the environment, else `fallback`.
inline int benchReps(int fallback) {
  const char *env = std::getenv("BENCH_REPS");
  int reps = env ? std::atoi(env) : 0;
  return reps > 0 ? reps : fallback;
}

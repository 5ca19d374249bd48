// REQUIRES: gpu
// RUN: %cuda-lower %s > %t.cu && %gpu-diff %s %t.cu
// The patterns of AMReX's headers that lowering met (the lit tests
// branch-straddle.cu, decltype-of-locals.cu, function-usings.cu,
// trait-partial-specialization.cu, constexpr-host-call/long-double.cu),
// run: a reduction whose CUDA lambda begins under #else and shares its
// body with the other back end's after #endif, an alias through decltype
// of a local, a using-directive of the function, a literal operator on
// long double, and a launcher guarded by a partial specialization on
// nvcc's lambda trait. Checked against sums the host computes.
#include <cstdio>
#include <type_traits>

namespace amr {
using Real = double;
inline namespace literals {
constexpr Real operator"" _rt(long double x) { return Real(x); }
constexpr Real operator"" _rt(unsigned long long x) { return Real(x); }
} // namespace literals
template <class T> struct Data {
  using Type = T;
  T *result;
};
} // namespace amr

template <class T, class Enable = void>
struct HostRunnable : std::true_type {};
template <class T>
struct HostRunnable<T, std::enable_if_t<__nv_is_extended_device_lambda_closure_type(T)>>
    : std::false_type {};

template <class F> __global__ void launch_global(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

// Sum of f(i) * scale over [0, n) into one atomic accumulator.
template <class T, class F> T reduce(int n, T scale, F f) {
  amr::Data<T> data;
  cudaMallocManaged(&data.result, sizeof(T));
  *data.result = T(0);
  using R = typename decltype(data)::Type;
  T *acc = data.result;
#ifdef USE_OTHER_BACKEND
  other_launch(n, [=] __device__ (int i, int lane) {
    R v = f(i) + lane;
#else
  launch_global<<<(n + 127) / 128, 128>>>([=] __device__ (int i) {
    R v = f(i);
#endif
    atomicAdd(acc, v * scale);
  }, n);
  cudaDeviceSynchronize();
  T out = *acc;
  cudaFree(acc);
  return out;
}

double weighted(int n) {
  using namespace amr;
  return reduce(n, 0.5_rt, [=] __device__ (int i) -> Real {
    Real w = 2_rt;
    return w * i;
  });
}

int main() {
  const int n = 1000;
  double got = weighted(n);
  double want = 0.0;
  for (int i = 0; i < n; ++i)
    want += 0.5 * 2.0 * i;
  std::printf("weighted %.1f (want %.1f)\n", got, want);
  std::printf("host-runnable int %d\n", int(HostRunnable<int>::value));
  return got == want && HostRunnable<int>::value ? 0 : 1;
}

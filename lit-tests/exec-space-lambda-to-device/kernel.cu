// Plain lambdas passed to __global__ functions become extended lambdas.
// Alone, this rule leaves them for --extended-lambda; with
// lower-extended-lambda they become functors (see lit-tests/gpu).
// RUN: %check_cuda_lower --match-full-lines --nvcc-arg=--extended-lambda --nvcc-arg=--expt-relaxed-constexpr %s exec-space-lambda-to-device %t -- --no-verify
#include <utility>

// The guide's example (§5.3.8.1): a plain lambda in a host function has the
// host execution space and cannot be a kernel argument.
template <typename T> __global__ void kernel(T input) {}
void host_function() {
  kernel<<<1, 1>>>([]() {});
  // CHECK-MESSAGES: [[@LINE-1]]:20: warning: plain lambda passed to a __global__ function is __host__ for nvcc; make it a __device__ lambda [exec-space-lambda-to-device]
  // CHECK-FIXES: kernel<<<1, 1>>>([] __device__() {});
  kernel<<<1, 1>>>([] __device__() {});
  kernel<<<1, 1>>>([] __host__ __device__() {});
}

template <typename F, typename T> __global__ void apply(F f, T *out) { out[threadIdx.x] = f(threadIdx.x); }

// Through a variable; a variable also called on the host becomes
// __host__ __device__.
void variables(int *out, int k) {
  auto scale = [k](int i) { return i * k; };
  // CHECK-MESSAGES: [[@LINE-1]]:16: warning: plain lambda passed to a __global__ function is __host__ for nvcc; make it a __device__ lambda [exec-space-lambda-to-device]
  // CHECK-FIXES: auto scale = [k] __device__(int i) { return i * k; };
  apply<<<1, 32>>>(scale, out);
  auto shift = [=](int i) { return i + k; };
  // CHECK-MESSAGES: [[@LINE-1]]:16: warning: plain lambda passed to a __global__ function and used on the host is __host__ for nvcc; make it a __host__ __device__ lambda [exec-space-lambda-to-device]
  // CHECK-FIXES: auto shift = [=] __host__ __device__(int i) { return i + k; };
  apply<<<1, 32>>>(shift, out);
  out[0] = shift(1);
}

// Through a launcher template, with perfect forwarding.
template <typename F> void launch(F &&f, int *out) { apply<<<1, 32>>>(std::forward<F>(f), out); }
template <typename F> void launch_twice(F f, int *out) { launch(f, out); launch(f, out); }
void launchers(int *out) {
  launch([](int i) { return i + 1; }, out);
  // CHECK-MESSAGES: [[@LINE-1]]:10: warning: plain lambda passed to a __global__ function is __host__ for nvcc; make it a __device__ lambda [exec-space-lambda-to-device]
  // CHECK-FIXES: launch([] __device__(int i) { return i + 1; }, out);
  launch_twice([](int i) { return i - 1; }, out);
  // CHECK-MESSAGES: [[@LINE-1]]:16: warning: plain lambda passed to a __global__ function is __host__ for nvcc; make it a __device__ lambda [exec-space-lambda-to-device]
  // CHECK-FIXES: launch_twice([] __device__(int i) { return i - 1; }, out);
}

// Template case: the lambda of every instantiation is the same text.
template <typename T> void fill(T *out, T value) {
  apply<<<1, 32>>>([value](int) { return value; }, out);
  // CHECK-MESSAGES: [[@LINE-1]]:20: warning: plain lambda passed to a __global__ function is __host__ for nvcc; make it a __device__ lambda [exec-space-lambda-to-device]
  // CHECK-FIXES: apply<<<1, 32>>>([value] __device__(int) { return value; }, out);
}
template void fill<int>(int *, int);
template void fill<float>(float *, float);

// Macro case: a lambda written as a macro argument is fixed where it is
// written.
#define LAUNCH_ALL(f, out) apply<<<1, 32>>>(f, out)
void macros(int *out) {
  LAUNCH_ALL([](int i) { return 2 * i; }, out);
  // CHECK-MESSAGES: [[@LINE-1]]:14: warning: plain lambda passed to a __global__ function is __host__ for nvcc; make it a __device__ lambda [exec-space-lambda-to-device]
  // CHECK-FIXES: LAUNCH_ALL([] __device__(int i) { return 2 * i; }, out);
}

// No match: lambdas only used on the host, lambdas in device code, lambdas
// already annotated.
__device__ int device_side() {
  auto f = [](int i) { return i; };
  return f(1);
}
int host_side() {
  auto f = [](int i) { return i; };
  // CHECK-FIXES: auto f = [](int i) { return i; };
  return f(2);
}

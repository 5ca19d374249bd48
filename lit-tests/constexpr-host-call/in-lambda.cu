// A plain lambda that exec-space-lambda-to-device makes a device lambda is
// device code: the constexpr functions it calls are fixed in the same run.
// RUN: %check_cuda_lower --match-full-lines --nvcc-arg=--extended-lambda --nvcc-arg=--expt-relaxed-constexpr %s constexpr-host-call,exec-space-lambda-to-device %t -- --no-verify

constexpr int cube(int x) { return x * x * x; }
// CHECK-FIXES: __host__ __device__ constexpr int cube(int x) { return x * x * x; }
template <typename F> __global__ void apply(F f, int *out) { out[threadIdx.x] = f(threadIdx.x); }

void launch(int *out) {
  apply<<<1, 32>>>([](int i) { return cube(i); }, out);
  // CHECK-MESSAGES: [[@LINE-1]]:20: warning: plain lambda passed to a __global__ function is __host__ for nvcc; make it a __device__ lambda [exec-space-lambda-to-device]
  // CHECK-MESSAGES: [[@LINE-2]]:39: warning: constexpr function 'cube' called from __device__ lambda is not __device__ (nvcc needs --expt-relaxed-constexpr) [constexpr-host-call]
  // CHECK-FIXES: apply<<<1, 32>>>([] __device__(int i) { return cube(i); }, out);
}

// Template case, macro case and no-match case: a lambda only used on the
// host calls it from host code.
constexpr int square(int x) { return x * x; }
// CHECK-FIXES: constexpr int square(int x) { return x * x; }
#define SQUARE_OF(x) square(x)
template <typename T> T host_only(T x) {
  auto f = [](T v) { return SQUARE_OF(v); };
  return f(x);
}
int use() { return host_only(3); }

// Lambdas whose captures point into host memory cannot simply be made
// device lambdas: diagnostics only.
// RUN: %check_cuda_lower --no-compile %s exec-space-lambda-to-device %t -- --no-verify

template <typename F> __global__ void apply(F f, int *out) { out[threadIdx.x] = f(threadIdx.x); }

struct Scaler {
  int factor;
  void run(int *out) {
    apply<<<1, 32>>>([=](int i) { return i * factor; }, out);
    // CHECK-MESSAGES: [[@LINE-1]]:22: warning: plain lambda passed to a __global__ function is __host__ for nvcc; it captures 'this', which the GPU cannot use: capture by value (or '*this') and make it a __device__ lambda [exec-space-lambda-to-device]
  }
  // Template case.
  template <typename T> void run_as(T *out) {
    apply<<<1, 32>>>([this](int i) { return T(i * factor); }, out);
    // CHECK-MESSAGES: [[@LINE-1]]:22: warning: plain lambda passed to a __global__ function is __host__ for nvcc; it captures 'this', which the GPU cannot use: capture by value (or '*this') and make it a __device__ lambda [exec-space-lambda-to-device]
  }
};
template void Scaler::run_as<int>(int *);

// Macro case: a lambda written in a macro body cannot be edited.
#define LAUNCH_DOUBLE(out) apply<<<1, 32>>>([](int i) { return 2 * i; }, out)
void macros(int *out) { LAUNCH_DOUBLE(out); }
// CHECK-MESSAGES: [[@LINE-1]]:25: warning: plain lambda passed to a __global__ function is __host__ for nvcc; make it a __device__ lambda (not rewritten: the code to change comes from a macro expansion) [exec-space-lambda-to-device]

// No match: an extended lambda capturing *this by value.
struct Offset {
  int delta;
  void run(int *out) { apply<<<1, 32>>>([*this] __device__(int i) { return i + delta; }, out); }
};

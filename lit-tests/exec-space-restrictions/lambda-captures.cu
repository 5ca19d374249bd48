// RUN: %check_cuda_lower --no-compile %s exec-space-restrictions %t -- --no-verify

// The guide's example (§5.3.8.4 item 16): the closure's layout follows the
// captures each compilation pass sees, so they must not depend on
// __CUDA_ARCH__.
__device__ int result;
template <typename T> __global__ void kernel(T in) { result = in(); }

void foo(void) {
  int x1 = 1;
  auto lambda1 = [=] __host__ __device__ {
  // CHECK-MESSAGES: [[@LINE-1]]:18: warning: extended lambda captures nothing when __CUDA_ARCH__ is undefined but 'x1' when it is defined; host and device then disagree on its closure layout (§5.3.8.4 item 16) [exec-space-restrictions]
#ifdef __CUDA_ARCH__
    return x1 + 1;
#else
    return 10;
#endif
  };
  kernel<<<1, 1>>>(lambda1);
}

// The same variables in another order also change the layout.
void order(int *out) {
  int a = 1, b = 2;
  auto f = [=] __device__ {
  // CHECK-MESSAGES: [[@LINE-1]]:12: warning: extended lambda captures 'b', 'a' when __CUDA_ARCH__ is undefined but 'a', 'b' when it is defined; host and device then disagree on its closure layout (§5.3.8.4 item 16) [exec-space-restrictions]
#ifdef __CUDA_ARCH__
    return a * 10 + b;
#else
    return b * 10 + a;
#endif
  };
  kernel<<<1, 1>>>(f);
}

// Template case: each instantiation is compared with itself.
template <typename T> void scaled(T factor) {
  T offset = T(1);
  auto g = [=] __host__ __device__ {
  // CHECK-MESSAGES: [[@LINE-1]]:12: warning: extended lambda captures 'factor' when __CUDA_ARCH__ is undefined but 'factor', 'offset' when it is defined; host and device then disagree on its closure layout (§5.3.8.4 item 16) [exec-space-restrictions]
#if defined(__CUDA_ARCH__)
    return int(factor * offset);
#else
    return int(factor);
#endif
  };
  kernel<<<1, 1>>>(g);
}
template void scaled<float>(float);

// Macro case: the branch is hidden in a macro.
#ifdef __CUDA_ARCH__
#define DEVICE_ONLY(x) (x)
#else
#define DEVICE_ONLY(x) 0
#endif
void hidden() {
  int bias = 3;
  auto h = [=] __host__ __device__ { return DEVICE_ONLY(bias) + 1; };
  // CHECK-MESSAGES: [[@LINE-1]]:12: warning: extended lambda captures nothing when __CUDA_ARCH__ is undefined but 'bias' when it is defined; host and device then disagree on its closure layout (§5.3.8.4 item 16) [exec-space-restrictions]
  kernel<<<1, 1>>>(h);
}

// No match: the same captures in both passes, whatever the branches do.
void same() {
  int n = 4;
  auto k = [=] __host__ __device__ {
#ifdef __CUDA_ARCH__
    return n + 1;
#else
    return n - 1;
#endif
  };
  kernel<<<1, 1>>>(k);
}

// Clang rejects these constructs in its device pass (nvcc only when it sees
// them; under --expt-relaxed-constexpr it compiles a host constexpr function
// called from device code without a word), so this test reads the host pass.
// RUN: %check_cuda_lower --no-compile %s exec-space-restrictions %t -- --no-verify --passes=host

// The guide's example (§5.3.11.3): host_func is compiled for the GPU because
// device code calls it, and uses RTTI and exceptions there (§5.3.10.1).
#include <typeinfo>
struct Base {};
struct Derived : public Base {};
constexpr int host_func(bool b, Base *ptr) {
  if (b) {
    return 1;
  } else if (typeid(ptr) == typeid(Derived)) {
  // CHECK-MESSAGES: [[@LINE-1]]:14: warning: 'typeid' (RTTI) is not supported in device code (§5.3.10.1) [exec-space-restrictions]
  // CHECK-MESSAGES: exceptions-rtti.cu:[[@LINE-5]]:15: note: 'host_func' is device code because 'doit' calls it (accepted by --expt-relaxed-constexpr)
  // CHECK-MESSAGES: [[@LINE-3]]:29: warning: 'typeid' (RTTI) is not supported in device code (§5.3.10.1) [exec-space-restrictions]
  // CHECK-MESSAGES: exceptions-rtti.cu:[[@LINE-7]]:15: note: 'host_func' is device code because 'doit' calls it (accepted by --expt-relaxed-constexpr)
    return 2;
  } else {
    throw int{4};
    // CHECK-MESSAGES: [[@LINE-1]]:5: warning: 'throw' (exceptions) is not supported in device code (§5.3.10.1) [exec-space-restrictions]
    // CHECK-MESSAGES: exceptions-rtti.cu:[[@LINE-12]]:15: note: 'host_func' is device code because 'doit' calls it (accepted by --expt-relaxed-constexpr)
  }
}
__device__ void doit(bool flag) {
  int val;
  Derived d;
  val = host_func(flag, &d);
  (void)val;
}

// Host-device and device functions.
struct Shape {
  virtual ~Shape() {}
};
struct Circle : Shape {};
__host__ __device__ bool is_circle(Shape *s) {
  return dynamic_cast<Circle *>(s) != nullptr;
  // CHECK-MESSAGES: [[@LINE-1]]:10: warning: 'dynamic_cast' (RTTI) is not supported in device code (§5.3.10.1) [exec-space-restrictions]
}
__host__ __device__ int checked(int x) {
  try {
  // CHECK-MESSAGES: [[@LINE-1]]:3: warning: 'try' (exceptions) is not supported in device code (§5.3.10.1) [exec-space-restrictions]
    return x;
  } catch (...) {
    return 0;
  }
}

// Template case: an instantiation called at run time by device code.
template <typename T> constexpr T non_negative(T x) {
  return x < T(0) ? throw x : x;
  // CHECK-MESSAGES: [[@LINE-1]]:21: warning: 'throw' (exceptions) is not supported in device code (§5.3.10.1) [exec-space-restrictions]
  // CHECK-MESSAGES: exceptions-rtti.cu:[[@LINE-3]]:35: note: 'non_negative' is device code because 'clamp' calls it (accepted by --expt-relaxed-constexpr)
}
__global__ void clamp(float *v) { v[0] = non_negative(v[0]); }

// Macro case.
#define REQUIRE(c) ((c) ? 0 : throw "requirement failed")
constexpr int guarded(int x) { return REQUIRE(x > 0) + x; }
// CHECK-MESSAGES: [[@LINE-1]]:39: warning: 'throw' (exceptions) is not supported in device code (§5.3.10.1) [exec-space-restrictions]
// CHECK-MESSAGES: exceptions-rtti.cu:[[@LINE-2]]:15: note: 'guarded' is device code because 'use_guarded' calls it (accepted by --expt-relaxed-constexpr)
__device__ int use_guarded(int x) { return guarded(x); }

// No match: host code, and a constexpr function device code only folds.
int host_check(Shape *s) { return dynamic_cast<Circle *>(s) ? 1 : 0; }
constexpr int positive(int x) { return x > 0 ? x : throw x; }
__global__ void folded(int *out) { *out = positive(3); }

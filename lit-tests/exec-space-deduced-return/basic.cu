// RUN: %check_cuda_lower --match-full-lines %s exec-space-deduced-return %t

// The guide's examples (§5.3.12.1): nvcc rejects every reference to a
// non-constexpr __device__ function with a deduced return type outside the
// bodies of device functions.
__device__ auto fn1(int x) { return x; }
// CHECK-FIXES: __device__ int fn1(int x) { return x; }
__device__ decltype(auto) fn2(int x) { return x * 2.0; }
// CHECK-FIXES: __device__ double fn2(int x) { return x * 2.0; }

__global__ void kernel(int *out) { *out = sizeof(fn1(2)); }
// CHECK-FIXES: __global__ void kernel(int *out) { *out = sizeof(fn1(2)); }

void host_fn1() {
  struct S_local_t {
    decltype(fn2(10)) m1;
    // CHECK-MESSAGES: [[@LINE-1]]:14: warning: __device__ function 'fn2' has a deduced return type and is referenced outside device function bodies, which nvcc rejects (§5.3.12.1) [exec-space-deduced-return]
    // CHECK-MESSAGES: basic.cu:8:27: note: the return type is deduced as 'double' here
    S_local_t() : m1(10) {}
  };
  S_local_t s;
  (void)s;
}

template <typename T = decltype(fn2)> void host_fn2() {}
// CHECK-MESSAGES: [[@LINE-1]]:33: warning: __device__ function 'fn2' has a deduced return type and is referenced outside device function bodies, which nvcc rejects (§5.3.12.1) [exec-space-deduced-return]
// CHECK-MESSAGES: basic.cu:8:27: note: the return type is deduced as 'double' here

template <typename T> struct MyStruct {};
struct S1_derived_t : MyStruct<decltype(fn1)> {};
// CHECK-MESSAGES: [[@LINE-1]]:41: warning: __device__ function 'fn1' has a deduced return type and is referenced outside device function bodies, which nvcc rejects (§5.3.12.1) [exec-space-deduced-return]
// CHECK-MESSAGES: basic.cu:6:17: note: the return type is deduced as 'int' here

// Host-device bodies are compiled for the host too: nvcc rejects them.
namespace geo {
struct Point { float x, y; };
__device__ auto make(float x) { return Point{x, x}; }
// CHECK-FIXES: __device__ geo::Point make(float x) { return Point{x, x}; }
} // namespace geo
__host__ __device__ float norm1(float x) {
  decltype(geo::make(x)) p{x, -x};
  // CHECK-MESSAGES: [[@LINE-1]]:17: warning: __device__ function 'make' has a deduced return type and is referenced outside device function bodies, which nvcc rejects (§5.3.12.1) [exec-space-deduced-return]
  // CHECK-MESSAGES: basic.cu:37:17: note: the return type is deduced as 'geo::Point' here
  return p.x - p.y;
}

// Member functions and qualified placeholders: only 'auto' is replaced.
struct Acc {
  int v;
  __device__ const auto &get() const { return v; }
  // CHECK-FIXES: __device__ const int &get() const { return v; }
};
using Getter = decltype(&Acc::get);
// CHECK-MESSAGES: [[@LINE-1]]:31: warning: __device__ function 'get' has a deduced return type and is referenced outside device function bodies, which nvcc rejects (§5.3.12.1) [exec-space-deduced-return]
// CHECK-MESSAGES: basic.cu:50:26: note: the return type is deduced as 'int' here

// Template case: a return type that no template parameter changes is written
// into the pattern.
template <typename T> __device__ auto scale(T x) { return 1.5f; }
// CHECK-FIXES: template <typename T> __device__ float scale(T x) { return 1.5f; }
struct S2 : MyStruct<decltype(scale<int>)> {};
// CHECK-MESSAGES: [[@LINE-1]]:31: warning: __device__ function 'scale' has a deduced return type and is referenced outside device function bodies, which nvcc rejects (§5.3.12.1) [exec-space-deduced-return]
// CHECK-MESSAGES: basic.cu:59:39: note: the return type is deduced as 'float' here

// Macro case: the annotation comes from a macro, 'auto' does not.
#define DEVICE __device__
DEVICE auto twice(int x) { return 2 * x; }
// CHECK-FIXES: DEVICE int twice(int x) { return 2 * x; }
struct S3 : MyStruct<decltype(twice)> {};
// CHECK-MESSAGES: [[@LINE-1]]:31: warning: __device__ function 'twice' has a deduced return type and is referenced outside device function bodies, which nvcc rejects (§5.3.12.1) [exec-space-deduced-return]
// CHECK-MESSAGES: basic.cu:67:13: note: the return type is deduced as 'int' here

// No match: constexpr functions (nvcc allows them), host-device functions,
// and uses inside device bodies.
constexpr __device__ auto cube(int x) { return x * x * x; }
// CHECK-FIXES: constexpr __device__ auto cube(int x) { return x * x * x; }
__host__ __device__ auto half(int x) { return x / 2; }
// CHECK-FIXES: __host__ __device__ auto half(int x) { return x / 2; }
__device__ auto only_on_device(int x) { return x + 1; }
// CHECK-FIXES: __device__ auto only_on_device(int x) { return x + 1; }
struct S4 : MyStruct<decltype(cube)>, MyStruct<decltype(half(1))> {};
__global__ void use(int *out) { out[0] = only_on_device(out[1]) + cube(2); }

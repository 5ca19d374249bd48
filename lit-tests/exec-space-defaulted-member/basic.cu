// RUN: %check_cuda_lower --match-full-lines %s exec-space-defaulted-member %t

// The guide's example (§5.3.11.6): the annotation of a function defaulted in
// its class is ignored (nvcc warning #20012-D).
struct MyStruct2 {
  __device__ MyStruct2() = default;
  // CHECK-MESSAGES: [[@LINE-1]]:14: warning: nvcc ignores '__device__' on 'MyStruct2', a non-virtual function defaulted in its class; its execution space comes from its callers (§5.3.11.6) [exec-space-defaulted-member]
  // CHECK-FIXES: MyStruct2() = default;
};

struct Pair {
  __host__ __device__ Pair() = default;
  // CHECK-MESSAGES: [[@LINE-1]]:23: warning: nvcc ignores '__host__ __device__' on 'Pair', a non-virtual function defaulted in its class; its execution space comes from its callers (§5.3.11.6) [exec-space-defaulted-member]
  // CHECK-FIXES: Pair() = default;
  __host__
  __device__ Pair &operator=(const Pair &) = default;
  // CHECK-MESSAGES: [[@LINE-1]]:20: warning: nvcc ignores '__host__ __device__' on 'operator=', a non-virtual function defaulted in its class; its execution space comes from its callers (§5.3.11.6) [exec-space-defaulted-member]
  // CHECK-FIXES: Pair &operator=(const Pair &) = default;
  int first, second;
};

// Macro case: a macro that only annotates is removed with the annotations;
// CUTLASS-style macros add __forceinline__, which a defaulted function does
// not need either.
#define HOST_DEVICE __host__ __device__
#define HOST_DEVICE_INLINE __forceinline__ __host__ __device__
struct Vec {
  HOST_DEVICE Vec() = default;
  // CHECK-MESSAGES: [[@LINE-1]]:15: warning: nvcc ignores '__host__ __device__' on 'Vec', a non-virtual function defaulted in its class; its execution space comes from its callers (§5.3.11.6) [exec-space-defaulted-member]
  // CHECK-FIXES: Vec() = default;
  HOST_DEVICE_INLINE ~Vec() = default;
  // CHECK-MESSAGES: [[@LINE-1]]:22: warning: nvcc ignores '__host__ __device__' on '~Vec', a non-virtual function defaulted in its class; its execution space comes from its callers (§5.3.11.6) [exec-space-defaulted-member]
  // CHECK-FIXES: ~Vec() = default;
  HOST_DEVICE Vec(float a, float b) : x(a), y(b) {}
  // CHECK-FIXES: HOST_DEVICE Vec(float a, float b) : x(a), y(b) {}
  float x, y;
};

// Template case: the pattern is fixed, not each instantiation.
template <typename T> struct Box {
  __host__ __device__ Box() = default;
  // CHECK-MESSAGES: [[@LINE-1]]:23: warning: nvcc ignores '__host__ __device__' on 'Box<T>', a non-virtual function defaulted in its class; its execution space comes from its callers (§5.3.11.6) [exec-space-defaulted-member]
  // CHECK-FIXES: Box() = default;
  T value;
};

// No match: virtual functions and out-of-class defaults keep their
// annotations (nvcc honours them), and undefaulted members are left alone.
struct Base {
  virtual __host__ __device__ ~Base() = default;
  // CHECK-FIXES: virtual __host__ __device__ ~Base() = default;
};
struct OutOfClass {
  __host__ __device__ OutOfClass();
};
__host__ __device__ OutOfClass::OutOfClass() = default;
// CHECK-FIXES: __host__ __device__ OutOfClass::OutOfClass() = default;

__global__ void use(float *out) {
  Pair p;
  p = Pair();
  Vec v(1.0f, 2.0f);
  Box<float> b;
  b.value = v.x;
  OutOfClass o;
  (void)o;
  MyStruct2 m;
  (void)m;
  out[0] = b.value + static_cast<float>(p.first);
}
int main() {
  Pair p{};
  Box<int> b{};
  OutOfClass o;
  (void)o;
  return p.first + b.value;
}

// RUN: %check_cuda_lower --no-compile %s exec-space-restrictions %t

// The guide's list (§5.3.10.5.4): no C variadics, no va_list, no
// std::initializer_list, no polymorphic classes, at most 32,764 bytes.
#include <cstdarg>
#include <initializer_list>

__global__ void variadic(int n, ...) {}
// CHECK-MESSAGES: [[@LINE-1]]:17: warning: __global__ function 'variadic' cannot take C variadic arguments '...' (§5.3.10.5.4); use a variadic template [exec-space-restrictions]
__global__ void with_va_list(int n, va_list args) {}
// CHECK-MESSAGES: [[@LINE-1]]:45: warning: parameter 'args' of __global__ function 'with_va_list' cannot be a va_list (§5.3.10.5.4) [exec-space-restrictions]
__global__ void with_list(std::initializer_list<int> values) {}
// CHECK-MESSAGES: [[@LINE-1]]:54: warning: parameter 'values' of __global__ function 'with_list' cannot be a std::initializer_list (§5.3.10.5.4); pass an array or a pointer and a count [exec-space-restrictions]

struct Shape {
  virtual ~Shape() = default;
  virtual __device__ float area() const { return 0.0f; }
  float scale;
};
struct Square : Shape {
  __device__ float area() const override { return scale * scale; }
};
__global__ void polymorphic(Square s, float *out) { *out = s.area(); }
// CHECK-MESSAGES: [[@LINE-1]]:36: warning: parameter 's' of __global__ function 'polymorphic' has the polymorphic class type 'Square': copying it to the device is undefined behaviour (§5.3.10.5.4) [exec-space-restrictions]

struct Matrix {
  float m[96][96];
};
__global__ void too_big(Matrix a, float *out) { *out = a.m[0][0]; }
// CHECK-MESSAGES: [[@LINE-1]]:17: warning: the parameters of __global__ function 'too_big' take 36872 bytes, more than the 32764 bytes a launch can pass (§5.3.10.5.4); pass large data through a pointer [exec-space-restrictions]

// Template case: the size depends on the arguments; each instantiation that
// is too large is reported.
template <typename T> struct Buffer {
  T data[4096];
};
template <typename T> __global__ void copy_in(Buffer<T> b, T *out) {
// CHECK-MESSAGES: [[@LINE-1]]:39: warning: the parameters of __global__ function 'copy_in<double>' take 32776 bytes, more than the 32764 bytes a launch can pass (§5.3.10.5.4); pass large data through a pointer [exec-space-restrictions]
  out[threadIdx.x] = b.data[threadIdx.x];
}
template __global__ void copy_in<char>(Buffer<char>, char *);
template __global__ void copy_in<double>(Buffer<double>, double *);

// Macro case: the kernel is declared by a macro.
#define DECLARE_KERNEL(name, param) __global__ void name(param) {}
DECLARE_KERNEL(from_macro, std::initializer_list<float> xs)
// CHECK-MESSAGES: [[@LINE-1]]:57: warning: parameter 'xs' of __global__ function 'from_macro' cannot be a std::initializer_list (§5.3.10.5.4); pass an array or a pointer and a count [exec-space-restrictions]

// No match: pointers, references to device data, variadic templates, and
// parameters that fit.
template <typename... Ts> __global__ void pack(Ts... xs) {}
template __global__ void pack<int, float>(int, float);
struct Small {
  float v[8];
};
__global__ void fine(const Shape *shapes, Small s, const Matrix *m, int n) {}

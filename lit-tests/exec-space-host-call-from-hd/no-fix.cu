// Host callees that cannot run on the GPU: diagnostics with the call chain,
// no edits.
// RUN: %check_cuda_lower --no-compile %s exec-space-host-call-from-hd %t
#include <cstdio>
#include <string>

// Exceptions, two calls down.
int parse_digit(char c) {
  if (c < '0' || c > '9')
    throw c;
  return c - '0';
}
int parse_pair(const char *s) { return parse_digit(s[0]) * 10 + parse_digit(s[1]); }
__host__ __device__ int parse(const char *s) { return parse_pair(s); }
// CHECK-MESSAGES: [[@LINE-1]]:55: warning: __host__ function 'parse_pair' called from __host__ __device__ function 'parse'; nvcc only warns (#20011-D) and the GPU code is wrong; it cannot be made __host__ __device__ because it calls 'parse_digit', which throws an exception [exec-space-host-call-from-hd]
// CHECK-MESSAGES: :[[@LINE-3]]:40: note: 'parse_pair' calls 'parse_digit' here
// CHECK-MESSAGES: :[[@LINE-7]]:5: note: 'parse_digit' throws an exception here; device code does not support exceptions

// RTTI, host variables, run-time static initialisation. (`long double` is
// no reason: nvcc computes it as `double` in device code.)
struct Shape { virtual ~Shape() = default; };
struct Circle : Shape {};
bool is_circle(const Shape &s) { return dynamic_cast<const Circle *>(&s) != nullptr; }
__host__ __device__ bool round(const Shape &s) { return is_circle(s); }
// CHECK-MESSAGES: [[@LINE-1]]:57: warning: __host__ function 'is_circle' called from __host__ __device__ function 'round'; nvcc only warns (#20011-D) and the GPU code is wrong; it cannot be made __host__ __device__ because it uses dynamic_cast [exec-space-host-call-from-hd]
// CHECK-MESSAGES: :[[@LINE-3]]:41: note: 'is_circle' uses dynamic_cast here; device code does not support RTTI

int call_count = 0;
int counted(int x) { ++call_count; return x; }
__host__ __device__ int count(int x) { return counted(x); }
// CHECK-MESSAGES: [[@LINE-1]]:47: warning: __host__ function 'counted' called from __host__ __device__ function 'count'; nvcc only warns (#20011-D) and the GPU code is wrong; it cannot be made __host__ __device__ because it uses host variable 'call_count' [exec-space-host-call-from-hd]
// CHECK-MESSAGES: :[[@LINE-3]]:24: note: 'counted' uses host variable 'call_count' here; device code cannot access it

int seed();
int cached() { static int value = seed(); return value; }
__host__ __device__ int use_cache() { return cached(); }
// CHECK-MESSAGES: [[@LINE-1]]:46: warning: __host__ function 'cached' called from __host__ __device__ function 'use_cache'; nvcc only warns (#20011-D) and the GPU code is wrong; it cannot be made __host__ __device__ because it initialises a static variable at run time [exec-space-host-call-from-hd]
// CHECK-MESSAGES: :[[@LINE-3]]:27: note: 'cached' initialises a static variable at run time here; device code only allows constant initialisation

// Library code, a function defined elsewhere, a virtual function.
size_t text_length(const std::string &s) { return s.size(); }
__host__ __device__ size_t length(const std::string &s) { return text_length(s); }
// CHECK-MESSAGES: [[@LINE-1]]:66: warning: __host__ function 'text_length' called from __host__ __device__ function 'length'; nvcc only warns (#20011-D) and the GPU code is wrong; it cannot be made __host__ __device__ because it calls 'std::basic_string::size', which is declared outside the project [exec-space-host-call-from-hd]
// CHECK-MESSAGES: :[[@LINE-3]]:53: note: 'text_length' calls 'std::basic_string::size' here

__host__ __device__ size_t digits(int x) { return std::to_string(x).size(); }
// CHECK-MESSAGES: [[@LINE-1]]:56: warning: __host__ function 'std::to_string' called from __host__ __device__ function 'digits'; nvcc only warns (#20011-D) and the GPU code is wrong; it is declared outside the project: call its cuda::std equivalent if there is one, write a __host__ __device__ replacement, or keep the call out of device code with #ifndef __CUDA_ARCH__ [exec-space-host-call-from-hd]
// (Clang drops the rest of the statement, so its other calls show once this one is gone.)

int external(int x);
__host__ __device__ int call_external(int x) { return external(x); }
// CHECK-MESSAGES: [[@LINE-1]]:55: warning: __host__ function 'external' called from __host__ __device__ function 'call_external'; nvcc only warns (#20011-D) and the GPU code is wrong; it cannot be made __host__ __device__ because it has no definition [exec-space-host-call-from-hd]
// CHECK-MESSAGES: :[[@LINE-3]]:5: note: 'external' has no definition here; its body is not in this translation unit, so it cannot be checked

struct Base { virtual int id() const { return 1; } };
__host__ __device__ int id_of(const Base &b) { return b.id(); }
// CHECK-MESSAGES: [[@LINE-1]]:57: warning: __host__ function 'Base::id' called from __host__ __device__ function 'id_of'; nvcc only warns (#20011-D) and the GPU code is wrong; it cannot be made __host__ __device__ because it is virtual [exec-space-host-call-from-hd]
// CHECK-MESSAGES: :[[@LINE-3]]:27: note: 'Base::id' is virtual here; every override would need the same execution space

// Template case: the instantiation's body is checked.
template <typename T> T checked(T x) { return x < 0 ? throw x : x; }
template <typename T> __host__ __device__ T use_checked(T x) { return checked(x); }
// CHECK-MESSAGES: [[@LINE-1]]:71: warning: __host__ function 'checked' called from __host__ __device__ function 'use_checked'; nvcc only warns (#20011-D) and the GPU code is wrong; it cannot be made __host__ __device__ because it throws an exception [exec-space-host-call-from-hd]
// CHECK-MESSAGES: :[[@LINE-3]]:55: note: 'checked' throws an exception here; device code does not support exceptions
__global__ void kernel(int *p) { p[0] = use_checked(p[1]); }

// Macro case: a macro that defines two functions; the second cannot be
// annotated, so nothing is.
#define TWO_HELPERS int one() { return 1; } int two() { return 2; }
TWO_HELPERS
__host__ __device__ int use_two() { return two(); }
// CHECK-MESSAGES: [[@LINE-1]]:44: warning: __host__ function 'two' called from __host__ __device__ function 'use_two'; nvcc only warns (#20011-D) and the GPU code is wrong (not rewritten: the code to change comes from a macro expansion) [exec-space-host-call-from-hd]

// RUN: %check_cuda_lower --match-full-lines %s nvcc-pragma-macro %t

// A #pragma spelled in an object-like macro: nvcc reads it as a directive
// only where the macro stands alone on a line; _Pragma works everywhere.
#define UNROLL #pragma unroll
// CHECK-MESSAGES: [[@LINE-1]]:9: warning: macro 'UNROLL' spells a #pragma, which only nvcc reads, and only where the macro stands alone on a line; use the _Pragma operator [nvcc-pragma-macro]
// CHECK-FIXES: #define UNROLL _Pragma("unroll")
#define UNROLL_BY_4   #pragma   unroll 4
// CHECK-MESSAGES: [[@LINE-1]]:9: warning: macro 'UNROLL_BY_4' {{.*}} [nvcc-pragma-macro]
// CHECK-FIXES: #define UNROLL_BY_4   _Pragma("unroll 4")

// Macro case: a macro defined only for the device pass is found there.
#ifdef __CUDA_ARCH__
#define NO_UNUSED #pragma nv_diag_suppress 177
// CHECK-MESSAGES: [[@LINE-1]]:9: warning: macro 'NO_UNUSED' {{.*}} [nvcc-pragma-macro]
// CHECK-FIXES: #define NO_UNUSED _Pragma("nv_diag_suppress 177")
#else
#define NO_UNUSED
#endif

__global__ void fill(int *p) {
  UNROLL
  for (int i = 0; i < 4; ++i)
    p[i] = i;
  UNROLL_BY_4
  for (int i = 4; i < 8; ++i)
    p[i] = i;
}

// Template case: the macro is the same for every instantiation.
template <int N> __global__ void fill_n(int *p) {
  UNROLL
  for (int i = 0; i < N; ++i)
    p[i] = i;
}
template __global__ void fill_n<8>(int *);

// No match: the operator already, stringizing, a lone '#'.
#define ALREADY _Pragma("unroll")
// CHECK-FIXES: #define ALREADY _Pragma("unroll")
#define STR(x) #x
#define HASH #
__global__ void names(const char **p) {
  NO_UNUSED
  p[0] = STR(fill);
}

// nvcc predefines __NVCC__, its version and __CUDA_ARCH_LIST__; libraries
// stop without them. cuda-lower takes them from the toolkit's nvcc, so the
// file parses (exit 0), nothing is rewritten, and nvcc builds it.
// RUN: %expect-exit 0 %cuda-lower %s > %t.out.cu 2> %t.err
// RUN: count 0 < %t.err
// RUN: diff %s %t.out.cu
// RUN: %nvcc -c %t.out.cu -o %t.o

#include <cuda_runtime_api.h>

#if !defined(__NVCC__)
#error "NVCC version not found"
#endif
#if !defined(__CUDACC_VER_MAJOR__) || !defined(__CUDACC_VER_MINOR__) ||      \
    !defined(__CUDACC_VER_BUILD__)
#error "nvcc's version macros are missing"
#endif
#if !defined(__CUDA_API_VER_MAJOR__) || !defined(__CUDA_API_VER_MINOR__)
#error "nvcc's API version macros are missing"
#endif
#if !defined(__NVCC_DIAG_PRAGMA_SUPPORT__)
#error "nvcc's feature macros are missing"
#endif
// Except one that announces builtins Clang does not have: a library that
// tests it (CCCL 3.1's atomics) takes the path it takes for Clang.
#if defined(__CUDACC_DEVICE_ATOMIC_BUILTINS__) && !defined(__NVCC__)
#error "only nvcc itself has __nv_atomic_load"
#endif
#if defined(__clang__) && defined(__CUDACC_DEVICE_ATOMIC_BUILTINS__)
int clang_never_sees_nvcc_atomic_builtins = __nv_atomic_load_n;
#endif

// The values are the toolkit's, as nvcc would define them.
#define LIB_NVCC_VERSION                                                       \
  (__CUDACC_VER_MAJOR__ * 1000 + __CUDACC_VER_MINOR__ * 10)
static_assert(LIB_NVCC_VERSION == CUDART_VERSION, "nvcc's version");
constexpr int arch_list[] = {__CUDA_ARCH_LIST__};
static_assert(sizeof(arch_list) == sizeof(int) && arch_list[0] == 900,
              "default architecture");

// Template case: a library picks an implementation by nvcc's version.
template <class T> struct atomic_add {
#if __CUDACC_VER_MAJOR__ >= 12
  __device__ static T apply(T *p, T v) { return atomicAdd(p, v); }
#else
#error "this library needs CUDA 12"
#endif
};

// The device pass sees the same macros.
__global__ void kernel(int *out) {
#if defined(__CUDA_ARCH__) && !defined(__NVCC__)
#error "device pass without __NVCC__"
#endif
  atomic_add<int>::apply(out, __CUDACC_VER_MAJOR__);
}

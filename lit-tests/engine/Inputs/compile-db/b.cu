// Like a.cu, for an entry written with "arguments" and long nvcc spellings.
#include "config.h"

#ifndef FOO
#error "FOO is not defined: the compile command was not used"
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 800
#error "the device pass does not target the command's sm_80"
#endif

__global__ void fill2(int *p) { p[threadIdx.x] = CONFIG_VALUE * FOO; }

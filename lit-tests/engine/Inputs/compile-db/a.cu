// Parses only with the flags of its compile command: -I inc -DFOO=1, and the
// device pass must target the command's sm_80.
#include "config.h"

#ifndef FOO
#error "FOO is not defined: the compile command was not used"
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 800
#error "the device pass does not target the command's -arch=sm_80"
#endif

__global__ void fill(int *p) { p[threadIdx.x] = CONFIG_VALUE + FOO; }

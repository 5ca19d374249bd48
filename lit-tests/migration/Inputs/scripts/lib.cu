#ifndef __CUDACC_RELAXED_CONSTEXPR__
#error "build with --expt-relaxed-constexpr"
#endif
#if !defined( __CUDACC_EXTENDED_LAMBDA__ ) // the lambdas need it
#  error "build with --extended-lambda"
#endif
#ifdef __CUDACC_EXTENDED_LAMBDA__
#define HAVE_LAMBDAS 1
#endif
__global__ void kernel(int *P) { P[threadIdx.x] = 1; }

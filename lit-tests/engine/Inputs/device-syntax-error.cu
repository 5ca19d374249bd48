// Broken only where the device pass looks.
__device__ int twice(int x) {
#ifdef __CUDA_ARCH__
  return x * ;
#else
  return x * 2;
#endif
}

// Built by Clang as CUDA.
#ifndef FROM_CLANG
#error FROM_CLANG comes from the compile database entry
#endif

template <typename F> __global__ void apply(F f, int *p) {
  p[threadIdx.x] = f(p[threadIdx.x]);
}

void scale_clang(int *p, int k) {
  apply<<<1, 32>>>([=] __device__(int v) { return v * k; }, p);
}

// Built by ccache over nvcc.
#ifndef FROM_CCACHE
#error FROM_CCACHE comes from the compile database entry
#endif

template <typename F> __global__ void apply(F f, int *p) {
  p[threadIdx.x] = f(p[threadIdx.x]);
}

void scale_ccache(int *p, int k) {
  apply<<<1, 32>>>([=] __device__(int v) { return v * k; }, p);
}

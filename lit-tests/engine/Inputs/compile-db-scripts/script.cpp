// Built by the project's script over nvcc, which says -x cu.
#ifndef FROM_SCRIPT
#error FROM_SCRIPT comes from the compile database entry
#endif

template <typename F> __global__ void apply(F f, int *p) {
  p[threadIdx.x] = f(p[threadIdx.x]);
}

void scale_script(int *p, int k) {
  apply<<<1, 32>>>([=] __device__(int v) { return v * k; }, p);
}

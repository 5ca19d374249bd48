// Built by the project's script over nvcc, known by nvcc's flags alone.
#ifndef FROM_SCRIPT_FLAGS
#error FROM_SCRIPT_FLAGS comes from the compile database entry
#endif

template <typename F> __global__ void apply(F f, int *p) {
  p[threadIdx.x] = f(p[threadIdx.x]);
}

void scale_script_flags(int *p, int k) {
  apply<<<1, 32>>>([=] __device__(int v) { return v * k; }, p);
}

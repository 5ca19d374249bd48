// Built by an MPI wrapper over nvcc; its macro comes through -Xcompiler.
#ifndef FROM_MPI
#error FROM_MPI comes from the compile database entry
#endif

template <typename F> __global__ void apply(F f, int *p) {
  p[threadIdx.x] = f(p[threadIdx.x]);
}

void scale_mpi(int *p, int k) {
  apply<<<1, 32>>>([=] __device__(int v) { return v * k; }, p);
}

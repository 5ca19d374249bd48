// A source of the stress tests that includes nothing of the project: runs
// over it alone are in step, and so finish close together.
template <typename F> __global__ void apply(F f, int *p) {
  p[threadIdx.x] = f(p[threadIdx.x]);
}

void run_d(int *p, int k) {
  apply<<<1, 32>>>([=] __device__(int v) { return v - k; }, p);
}

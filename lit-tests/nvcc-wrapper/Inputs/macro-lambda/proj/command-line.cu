// The macro comes from the command line (-DCMD_LAMBDA=...).
template <class F> __global__ void kern(F f) { f(threadIdx.x); }
void run(int *p) {
  kern<<<1, 32>>>(CMD_LAMBDA (int i) { p[i] = 3 * i; });
}

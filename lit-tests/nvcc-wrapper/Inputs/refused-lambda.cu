// A lambda the rules refuse to lower (its macro stringizes an argument):
// plain nvcc then rejects it without --extended-lambda.
template <class F> __global__ void each(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}
#define FORALL(i, n, ...) each<<<1, 128>>>(n, [=] __device__ (int i) { __VA_ARGS__ }); trace(#__VA_ARGS__)
void trace(const char *) {}
void fill(int *a, int n) { FORALL(i, n, a[i] = i;);
  each<<<1, 128>>>(n, [=] __device__ (int i) { a[i] += 1; });
}

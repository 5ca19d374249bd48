// XFAIL: *
// Found by the GPU tests (lower-extended-lambda-nested.cu): a device lambda
// that captures another extended lambda of the same function. The inner
// closure type is local, so the outer lambda is refused ("has a type
// declared inside the function"), though the same run lowers the inner one
// to the namespace-scope functor g_lambda_1; the outer lambda is left and
// plain nvcc rejects it. nvcc --extended-lambda accepts the original.
// RUN: %nvcc-ext -c %s -o %t.orig.o
// RUN: %cuda-lower %s > %t.out.cu
// RUN: %nvcc -c %t.out.cu -o %t.o
template <class F> __global__ void k(F f, int *p) { f(p); }
void g(int *p) {
  auto inner = [] __host__ __device__ (int x) { return x + 1; };
  k<<<1, 1>>>([=] __device__ (int *q) { *q = inner(*q); }, p);
}

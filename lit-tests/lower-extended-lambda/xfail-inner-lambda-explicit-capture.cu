// XFAIL: *
// Found by the GPU tests (lower-extended-lambda-nested.cu): a plain lambda in
// an extended lambda's body names the outer captures in its capture list.
// Moved into the functor, `in` and `n` are members: nvcc "member
// g_lambda_1::in is not a variable". `[in = in, n = n]` (or `[=]`) would do.
// RUN: %nvcc-ext -c %s -o %t.orig.o
// RUN: %cuda-lower %s > %t.out.cu
// RUN: %nvcc -c %t.out.cu -o %t.o
template <class F> __global__ void k(F f) { f(0); }
void g(const int *in, int *out, int n) {
  k<<<1, 1>>>([=] __device__ (int i) {
    auto at = [in, n](int j) { return j < n ? in[j] : 0; };
    out[i] = at(i + 1);
  });
}

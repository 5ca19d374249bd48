// XFAIL: *
// Found by the GPU tests (lower-extended-lambda-this.cu): a [=] device
// lambda that writes a member through the implicit this (the object lives in
// managed memory, so the original is correct). The functor gets a copy of
// *this, and its const operator() cannot assign to it: nvcc "expression
// must be a modifiable lvalue" (and a mutable copy would lose the write).
// Keeping the pointer when the body writes through this would keep nvcc's
// semantics.
// RUN: %nvcc-ext -c %s -o %t.orig.o
// RUN: %cuda-lower %s > %t.out.cu
// RUN: %nvcc -c %t.out.cu -o %t.o
template <class F> __global__ void k(F f, int n) { if (threadIdx.x < n) f(threadIdx.x); }
struct Counters {
  int counts[8];
  void reset() { k<<<1, 8>>>([=] __device__ (int b) { counts[b] = 0; }, 8); }
};

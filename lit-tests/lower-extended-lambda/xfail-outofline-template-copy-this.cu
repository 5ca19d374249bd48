// XFAIL: *
// Found by the GPU tests (lower-extended-lambda-this.cu): [*this] in an
// out-of-line member of a class template. The functor is declared in the
// class as `struct run_lambda_1;` but defined as `template <class T>
// template <class Self> struct G<T>::run_lambda_1` and used as
// `run_lambda_1<G>`: nvcc: "template nesting depth does not match the
// previous declaration". Out of line the class is complete: `G self;` needs
// no Self parameter.
// RUN: %nvcc-ext -c %s -o %t.orig.o
// RUN: %cuda-lower %s > %t.out.cu
// RUN: %nvcc -c %t.out.cu -o %t.o
template <class F> __global__ void k(F f) { f(0); }
template <class T> struct G {
  T v;
  void run(T d);
};
template <class T> void G<T>::run(T d) {
  k<<<1, 1>>>([*this, d] __device__ (int) { (void)(v + d); });
}
template struct G<int>;

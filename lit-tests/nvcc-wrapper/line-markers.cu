// An nvcc diagnostic inside a lowered lambda body, and one after the code
// the lowering moved, name this file and its lines (#line directives in the
// private copy); the dependency file names this file, never the copy.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cuda-lower-nvcc --cuda-lower-strict -std=c++17 -arch=sm_90 -c %s -o %t/x.o -MD -MF %t/x.d 2> %t/err
// RUN: FileCheck %s --input-file=%t/err
// RUN: FileCheck %s --check-prefix=DEPS --input-file=%t/x.d
// RUN: ls %t/x.o.cuda-lower/root%s

template <class F> __global__ void each(int n, F f) {
  if (threadIdx.x < n)
    f(threadIdx.x);
}

void run(float *y, float a) {
  each<<<1, 32>>>(32, [=] __device__(int i) {
    y[i] *= a;
    int unused_in_body;
// CHECK: line-markers.cu([[@LINE-1]]): warning #177-D: variable "unused_in_body" was declared but never referenced
  });
  int unused_after;
// CHECK: line-markers.cu([[@LINE-1]]): warning #177-D: variable "unused_after" was declared but never referenced
}

// DEPS: x.o : {{.*}}/line-markers.cu
// DEPS-NOT: cuda-lower/root

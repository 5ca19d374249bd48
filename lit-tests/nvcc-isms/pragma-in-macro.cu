// A #pragma spelled inside an object-like macro, used on a line of its own:
// nvcc's preprocessor writes the pragma at the start of a line and its front
// end reads it as a directive; Clang sees `# pragma unroll` tokens in code.
// cuda-lower parses it as nvcc does and rule nvcc-pragma-macro rewrites the
// macro to the _Pragma operator (exit 0); plain nvcc builds the output.
// RUN: %nvcc-ext -c %s -o %t.in.o
// RUN: %expect-exit 0 %cuda-lower %s > %t.out.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error:
// RUN: %nvcc -c %t.out.cu -o %t.o
// RUN: %idempotent %t.out.cu

#define UNROLL #pragma unroll
// CHECK: [[@LINE-1]]:9: warning: macro 'UNROLL' spells a #pragma{{.*}}[nvcc-pragma-macro]

// Template case, with an extended lambda lowered in the same run.
template <class F> __global__ void apply(int *p, F f) {
  UNROLL
  for (int i = 0; i < 4; ++i)
    p[i] = f(i);
}

void launch(int *p) {
  apply<<<1, 1>>>(p, [] __device__(int i) { return 2 * i; });
}

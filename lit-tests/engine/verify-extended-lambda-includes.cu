// nvcc's --extended-lambda makes cuda_runtime.h include <functional> and
// <utility> in every file; with libstdc++ and C++17 they bring
// <unordered_map>, <vector>, <array> and more. Code built with the flag
// can use those without including them (BGHT's examples/histogram.cu uses
// std::unordered_map so). Without the flag, plain nvcc does not declare
// them. The rule nvcc-lambda-flag-includes adds the header
// (nvcc-lambda-flag-includes/basic.cu); without it, verification says what
// is missing, and what to include (exit 1, nothing written), rather than
// only that the output does not compile.
// RUN: %nvcc-ext -c %s -o %t.in.o
// RUN: %strip-checks %s > %t.cu
// RUN: %expect-exit 1 %cuda-lower --disable=nvcc-lambda-flag-includes %t.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
//
// With the header included, the file lowers and plain nvcc builds it.
// RUN: %check_cuda_lower --nvcc-arg=-DINCLUDED %s lower-extended-lambda %t -- -- -DINCLUDED

#ifdef INCLUDED
#include <unordered_map>
#endif

template <class F> __global__ void each(int *out, F f) { f(out); }

int histogram(int *out) {
  std::unordered_map<int, int> counts;
  // CHECK: [[@LINE-1]]:8: error: the rewritten code does not compile: no {{member|template}} named 'unordered_map' in namespace 'std'{{.*}}; nvcc's --extended-lambda makes cuda_runtime.h include <functional> and <utility> in every file, which declared it for the code as written: include its standard header here (or <functional>), and plain nvcc finds it too [verify]
  counts[1] = 2;
  each<<<1, 1>>>(out, [] __device__(int *o) { o[0] = 1; });
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: __device__ lambda lowered to functor 'histogram_lambda_1' [lower-extended-lambda]
  // CHECK-FIXES: each<<<1, 1>>>(out, histogram_lambda_1{});
  return static_cast<int>(counts.size());
}

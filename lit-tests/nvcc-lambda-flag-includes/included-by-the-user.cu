// A file that includes <functional> itself reaches everything <functional>
// includes, though with --extended-lambda cuda_runtime.h included it first
// (the file's own #include is then skipped for its guard): std::function's
// operator!=, which no standard header table names, needs no header
// (Kokkos_Stacktrace.cpp).
// RUN: %nvcc-ext -c %s -o %t.original.o
// RUN: %check_cuda_lower %s nvcc-lambda-flag-includes,lower-extended-lambda %t

#include <functional>
// CHECK-FIXES: {{^}}#include <functional>

template <class F> __global__ void each(int *out, F f) { f(out); }

std::function<void()> post_handler = nullptr;

void finish(int *out) {
  each<<<1, 1>>>(out, [] __device__(int *o) { o[0] = 1; });
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: __device__ lambda lowered to functor 'finish_lambda_1' [lower-extended-lambda]
  if (post_handler != nullptr)
    post_handler();
}

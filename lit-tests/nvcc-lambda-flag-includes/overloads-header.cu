// `std::get` names overloads in <tuple>, <utility>, <array> and <variant>,
// so the standard-library table gives it no one header. The overload an
// instantiation picks is declared in <tuple> itself, which names the
// header (here the first name of the file to need it is the instantiation's
// parameter type, `const T &` with T = std::tuple); the lookup in the
// template is then satisfied by it.
// Before, this was an error ("include the header that declares it";
// HeCBench's minmax-cuda in Debug).
// RUN: %nvcc-ext -c %s -o %t.original.o
// RUN: %check_cuda_lower %s nvcc-lambda-flag-includes,lower-extended-lambda %t

#include <cstdio>
// CHECK-FIXES: {{^}}#include <cstdio>
// CHECK-FIXES-NEXT: {{^}}#include <tuple>

template <class T> int second(const T &t) { return std::get<1>(t); }
// CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'std::tuple' is declared only because --extended-lambda makes cuda_runtime.h include <functional> and <utility>; included <tuple>, which plain nvcc needs [nvcc-lambda-flag-includes]

template <class F> __global__ void each(int *out, F f) { f(out); }

int run(int *out) {
  std::tuple<int, int> t{1, 2};
  each<<<1, 1>>>(out, [] __device__(int *o) { o[0] = 1; });
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: __device__ lambda lowered to functor 'run_lambda_1' [lower-extended-lambda]
  std::printf("%d\n", second(t));
  return 0;
}

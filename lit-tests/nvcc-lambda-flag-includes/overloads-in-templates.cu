// A name that a template looks up before its arguments are known
// (`std::get<I>(t)` in a device function template, `using std::swap;`)
// finds every overload declared so far. With --extended-lambda some of them
// come from headers only the flag brings (<array>, through <functional>);
// the name still needs only one declared, and the file includes <tuple>
// itself, so nothing is missing without the flag. The overload an
// instantiation picks is checked as a reference of its own. Before, each
// overload was judged alone and the flag-only one was an error ("include
// the header that declares it"; HeCBench's rotary-cuda).
// RUN: %nvcc-ext -c %s -o %t.original.o
// RUN: %check_cuda_lower %s nvcc-lambda-flag-includes,lower-extended-lambda %t

#include <tuple>
#include <utility>
// CHECK-FIXES: {{^}}#include <tuple>
// CHECK-FIXES-NEXT: {{^}}#include <utility>
// CHECK-FIXES-NOT: #include

template <int I, class Tuple> int first_of(const Tuple &t) {
  return std::get<I>(t);
}

template <class T> void exchange(T &a, T &b) {
  using std::swap;
  swap(a, b);
}

template <class F> __global__ void each(int *out, F f) { f(out); }

int run(int *out) {
  std::tuple<int, float> t{1, 2.0f};
  int a = 1, b = 2;
  exchange(a, b);
  each<<<1, 1>>>(out, [] __device__(int *o) { o[0] = 1; });
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: __device__ lambda lowered to functor 'run_lambda_1' [lower-extended-lambda]
  return first_of<0>(t) + a;
}

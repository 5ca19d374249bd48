// With --extended-lambda, cuda_runtime.h includes <functional> and <utility>,
// and through them libstdc++ declares std::unordered_map, std::sort and
// more: code that uses them without their header builds with the flag only.
// The rule includes each name's standard header, once per file; names whose
// header the file includes, or that another #include of the file reaches,
// are left alone.
// RUN: %nvcc-ext -c %s -o %t.original.o
// RUN: %check_cuda_lower %s nvcc-lambda-flag-includes,lower-extended-lambda %t

#include <cstdio>
#include <map>
#include <vector>
// CHECK-FIXES: #include <vector>
// CHECK-FIXES-NEXT: #include <algorithm>
// CHECK-FIXES-NEXT: #include <functional>
// CHECK-FIXES-NEXT: #include <unordered_map>

template <class F> __global__ void each(int *out, F f) { f(out); }

int histogram(int *out) {
  std::unordered_map<int, int> counts;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'std::unordered_map' is declared only because --extended-lambda makes cuda_runtime.h include <functional> and <utility>; included <unordered_map>, which plain nvcc needs [nvcc-lambda-flag-includes]
  std::unordered_map<int, int> again; // one finding per file and header
  counts[1] = static_cast<int>(again.size());
  each<<<1, 1>>>(out, [] __device__(int *o) { o[0] = 1; });
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: __device__ lambda lowered to functor 'histogram_lambda_1' [lower-extended-lambda]
  return static_cast<int>(counts.size());
}

// A template: the call is resolved only when it is instantiated.
template <class T> void sorted(std::vector<T> &v) {
  std::sort(v.begin(), v.end());
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'std::sort' is declared only because --extended-lambda makes cuda_runtime.h include <functional> and <utility>; included <algorithm>, which plain nvcc needs [nvcc-lambda-flag-includes]
}

using std::function;
// CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'std::function' is declared only because --extended-lambda makes cuda_runtime.h include <functional> and <utility>; included <functional>, which plain nvcc needs [nvcc-lambda-flag-includes]

int run() {
  function<int(int)> twice = [](int x) { return 2 * x; };
  // Declared by <map>, which the file includes: nothing to add.
  std::map<int, int, std::less<int>> ordered;
  std::vector<int> v{3, 1, 2};
  sorted(v);
  std::pair<int, int> p{1, 2};
  ordered[p.first] = twice(v[0]);
  std::printf("%d\n", ordered[1]);
  return 0;
}

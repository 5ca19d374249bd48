// --explain FILE:LINE:COL on a line where the parse inserted `template`
// (nvcc-dependent-template, ParseFixes): the column is the one in the file
// on disk, not in the parse's copy with the keyword 9 characters longer.
// RUN: %cuda-lower --explain %s:%(line+8):25 | FileCheck %s
// The keyword's own finding, before the insertion, at its column.
// RUN: %cuda-lower --explain %s:%(line+6):15 | FileCheck %s --check-prefix=KEYWORD
#include <algorithm>
struct slots {
  template <class U> struct of { U value; };
};
template <class S> __device__ int first(int a, int b) {
  typename S::of<int> s{std::min(a, b)};
  return s.value;
}
__global__ void k(int *p) { p[0] = first<slots>(1, 2); }

// CHECK: inserted-keyword.cu:12:25: warning: {{.*}} [std-to-cuda-std]
// CHECK-NOT: [nvcc-dependent-template]
// CHECK: the rewrite:
// CHECK: +  typename S::of<int> s{cuda::std::min(a, b)};
// KEYWORD: inserted-keyword.cu:12:15: warning: dependent member template 'of' {{.*}} [nvcc-dependent-template]
// KEYWORD-NOT: [std-to-cuda-std]

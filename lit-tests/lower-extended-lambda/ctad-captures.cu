// A captured variable whose type class template argument deduction (CTAD)
// finds: `cuda::std::pair p(v, 2)`, `cuda::std::mdspan m(ptr, h, w)`. The
// deduced type is the one a deduction guide writes, in the library's own
// spelling, and in a template it is known per instantiation only: the
// functor takes it as a template parameter filled with decltype where the
// variable is in scope, whether the template is instantiated or not.
// RUN: %check_cuda_lower %s lower-extended-lambda %t
#include <cuda/std/mdspan>
#include <cuda/std/utility>

template <class F> __global__ void apply(F f, int *out) { *out = f(1); }

// The construct of the crash: CTAD from a dependent argument, in a template
// that is never instantiated.
// CHECK-FIXES: template <class T, class p_capture_t>
// CHECK-FIXES-NEXT: struct never_lambda_1 {
// CHECK-FIXES-NEXT:   p_capture_t p;
// CHECK-FIXES-NEXT:   __device__ auto operator()(int i) const { return p.first + i; }
// CHECK-FIXES-NEXT: };
// CHECK-FIXES: apply<<<1, 1>>>(never_lambda_1<T, decltype(p)>{p}, out);
template <class T> void never(T v, int *out) {
  cuda::std::pair p(v, 2);
  apply<<<1, 1>>>([=] __device__ (int i) { return p.first + i; }, out);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'never_lambda_1'
}

// The same template, instantiated.
// CHECK-FIXES: template <class T, class p_capture_t>
// CHECK-FIXES-NEXT: struct used_lambda_1 {
// CHECK-FIXES: apply<<<1, 1>>>(used_lambda_1<T, decltype(p)>{p}, out);
template <class T> void used(T v, int *out) {
  cuda::std::pair p(v, 2);
  apply<<<1, 1>>>([=] __device__ (int i) { return p.first + p.second + i; }, out);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'used_lambda_1'
}
template void used<int>(int, int *);

// The real code: an mdspan over a raw pointer, in a __host__ __device__
// lambda of a function template; an explicit capture list copies it too.
// CHECK-FIXES: template <class T, class view_capture_t>
// CHECK-FIXES-NEXT: struct sum_row_lambda_1 {
// CHECK-FIXES-NEXT:   view_capture_t view;
// CHECK-FIXES-NEXT:   __host__ __device__ int operator()(int i) const { return int(view(i, 0)) + int(view.extent(1)); }
// CHECK-FIXES-NEXT: };
// CHECK-FIXES: template <class T, class view_capture_t>
// CHECK-FIXES-NEXT: struct sum_row_lambda_2 {
// CHECK-FIXES-NEXT:   view_capture_t view;
// CHECK-FIXES: apply<<<1, 1>>>(sum_row_lambda_1<T, decltype(view)>{view}, out);
// CHECK-FIXES: apply<<<1, 1>>>(sum_row_lambda_2<T, decltype(view)>{view}, out);
template <class T> void sum_row(T *data, int h, int w, int *out) {
  cuda::std::mdspan view(data, h, w);
  apply<<<1, 1>>>([=] __host__ __device__ (int i) { return int(view(i, 0)) + int(view.extent(1)); }, out);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __host__ __device__ lambda lowered to functor 'sum_row_lambda_1'
  apply<<<1, 1>>>([view] __device__ (int i) { return int(view(0, i)); }, out);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'sum_row_lambda_2'
}
template void sum_row<float>(float *, int, int, int *);

// Outside templates CTAD deduces a known type, but in the guide's spelling
// (`extents<size_t, __maybe_static_ext<int>, ...>`): decltype names it too.
// CHECK-FIXES: template <class view_capture_t, class p_capture_t>
// CHECK-FIXES-NEXT: struct plain_lambda_1 {
// CHECK-FIXES-NEXT:   view_capture_t view;
// CHECK-FIXES-NEXT:   p_capture_t p;
// CHECK-FIXES: apply<<<1, 1>>>(plain_lambda_1<decltype(view), decltype(p)>{view, p}, out);
void plain(int *data, int h, int w, int *out) {
  cuda::std::mdspan view(data, h, w);
  cuda::std::pair p(1, 2.0f);
  apply<<<1, 1>>>([=] __device__ (int i) { return view(i, 0) + p.first; }, out);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'plain_lambda_1'
}

// Macro case: the declaration is spelled through a macro.
#define PAIR_OF(a, b) cuda::std::pair pr(a, b)
// CHECK-FIXES: template <class T, class pr_capture_t>
// CHECK-FIXES-NEXT: struct macro_lambda_1 {
// CHECK-FIXES: apply<<<1, 1>>>(macro_lambda_1<T, decltype(pr)>{pr}, out);
template <class T> void macro(T v, int *out) {
  PAIR_OF(v, 3);
  apply<<<1, 1>>>([=] __device__ (int i) { return pr.second + i; }, out);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'macro_lambda_1'
}

// No-match case: a host lambda capturing a CTAD variable stays.
// CHECK-FIXES: auto h = [=](int i) { return p.first + i; };
template <class T> int host(T v) {
  cuda::std::pair p(v, 2);
  auto h = [=](int i) { return p.first + i; };
  return h(1);
}

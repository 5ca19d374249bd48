// C++20 lets a lambda capture structured bindings. The functor gets a member
// of the binding's type, initialised from the name at the construction: the
// type the binding names for a tuple-like object (not the library's
// `std::tuple_element<I, E>::type`), the member's own spelling for a struct,
// and decltype where the name is in scope inside a template.
// RUN: %check_cuda_lower --nvcc-arg=-std=c++20 %s lower-extended-lambda %t -- -- -std=c++20
// An array binding is refused, with the reason.
// RUN: %expect-exit 1 %cuda-lower --rules=lower-extended-lambda %s -- -std=c++20 -DARRAY_BINDING 2>&1 >/dev/null | FileCheck %s --check-prefix=ARRAY
#include <utility>

template <class F> __global__ void each(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

using real = float;
struct Sample {
  real weight;
  int count;
};

// CHECK-FIXES: struct tuple_like_lambda_1 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   int lo;
// CHECK-FIXES-NEXT:   int hi;
// CHECK-FIXES-NEXT:   __device__ void operator()(int i) const { out[i] = lo + hi * i; }
// CHECK-FIXES-NEXT: };
// CHECK-FIXES: each<<<1, 32>>>(32, tuple_like_lambda_1{out, lo, hi});
void tuple_like(int *out, std::pair<int, int> range) {
  auto [lo, hi] = range;
  each<<<1, 32>>>(32, [out, lo, hi] __device__ (int i) { out[i] = lo + hi * i; });
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:23: warning: __device__ lambda lowered to functor 'tuple_like_lambda_1'
}

// Implicit captures of a struct's members through a reference binding: the
// closure copies the values, of the members' declared types.
// CHECK-FIXES: struct by_members_lambda_1 {
// CHECK-FIXES-NEXT:   real *out;
// CHECK-FIXES-NEXT:   real weight;
// CHECK-FIXES-NEXT:   int count;
// CHECK-FIXES-NEXT:   __device__ void operator()(int i) const { out[i] = weight * (count + i); }
// CHECK-FIXES-NEXT: };
void by_members(real *out, Sample &s) {
  auto &[weight, count] = s;
  each<<<1, 32>>>(32, [=] __device__ (int i) { out[i] = weight * (count + i); });
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:23: warning: __device__ lambda lowered to functor 'by_members_lambda_1'
}

// In a template the binding's type is known per instantiation: a template
// parameter filled with decltype where the name is in scope.
// CHECK-FIXES: template <class T, class first_capture_t, class second_capture_t>
// CHECK-FIXES-NEXT: struct scaled_lambda_1 {
// CHECK-FIXES-NEXT:   T *out;
// CHECK-FIXES-NEXT:   first_capture_t first;
// CHECK-FIXES-NEXT:   second_capture_t second;
// CHECK-FIXES: each<<<1, 32>>>(32, scaled_lambda_1<T, ::cuda::std::remove_reference_t<decltype(first)>, ::cuda::std::remove_reference_t<decltype(second)>>{out, first, second});
template <class T> void scaled(T *out, std::pair<T, T> p) {
  auto [first, second] = p;
  each<<<1, 32>>>(32, [=] __device__ (int i) { out[i] = first * i + second; });
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:23: warning: __device__ lambda lowered to functor 'scaled_lambda_1'
}
template void scaled<double>(double *, std::pair<double, double>);

#ifdef ARRAY_BINDING
struct Pair { int v[2]; int w; };
void arrays(int *out, Pair p) {
  auto [v, w] = p;
  each<<<1, 32>>>(32, [=] __device__ (int i) { out[i] = v[0] + w; });
  // ARRAY: structured-bindings.cu:[[@LINE-1]]:23: warning: __device__ lambda not lowered: the captured structured binding 'v' is an array; capture the object it belongs to [lower-extended-lambda]
}
#endif

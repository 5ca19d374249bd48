// Lambdas written whole in a macro body (`FORALL(i, n, body)`): each use is
// replaced with the macro's expansion one level deep, in which the lambda
// is constructed; the functor's body is copied from the use's argument, so
// other rules' edits in it travel along. The macros' header is untouched.
// (A macro that stringizes an argument is refused: refused.cu.)
// RUN: %nvcc-ext -I%S -c %s -o %t.in.o
// RUN: %check_cuda_lower --nvcc-arg=-I%S %s lower-extended-lambda,std-to-cuda-std %t -- --extra-arg=-I%S
#include "Inputs/forall-macros.h"
#include <cmath>

// CHECK-FIXES: // __device__ lambda #1 of saxpy(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: struct saxpy_lambda_1 {
// CHECK-FIXES-NEXT:   float *y;
// CHECK-FIXES-NEXT:   float a;
// CHECK-FIXES-NEXT:   const float *x;
// CHECK-FIXES-NEXT:   __device__ void operator()(int i) const { y[i] = a * x[i] + y[i]; }
// CHECK-FIXES-NEXT: };
// CHECK-FIXES: struct saxpy_lambda_2 {
// CHECK-FIXES-NEXT:   float *y;
// CHECK-FIXES-NEXT:   __device__ void operator()(int k) const {
// CHECK-FIXES-NEXT:     y[k] += 1.0f;
// CHECK-FIXES-NEXT:     y[k] *= 2.0f;
// CHECK-FIXES-NEXT:   }
// CHECK-FIXES-NEXT: };
void saxpy(int n, float a, const float *x, float *y) {
  FORALL(i, n, y[i] = a * x[i] + y[i];);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:3: warning: __device__ lambda lowered to functor 'saxpy_lambda_1' (the use of 'FORALL' is expanded one level)
  // CHECK-FIXES: each(n, saxpy_lambda_1{y, a, x});
  FORALL(k, n, {
    y[k] += 1.0f;
    y[k] *= 2.0f;
  });
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-4]]:3: warning: __device__ lambda lowered to functor 'saxpy_lambda_2' (the use of 'FORALL' is expanded one level)
  // CHECK-FIXES: each(n, saxpy_lambda_2{y});
}

// The argument is written twice, into a device lambda and a host one: only
// the first becomes a functor, and std::fmin is rewritten only there.
// CHECK-FIXES: struct clamp_lambda_1 {
// CHECK-FIXES-NEXT:   float *v;
// CHECK-FIXES-NEXT:   float hi;
// CHECK-FIXES-NEXT:   __device__ void operator()(int i) const { v[i] = cuda::std::fmin(v[i], hi); }
void clamp(bool gpu, int n, float *v, float hi) {
  FORALL_EITHER(gpu, i, n, v[i] = std::fmin(v[i], hi););
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:3: warning: __device__ lambda lowered to functor 'clamp_lambda_1' (the use of 'FORALL_EITHER' is expanded one level)
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-2]]:35: warning: use 'cuda::std::fmin' instead of 'std::fmin' in device code [std-to-cuda-std]
  // CHECK-FIXES: each_either(gpu, n, clamp_lambda_1{v, hi}, [&] (int i) { v[i] = std::fmin(v[i], hi); });
}

// A braced block argument, after `noexcept` in the macro.
// CHECK-FIXES: struct halve_lambda_1 {
// CHECK-FIXES-NEXT:   float *v;
// CHECK-FIXES-NEXT:   __device__ void operator()(int j) const noexcept {
// CHECK-FIXES-NEXT:     if (j % 2 == 0)
// CHECK-FIXES-NEXT:       v[j] *= 0.5f;
// CHECK-FIXES-NEXT:   }
void halve(int n, float *v) {
  FOR_1D(n, j, {
    if (j % 2 == 0)
      v[j] *= 0.5f;
  });
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-4]]:3: warning: __device__ lambda lowered to functor 'halve_lambda_1' (the use of 'FOR_1D' is expanded one level)
  // CHECK-FIXES: each(n, halve_lambda_1{v});
}

// Members named in the argument: `this` was captured implicitly, and the
// functor holds a copy of the object; the prefix goes into the copied text.
struct Scale {
  float factor;
  float *data;
  // CHECK-FIXES: struct apply_lambda_1 {
  // CHECK-FIXES-NEXT:     Self self;
  // CHECK-FIXES-NEXT:     __device__ void operator()(int i) const { self.data[i] *= self.factor; }
  void apply(int n) {
    FORALL(i, n, data[i] *= factor;);
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:5: warning: __device__ lambda lowered to functor 'apply_lambda_1'; it captured 'this' implicitly, a host pointer the GPU cannot dereference (§5.3.8.6), so the functor holds a copy of '*this' (the use of 'FORALL' is expanded one level)
    // CHECK-FIXES: each(n, apply_lambda_1<Scale>{*this});
  }
};

// A use of a macro whose body uses the macro that writes the lambda: both
// are expanded, the annotation macro is not.
// CHECK-FIXES: struct offset_lambda_1 {
// CHECK-FIXES-NEXT:   float *v;
// CHECK-FIXES-NEXT:   __device__ void operator()(int k) const noexcept { v[k] += 1.0f; }
void offset(int n, float *v) {
  HOST_DEVICE_FOR_1D(n, k, { v[k] += 1.0f; });
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:3: warning: __device__ lambda lowered to functor 'offset_lambda_1' (the use of 'HOST_DEVICE_FOR_1D' is expanded one level, and 'FOR_1D_FLAG' in it)
  // CHECK-FIXES: each_either(true, n, offset_lambda_1{v}, [&] (int k) noexcept { v[k] += 1.0f; });
}

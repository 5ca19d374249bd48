// Lambdas in the bodies of the real gtest's TEST, TEST_F and TEST_P: the body
// is a private TestBody() of a class the macro defines, where nvcc refuses
// an extended lambda even with --extended-lambda (§5.3.8.4). The functor goes
// before the macro, at namespace scope, in an unnamed namespace; a captured
// `this` becomes a template parameter spelled `decltype(this)`.
// RUN: %check_cuda_lower %s lower-extended-lambda %t
// The original, with the flag: nvcc refuses the lambda in TestBody().
// RUN: %strip-checks %s > %t.orig.cu
// RUN: not %nvcc-ext -c %t.orig.cu -o /dev/null 2>&1 | FileCheck %s --check-prefix=NVCC
// NVCC: error: The enclosing parent function ("TestBody") for an extended __device__ lambda cannot have private or protected access within its class

#include <gtest/gtest.h>

template <class F> __global__ void apply(F f, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = f(i);
}

// CHECK-FIXES: // __device__ lambda #1 of Lowering_InsideTestBody_Test::TestBody(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: namespace {
// CHECK-FIXES-NEXT: struct Lowering_InsideTestBody_Test_lambda_1 {
// CHECK-FIXES-NEXT:   int k;
// CHECK-FIXES-NEXT:   __device__ int operator()(int x) const { return x * k; }
// CHECK-FIXES-NEXT: };
// CHECK-FIXES-NEXT: } // namespace
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: // Scales by a captured local, under the comment of its test.
// CHECK-FIXES-NEXT: TEST(Lowering, InsideTestBody) {

// Scales by a captured local, under the comment of its test. by a captured local.
TEST(Lowering, InsideTestBody) {
  int k = 3;
  int *out = nullptr;
  apply<<<1, 8>>>([=] __device__ (int x) { return x * k; }, out, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'Lowering_InsideTestBody_Test_lambda_1' [lower-extended-lambda]
  // CHECK-FIXES: apply<<<1, 8>>>(Lowering_InsideTestBody_Test_lambda_1{k}, out, 8);
  EXPECT_EQ(k, 3);
}

// Two lambdas, and a local alias one of them needs: copied into its functor.
// CHECK-FIXES: struct Lowering_TwoLambdas_Test_lambda_1 {
// CHECK-FIXES-NEXT:   using Value = long;
// CHECK-FIXES-NEXT:   int a;
// CHECK-FIXES: struct Lowering_TwoLambdas_Test_lambda_2 {
// CHECK-FIXES-NEXT:   __host__ __device__ int operator()(int x) const { return -x; }
TEST(Lowering, TwoLambdas) {
  using Value = long;
  int a = 2;
  int *out = nullptr;
  apply<<<1, 4>>>([=] __device__ (int x) { return int(Value(a) * x); }, out, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'Lowering_TwoLambdas_Test_lambda_1' [lower-extended-lambda]
  apply<<<1, 4>>>([] __host__ __device__ (int x) { return -x; }, out, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: __host__ __device__ lambda lowered to functor 'Lowering_TwoLambdas_Test_lambda_2' [lower-extended-lambda]
  // CHECK-FIXES: apply<<<1, 4>>>(Lowering_TwoLambdas_Test_lambda_2{}, out, 4);
}

class Scaled : public ::testing::Test {
public:
  int factor = 2;
  __host__ __device__ int twice(int x) const { return factor * x; }
};

// A fixture's public members through `this`: the functor holds the pointer,
// its type a template parameter, since the class TEST_F defines comes later.
// CHECK-FIXES: template <class Self>
// CHECK-FIXES-NEXT: struct Scaled_UsesThis_Test_lambda_1 {
// CHECK-FIXES-NEXT:   Self self;
// CHECK-FIXES-NEXT:   __host__ __device__ int operator()(int x) const { return self->factor * x + self->twice(x); }
TEST_F(Scaled, UsesThis) {
  int *out = nullptr;
  apply<<<1, 4>>>([this] __host__ __device__ (int x) { return factor * x + twice(x); }, out, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: __host__ __device__ lambda lowered to functor 'Scaled_UsesThis_Test_lambda_1' [lower-extended-lambda]
  // CHECK-FIXES: apply<<<1, 4>>>(Scaled_UsesThis_Test_lambda_1<decltype(this)>{this}, out, 4);
  // A member copied to a local first: no `this` at all.
  int f = factor;
  apply<<<1, 4>>>([=] __device__ (int x) { return f * x; }, out, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'Scaled_UsesThis_Test_lambda_2' [lower-extended-lambda]
  // CHECK-FIXES: apply<<<1, 4>>>(Scaled_UsesThis_Test_lambda_2{f}, out, 4);
}

class Param : public ::testing::TestWithParam<int> {};

// TEST_P, in a namespace the user wrote: the functor goes inside it.
namespace suite {
// CHECK-FIXES: namespace suite {
// CHECK-FIXES-NEXT: // __device__ lambda #1 of suite::Param_ByParam_Test::TestBody(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: namespace {
// CHECK-FIXES-NEXT: struct Param_ByParam_Test_lambda_1 {
TEST_P(Param, ByParam) {
  int n = GetParam();
  int *out = nullptr;
  apply<<<1, 4>>>([=] __device__ (int x) { return x + n; }, out, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'Param_ByParam_Test_lambda_1' [lower-extended-lambda]
}
INSTANTIATE_TEST_SUITE_P(Values, Param, ::testing::Values(1, 2));
} // namespace suite

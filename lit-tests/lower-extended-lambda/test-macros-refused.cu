// Lambdas in test bodies that cannot be lowered: each is an error that says
// why, and the file is left as it was (it still needs --extended-lambda).
// RUN: %check_cuda_lower --no-compile --expect-exit=1 %s lower-extended-lambda %t -- --no-verify

#include <gtest/gtest.h>

template <class F> __global__ void apply(F f, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = f(i);
}

class Guarded : public ::testing::Test {
protected:
  int secret = 7;
};

// A protected member of the fixture through `this`: a functor outside the
// class TEST_F defines cannot reach it.
TEST_F(Guarded, Protected) {
  int *out = nullptr;
  apply<<<1, 4>>>([=] __device__ (int x) { return x + secret; }, out, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: error: __device__ lambda not lowered: it uses 'secret', a protected member of 'Guarded', through 'this'; the functor must live outside the class the macro 'TEST_F' defines, where that member cannot be reached: copy it to a local before the lambda or make it public [lower-extended-lambda]
}

template <class T> class Typed : public ::testing::Test {};
TYPED_TEST_SUITE(Typed, ::testing::Types<int>);

// TYPED_TEST makes a class template: the functor before the macro cannot
// name its TypeParam.
TYPED_TEST(Typed, ByType) {
  int *out = nullptr;
  apply<<<1, 4>>>([] __device__ (int x) { return TypeParam(x); }, out, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: error: __device__ lambda not lowered: the enclosing function is a member of a class template or local class that the macro 'TYPED_TEST' defines, and a functor placed before the macro cannot name its template parameters or locals [lower-extended-lambda]
}

#define TF_CAT_(a, b) a##b
#define TF_CAT(a, b) TF_CAT_(a, b)
#define TEST_CASE_METHOD(Fixture)                                              \
  struct TF_CAT(TF_ANON_CLASS_, __LINE__) : Fixture {                          \
    void test();                                                               \
  };                                                                           \
  void TF_CAT(TF_ANON_CLASS_, __LINE__)::test()
struct Plain {
  int base = 1;
};

// A copy of `*this`: the functor could name the class only by the name the
// macro generates from __LINE__.
TEST_CASE_METHOD(Plain) {
  int *out = nullptr;
  apply<<<1, 4>>>([*this] __device__ (int x) { return x + base; }, out, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: error: __device__ lambda not lowered: it copies '*this', an object of the class the macro 'TEST_CASE_METHOD' defines, which a functor placed before the macro can name only by its generated name [lower-extended-lambda]
}

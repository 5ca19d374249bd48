// REQUIRES: gpu
// RUN: %cuda-lower %s > %t.cu
// RUN: %nvcc -o %t.bin %t.cu -lgtest_main -lgtest -lpthread
// RUN: %t.bin | FileCheck %s
// The issue's Thrust example and its kin in a real gtest binary (linked
// statically with libgtest.a and libgtest_main.a): lowered, built with plain
// nvcc, every test passes. nvcc refuses the original even with
// --extended-lambda (TestBody() is private, §5.3.8.4), so the expected
// values are written in the tests.
// CHECK: [  PASSED  ] 5 tests.
#include <gtest/gtest.h>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>

TEST(Lowering, InsideTestBody) {
  int k = 3;
  thrust::device_vector<int> v(8, 1);
  thrust::transform(v.begin(), v.end(), v.begin(), [=] __device__ (int x) { return x * k; });
  EXPECT_EQ(thrust::reduce(v.begin(), v.end()), 24);
}

TEST(Lowering, TwoLambdasAndAnAlias) {
  using Wide = long long;
  Wide big = 1000000000LL;
  thrust::device_vector<Wide> v(4, 2);
  thrust::transform(v.begin(), v.end(), v.begin(), [=] __device__ (Wide x) { return x * big; });
  thrust::transform(v.begin(), v.end(), v.begin(), [] __host__ __device__ (Wide x) { return x + 1; });
  EXPECT_EQ(thrust::reduce(v.begin(), v.end()), 4 * 2000000001LL);
}

class Offset : public ::testing::Test {
protected:
  int offset = 5;
};

TEST_F(Offset, MemberCopiedToALocal) {
  int o = offset;
  thrust::device_vector<int> v(3, 1);
  thrust::transform(v.begin(), v.end(), v.begin(), [=] __device__ (int x) { return x + o; });
  EXPECT_EQ(thrust::reduce(v.begin(), v.end()), 18);
}

class ByParam : public ::testing::TestWithParam<int> {};

TEST_P(ByParam, Scales) {
  int n = GetParam();
  thrust::device_vector<int> v(2, n);
  thrust::transform(v.begin(), v.end(), v.begin(), [=] __device__ (int x) { return x * n; });
  EXPECT_EQ(thrust::reduce(v.begin(), v.end()), 2 * n * n);
}
INSTANTIATE_TEST_SUITE_P(Values, ByParam, ::testing::Values(2, 3));

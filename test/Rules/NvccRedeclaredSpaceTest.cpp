// Rule nvcc-redeclared-space: declarations of one function in different
// execution spaces, which nvcc merges into one __host__ __device__ function
// and Clang refuses, get the union; with the rule off the parse stops.

#include "RuleTester.h"
#include <gtest/gtest.h>

using cudalower::test::runRules;

namespace {

// Both orders, and a declaration lacking __device__: two keywords over two
// parses for one function declared __device__, then __host__, then both.
TEST(NvccRedeclaredSpace, GivesEachDeclarationTheUnion) {
  auto R = runRules("__device__ int f(int);\n"
                    "__host__ __device__ int f(int x) { return x; }\n"
                    "__host__ __device__ int g(int);\n"
                    "__device__ int g(int x) { return x; }\n"
                    "__device__ int h(int);\n"
                    "__host__ int h(int);\n"
                    "__host__ __device__ int h(int x) { return x; }\n",
                    "nvcc-redeclared-space");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_EQ(R.Output, "__device__ __host__ int f(int);\n"
                      "__host__ __device__ int f(int x) { return x; }\n"
                      "__host__ __device__ int g(int);\n"
                      "__device__ __host__ int g(int x) { return x; }\n"
                      "__device__ __host__ int h(int);\n"
                      "__host__ __device__ int h(int);\n"
                      "__host__ __device__ int h(int x) { return x; }\n");
  EXPECT_NE(R.Diagnostics.find("input.cu:1:12: warning: function 'f' is "
                               "declared in other execution spaces "
                               "elsewhere"),
            std::string::npos)
      << R.Diagnostics;
}

TEST(NvccRedeclaredSpace, WithoutTheRuleTheParseStopsWithANote) {
  auto R = runRules("__device__ int f(int);\n"
                    "__host__ __device__ int f(int x) { return x; }\n",
                    "lower-extended-lambda");
  EXPECT_EQ(R.ExitCode, 3) << R.Diagnostics;
  EXPECT_NE(R.Diagnostics.find("note: nvcc merges the execution spaces of "
                               "a function's declarations"),
            std::string::npos)
      << R.Diagnostics;
}

} // namespace

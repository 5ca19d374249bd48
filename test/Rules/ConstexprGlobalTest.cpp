#include "RuleTester.h"
#include <gtest/gtest.h>

using cudalower::test::runRules;

namespace {

TEST(ConstexprGlobal, DropsConstexprFromEveryDeclaration) {
  auto R = runRules("__global__ constexpr void k(int);\n"
                    "constexpr __global__ void k(int) {}\n",
                    "constexpr-global");
  EXPECT_EQ(R.Output, "__global__ void k(int);\n"
                      "__global__ void k(int) {}\n");
  EXPECT_NE(R.Diagnostics.find("cannot be constexpr"), std::string::npos);
  EXPECT_EQ(R.ExitCode, 0);
}

TEST(ConstexprGlobal, LeavesDeviceFunctionsAndMacrosAlone) {
  const char *Code = "constexpr __device__ int f() { return 1; }\n"
                     "#define CK constexpr __global__\n"
                     "CK void k() {}\n";
  auto R = runRules(Code, "constexpr-global");
  EXPECT_EQ(R.Output, Code);
  EXPECT_NE(R.Diagnostics.find("not rewritten"), std::string::npos);
}

} // namespace

#include "RuleTester.h"
#include <gtest/gtest.h>

using cudalower::test::runRules;

namespace {

TEST(ExecSpaceDefaultedMember, RemovesIgnoredAnnotations) {
  auto R = runRules("struct S {\n"
                    "  __host__ __device__ S() = default;\n"
                    "  int x;\n"
                    "};\n",
                    "exec-space-defaulted-member");
  EXPECT_EQ(R.Output, "struct S {\n"
                      "  S() = default;\n"
                      "  int x;\n"
                      "};\n");
}

TEST(ExecSpaceDefaultedMember, KeepsVirtualAndOutOfClassDefaults) {
  const char *Code = "struct B { virtual __host__ __device__ ~B() = default; };\n"
                     "struct O { __host__ __device__ O(); };\n"
                     "__host__ __device__ O::O() = default;\n";
  auto R = runRules(Code, "exec-space-defaulted-member");
  EXPECT_EQ(R.Output, Code);
  EXPECT_EQ(R.Diagnostics, "");
}

} // namespace

#include "RuleTester.h"
#include <gtest/gtest.h>

using cudalower::test::runRules;

namespace {

TEST(NvccPragmaMacro, TurnsThePragmaIntoTheOperator) {
  auto R = runRules("#define UNROLL #pragma unroll\n"
                    "#define SUPPRESS  #pragma nv_diag_suppress \"x\" // c\n"
                    "__global__ void k(int *p) {\n"
                    "  UNROLL\n"
                    "  for (int i = 0; i < 4; ++i) p[i] = i;\n"
                    "}\n",
                    "nvcc-pragma-macro");
  EXPECT_EQ(R.Output, "#define UNROLL _Pragma(\"unroll\")\n"
                      "#define SUPPRESS  _Pragma(\"nv_diag_suppress \\\"x\\\"\") // c\n"
                      "__global__ void k(int *p) {\n"
                      "  UNROLL\n"
                      "  for (int i = 0; i < 4; ++i) p[i] = i;\n"
                      "}\n");
  EXPECT_NE(R.Diagnostics.find("macro 'UNROLL' spells a #pragma"),
            std::string::npos);
  EXPECT_EQ(R.ExitCode, 0);
}

TEST(NvccPragmaMacro, LeavesOtherMacrosAlone) {
  const char *Code = "#define STR(x) #x\n"
                     "#define HASH #\n"
                     "#define OP _Pragma(\"unroll\")\n"
                     "#define NAMED_PRAGMA pragma\n"
                     "__global__ void k(const char **p) { p[0] = STR(a); }\n";
  auto R = runRules(Code, "nvcc-pragma-macro");
  EXPECT_EQ(R.Output, Code);
  EXPECT_EQ(R.Diagnostics, "");
}

// With the rule off, the parse still reads the macro as nvcc does.
TEST(NvccPragmaMacro, ParsesWithTheRuleOff) {
  const char *Code = "#define UNROLL #pragma unroll\n"
                     "__global__ void k(int *p) {\n"
                     "  UNROLL\n"
                     "  for (int i = 0; i < 4; ++i) p[i] = i;\n"
                     "}\n";
  auto R = runRules(Code, "constexpr-global");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
}

} // namespace

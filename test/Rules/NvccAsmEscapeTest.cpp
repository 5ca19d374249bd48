// Rule nvcc-asm-escape: a lone `%` in an asm string with operands, which
// nvcc passes on and Clang rejects, is escaped; what needs no escape, or
// cannot be fixed in a file, is left alone.

#include "RuleTester.h"
#include <gtest/gtest.h>

using cudalower::test::runRules;

namespace {

TEST(NvccAsmEscape, EscapesSpecialRegistersInBothPasses) {
  auto R = runRules("__device__ unsigned lane() {\n"
                    "  unsigned r;\n"
                    "  asm volatile(\"mov.u32 %0, %laneid;\" : \"=r\"(r));\n"
                    "  return r;\n"
                    "}\n"
                    "__host__ __device__ unsigned long long clk() {\n"
                    "  unsigned long long c = 0;\n"
                    "#ifdef __CUDA_ARCH__\n"
                    "  asm(\"mov.u64 %0, %clock64;\" : \"=l\"(c));\n"
                    "#endif\n"
                    "  return c;\n"
                    "}\n",
                    "nvcc-asm-escape");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Output.find("asm volatile(\"mov.u32 %0, %%laneid;\""),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Output.find("asm(\"mov.u64 %0, %%clock64;\""), std::string::npos)
      << R.Output;
  EXPECT_NE(R.Diagnostics.find("input.cu:3:29: warning: '%laneid' in an asm "
                               "string starts no operand"),
            std::string::npos)
      << R.Diagnostics;
}

// `%%` is already an escape, `%0` and `%1` are operands, and an asm
// statement without operands takes its string as written.
TEST(NvccAsmEscape, LeavesValidStringsAlone) {
  std::string Code = "__device__ unsigned f(unsigned x) {\n"
                     "  unsigned r;\n"
                     "  asm(\"add.u32 %0, %%laneid, %1;\" : \"=r\"(r) "
                     ": \"r\"(x));\n"
                     "  asm(\"membar.gl;\");\n"
                     "  return r;\n"
                     "}\n";
  auto R = runRules(Code, "nvcc-asm-escape");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_EQ(R.Output, Code);
}

// The escape is written where the string is spelled: in the macro.
TEST(NvccAsmEscape, FixesTheMacroDefinition) {
  auto R = runRules("#define LANE(r) asm(\"mov.u32 %0, %laneid;\" : \"=r\"(r))\n"
                    "__device__ unsigned lane() { unsigned r; LANE(r); "
                    "return r; }\n",
                    "nvcc-asm-escape");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Output.find("asm(\"mov.u32 %0, %%laneid;\""), std::string::npos)
      << R.Output;
}

TEST(NvccAsmEscape, WithoutTheRuleTheParseStopsWithANote) {
  auto R = runRules("__device__ unsigned lane() {\n"
                    "  unsigned r;\n"
                    "  asm(\"mov.u32 %0, %laneid;\" : \"=r\"(r));\n"
                    "  return r;\n"
                    "}\n",
                    "lower-extended-lambda");
  EXPECT_EQ(R.ExitCode, 3) << R.Diagnostics;
  EXPECT_NE(R.Diagnostics.find("invalid % escape in inline assembly string"),
            std::string::npos)
      << R.Diagnostics;
  EXPECT_NE(R.Diagnostics.find("note: nvcc passes '%laneid' in an asm string "
                               "to ptxas as written; Clang does not: escape "
                               "it as '%%laneid'"),
            std::string::npos)
      << R.Diagnostics;
}

} // namespace

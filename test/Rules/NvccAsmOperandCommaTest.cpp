// Rule nvcc-asm-operand-comma: two asm operands written without the comma
// between them, which nvcc reads and Clang rejects, get it; other
// `expected ')'` errors are not taken for one.

#include "RuleTester.h"
#include <gtest/gtest.h>

using cudalower::test::runRules;

namespace {

TEST(NvccAsmOperandComma, InsertsTheCommaInInputsAndOutputs) {
  auto R = runRules("__device__ void st(unsigned v, char *p, unsigned &o) {\n"
                    "  asm volatile(\"st.u8 [%1], %0;\" :: \"r\"(v) \"l\"(p) "
                    ": \"memory\");\n"
                    "  asm(\"mov.u32 %0, %1;\" : \"=r\"(o) : \"r\"(v));\n"
                    "  asm(\"add.u32 %0, %1, %2;\" : \"=r\"(o) : \"r\"(v) "
                    "\"r\"(o));\n"
                    "}\n",
                    "nvcc-asm-operand-comma");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Output.find("\"r\"(v), \"l\"(p) : \"memory\""),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Output.find(": \"r\"(v), \"r\"(o));"), std::string::npos)
      << R.Output;
  EXPECT_NE(R.Diagnostics.find("input.cu:2:43: warning: the asm operand "
                               "\"l\" follows the one before it without a "
                               "','"),
            std::string::npos)
      << R.Diagnostics;
}

// A call missing its `)` before a string is not an asm operand list.
TEST(NvccAsmOperandComma, OtherMissingParenthesesStayErrors) {
  auto R = runRules("void f(const char *, const char *);\n"
                    "void g() { f(\"a\" \"b\" \"c\"; }\n",
                    "nvcc-asm-operand-comma");
  EXPECT_EQ(R.ExitCode, 3) << R.Diagnostics;
}

TEST(NvccAsmOperandComma, WithoutTheRuleTheParseStopsWithANote) {
  auto R = runRules("__device__ void st(unsigned v, char *p) {\n"
                    "  asm(\"st.u8 [%1], %0;\" :: \"r\"(v) \"l\"(p));\n"
                    "}\n",
                    "lower-extended-lambda");
  EXPECT_EQ(R.ExitCode, 3) << R.Diagnostics;
  EXPECT_NE(R.Diagnostics.find("note: nvcc reads asm operands written "
                               "without a ',' between them; Clang does not: "
                               "write ',' before \"l\""),
            std::string::npos)
      << R.Diagnostics;
}

} // namespace

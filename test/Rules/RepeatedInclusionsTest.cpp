#include "Rules/LowerExtendedLambda/RepeatedInclusions.h"
#include "RuleTester.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

bool contains(const std::string &Text, llvm::StringRef Part) {
  return Text.find(Part.str()) != std::string::npos;
}

TEST(RepeatedInclusions, SameTextsDoNotDiffer) {
  EXPECT_EQ(lowering::describeDifference("a\nb\n", "a\nb\n"), "");
}

TEST(RepeatedInclusions, DifferenceNamesTheFirstTwoLinePairs) {
  EXPECT_EQ(
      lowering::describeDifference("struct f_1 {\n  float *p;\n  int k;\n",
                                   "struct f_2 {\n  double *p;\n  long k;\n"),
      "`struct f_1 {` in one, `struct f_2 {` in another; `float *p;` "
      "in one, `double *p;` in another");
}

TEST(RepeatedInclusions, TheOrdinalCommentIsNoDifference) {
  EXPECT_EQ(lowering::describeDifference("// lambda #1 of f()\nstruct g {",
                                         "// lambda #2 of f()\nstruct g {"),
            "");
}

TEST(RepeatedInclusions, MessageNamesEveryInclusionAndTheWayOut) {
  std::string M = lowering::divergentInclusionsMessage(
      "__device__", "/p/ops.cuh", {"a.cu:3", "a.cu:7"},
      "`x` in one, `y` in another", "");
  EXPECT_TRUE(contains(M, "ops.cuh is included 2 times in this translation "
                          "unit (a.cu:3, a.cu:7)"))
      << M;
  EXPECT_TRUE(contains(M, "make the function a template")) << M;
  M = lowering::divergentInclusionsMessage("__device__", "/p/step.inc",
                                           {"a.cu:3", "a.cu:7"}, "`x`", "run");
  EXPECT_TRUE(contains(M, "inside the body of run()")) << M;
  EXPECT_TRUE(contains(M, "move the lambda into a function of the header"))
      << M;
}

const char *const OpHeader =
    "void OP_NAME(float *p) {\n"
    "  auto f = [=] __host__ __device__ (int i) { p[i] = OP_SCALE; };\n"
    "  f(0);\n"
    "}\n";

TEST(RepeatedInclusions, FunctionNamedByAMacroNamesItsFunctorThroughIt) {
  auto R = test::runRules(
      "#define OP_NAME add_two\n"
      "#define OP_SCALE 2\n"
      "void OP_NAME(float *p) {\n"
      "  auto f = [=] __host__ __device__ (int i) { p[i] = 1; };\n"
      "  f(0);\n"
      "}\n",
      "lower-extended-lambda");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_TRUE(contains(R.Output, "#define CUDALOWER_PASTE(A, B) "
                                 "CUDALOWER_PASTE_(A, B)\n#endif\n"))
      << R.Output;
  EXPECT_TRUE(
      contains(R.Output, "struct CUDALOWER_PASTE(OP_NAME, _lambda_1) {"))
      << R.Output;
  EXPECT_TRUE(
      contains(R.Output, "auto f = CUDALOWER_PASTE(OP_NAME, _lambda_1){p};"))
      << R.Output;
}

TEST(RepeatedInclusions, DeclarationsAMacroWritesKeepPlainNames) {
  // The whole declaration comes from the macro: MacroPlacement's case, and
  // its functor's name is plain.
  auto R = test::runRules(
      "#define DECLARE(name) void name(float *p)\n"
      "DECLARE(fill) {\n"
      "  auto f = [=] __host__ __device__ (int i) { p[i] = 1; };\n"
      "  f(0);\n"
      "}\n",
      "lower-extended-lambda");
  EXPECT_FALSE(contains(R.Output, "CUDALOWER_PASTE")) << R.Output;
  EXPECT_TRUE(contains(R.Output, "fill_lambda_1{p}")) << R.Output;
}

TEST(RepeatedInclusions, OneTextForEveryInclusionIsWritten) {
  auto R = test::runRules("#define OP_NAME a\n#define OP_SCALE 1\n"
                          "#include \"op.h\"\n"
                          "#undef OP_NAME\n#undef OP_SCALE\n"
                          "#define OP_NAME b\n#define OP_SCALE 2\n"
                          "#include \"op.h\"\n",
                          "lower-extended-lambda", {{"op.h", OpHeader}});
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_FALSE(contains(R.Diagnostics, "error:")) << R.Diagnostics;
  EXPECT_TRUE(contains(R.Diagnostics, "lowered to functor "
                                      "'CUDALOWER_PASTE(OP_NAME, _lambda_1)'"))
      << R.Diagnostics;
}

TEST(RepeatedInclusions, InclusionsNeedingOtherTypesAreRefused) {
  auto R = test::runRules(
      "#define REAL float\n#include \"s.h\"\n#undef REAL\n"
      "#define REAL double\n#include \"s.h\"\n",
      "lower-extended-lambda",
      {{"s.h", "void s(REAL *p) {\n"
               "  auto f = [=] __device__ (int i) { p[i] = 1; };\n"
               "  (void)f;\n"
               "}\n"}});
  EXPECT_EQ(R.ExitCode, 1) << R.Diagnostics;
  EXPECT_TRUE(contains(R.Diagnostics, "s.h is included 2 times in this "
                                      "translation unit (input.cu:2, "
                                      "input.cu:5)"))
      << R.Diagnostics;
  EXPECT_TRUE(contains(R.Diagnostics, "`float *p;` in one, `double *p;` in "
                                      "another"))
      << R.Diagnostics;
}

} // namespace

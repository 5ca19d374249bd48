//===--- ExecSpaceHostCallFromHdTest.cpp - exec-space-host-call-from-hd ---===//

#include "RuleTester.h"
#include "gtest/gtest.h"

using cudalower::test::runRules;

namespace {

constexpr const char *Rule = "exec-space-host-call-from-hd";

TEST(ExecSpaceHostCallFromHd, AnnotatesCalleeAndWhatItCalls) {
  auto R = runRules("int g(int x) { return x * 2; }\n"
                    "int f(int x) { return g(x) + 1; }\n"
                    "__host__ __device__ int hd(int x) { return f(x); }\n",
                    Rule);
  EXPECT_EQ(R.Output, "__host__ __device__ int g(int x) { return x * 2; }\n"
                      "__host__ __device__ int f(int x) { return g(x) + 1; }\n"
                      "__host__ __device__ int hd(int x) { return f(x); }\n");
  EXPECT_NE(R.Diagnostics.find("#20011-D"), std::string::npos);
  EXPECT_EQ(R.ExitCode, 0);
}

TEST(ExecSpaceHostCallFromHd, WrongSideCallsDoNotStopTheParse) {
  // Clang rejects the call in the device pass; nvcc only warns, so the
  // engine goes on and other rules still run.
  auto R = runRules("int g(int x) { return x; }\n"
                    "__host__ __device__ int hd(int x) { return g(x); }\n",
                    "constexpr-host-call");
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_EQ(R.Diagnostics, "");
}

TEST(ExecSpaceHostCallFromHd, HostOnlyBranchesAreNotDeviceCode) {
  std::string Code = "int g(int x) { return x; }\n"
                     "__host__ __device__ int hd(int x) {\n"
                     "#ifndef __CUDA_ARCH__\n"
                     "  x = g(x);\n"
                     "#endif\n"
                     "  return x;\n"
                     "}\n";
  auto R = runRules(Code, Rule);
  EXPECT_EQ(R.Output, Code);
  EXPECT_EQ(R.Diagnostics, "");
}

TEST(ExecSpaceHostCallFromHd, ExceptionsBlockTheFixAndShowTheChain) {
  std::string Code = "int g(int x) { if (x < 0) throw x; return x; }\n"
                     "int f(int x) { return g(x); }\n"
                     "__host__ __device__ int hd(int x) { return f(x); }\n";
  auto R = runRules(Code, Rule);
  EXPECT_EQ(R.Output, Code);
  EXPECT_NE(R.Diagnostics.find("it calls 'g', which throws an exception"),
            std::string::npos);
  EXPECT_NE(R.Diagnostics.find("note: 'f' calls 'g' here"), std::string::npos);
}

TEST(ExecSpaceHostCallFromHd, RecursionIsAnnotatedOnce) {
  auto R = runRules("int f(int x) { return x > 0 ? f(x - 1) : 0; }\n"
                    "__host__ __device__ int hd(int x) { return f(x); }\n",
                    Rule);
  EXPECT_EQ(R.Output, "__host__ __device__ int f(int x) { return x > 0 ? f(x - 1) : 0; }\n"
                      "__host__ __device__ int hd(int x) { return f(x); }\n");
}

TEST(ExecSpaceHostCallFromHd, TemplatePatternIsAnnotated) {
  auto R = runRules("template <class T> T g(T x) { return x; }\n"
                    "__host__ __device__ int hd(int x) { return g(x) + g(1.0f); }\n",
                    Rule);
  EXPECT_EQ(R.Output, "template <class T> __host__ __device__ T g(T x) { return x; }\n"
                      "__host__ __device__ int hd(int x) { return g(x) + g(1.0f); }\n");
}

TEST(ExecSpaceHostCallFromHd, HostVariablesBlockTheFix) {
  std::string Code = "int counter;\n"
                     "int f() { return counter; }\n"
                     "__host__ __device__ int hd() { return f(); }\n";
  auto R = runRules(Code, Rule);
  EXPECT_EQ(R.Output, Code);
  EXPECT_NE(R.Diagnostics.find("uses host variable 'counter'"), std::string::npos);
}

TEST(ExecSpaceHostCallFromHd, ConstantsAreNotHostVariables) {
  auto R = runRules("const int Limit = 4;\n"
                    "constexpr float Scale = 2.0f;\n"
                    "float f(int x) { return x < Limit ? x * Scale : 0; }\n"
                    "__host__ __device__ float hd(int x) { return f(x); }\n",
                    Rule);
  EXPECT_NE(R.Output.find("__host__ __device__ float f(int x)"), std::string::npos);
}

} // namespace

#include "Wrapper/PreScan.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

/// The reason scanText gives, "" for nothing to lower.
std::string why(llvm::StringRef Code) { return scanText(Code).Reason; }

TEST(PreScan, PlainKernelNeedsNothing) {
  EXPECT_EQ(why("__global__ void k(float *y, int n) {\n"
                "  int a[4]; a[0] = 1; y[a[0]] = n;\n"
                "  delete[] y; int *p = new int[n];\n"
                "}\n"
                "struct V { float &operator[](int i) const; };\n"
                "[[nodiscard]] int f();\n"
                "// std::min, constexpr and [=] __device__ in a comment\n"
                "const char *s = \"std::min [=] __device__\";\n"),
            "");
}

TEST(PreScan, EachTrigger) {
  EXPECT_EQ(why("\n\nauto f = [=] __device__(int i) { return i; };"),
            "3: has a lambda");
  EXPECT_EQ(why("auto f = [](int i) { return i; };"), "1: has a lambda");
  EXPECT_EQ(why("auto f = [=] { return 0; };"), "1: has a lambda");
  EXPECT_EQ(why("auto f = [=](int i) LAMBDA_SPACE { return i; };"),
            "1: has a lambda");
  EXPECT_EQ(why("int m = std::min(1, 2);"), "1: uses std");
  EXPECT_EQ(why("constexpr int one() { return 1; }"), "1: has constexpr");
  EXPECT_EQ(why("struct S { S() = default; };"), "1: has '= default'");
  EXPECT_EQ(why("__device__ auto g(int x) { return x; }"),
            "1: has a deduced return type");
  EXPECT_EQ(why("__device__ decltype(auto) g(int &x) { return x; }"),
            "1: has decltype(auto)");
  EXPECT_EQ(why("#define UNROLL #pragma unroll\n"),
            "1: has a macro that spells #pragma");
  EXPECT_EQ(why("#define UNROLL _Pragma(\"unroll\")\n"), "1: has _Pragma");
  EXPECT_EQ(why("#ifdef __CUDACC_EXTENDED_LAMBDA__\n#endif\n"),
            "1: tests the flags' macros");
  EXPECT_EQ(why("#include HEADER_NAME\n"),
            "1: has an #include whose name is a macro");
}

// A `#pragma` directive is no trigger: only one spelled inside a macro is.
TEST(PreScan, PragmaDirectiveIsNoTrigger) {
  EXPECT_EQ(why("#pragma once\n#pragma unroll 4\n#error std constexpr\n"), "");
}

// Includes after the first reason are listed too: every project file the
// TU reaches is copied into the overlay.
TEST(PreScan, IncludesAreListedAfterTheReason) {
  ScannedText S = scanText("#include \"a.h\"\nconstexpr int x = 1;\n"
                           "  #  include <b/c.h>\n#include NAME\n");
  EXPECT_EQ(S.Reason, "2: has constexpr");
  EXPECT_EQ(S.Includes, (std::vector<std::string>{"\"a.h\"", "<b/c.h>"}));
  EXPECT_TRUE(S.ComputedInclude);
}

} // namespace

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

/// Why scanText says the host pass is needed, "" for the device pass alone.
std::string bothPasses(llvm::StringRef Code) {
  return scanText(Code).BothPassesReason;
}

TEST(PreScan, TheDevicePassAloneWhenNothingDependsOnTheSide) {
  EXPECT_EQ(bothPasses("#include <thrust/for_each.h>\n"
                       "#define MGPU_DEVICE __device__\n"
                       "void f(int *p) {\n"
                       "  auto g = [=] MGPU_DEVICE (int i) { p[i] = std::min(i, 3); };\n"
                       "}\n"
                       "constexpr int sq(int x) { return x * x; }\n"
                       "struct S { S() = default; };\n"
                       "// __CUDA_ARCH__ in a comment, \"NV_IF_TARGET\" in a string\n"),
            "");
}

TEST(PreScan, BothPassesWhereTheSideMatters) {
  EXPECT_EQ(bothPasses("int a;\n#ifdef __CUDA_ARCH__\n#endif\n"),
            "2: uses __CUDA_ARCH__");
  EXPECT_EQ(bothPasses("#if __CUDA_ARCH__ >= 800\n#endif\n"),
            "1: uses __CUDA_ARCH__");
  EXPECT_EQ(bothPasses("#define ON_GPU defined(__CUDA_ARCH__)\n"),
            "1: uses __CUDA_ARCH__");
  EXPECT_EQ(bothPasses("void f() { NV_IF_TARGET(NV_IS_DEVICE, (g();)); }"),
            "1: uses NV_IF_TARGET");
  EXPECT_EQ(bothPasses("#if _CCCL_DEVICE_COMPILATION()\n#endif\n"),
            "1: uses _CCCL_DEVICE_COMPILATION");
  EXPECT_EQ(bothPasses("#ifdef THRUST_IS_DEVICE_CODE\n#endif\n"),
            "1: uses THRUST_IS_DEVICE_CODE");
  EXPECT_EQ(bothPasses("int v = CUB_PTX_ARCH;"), "1: uses CUB_PTX_ARCH");
  EXPECT_EQ(bothPasses("KOKKOS_IF_ON_HOST((f();))"),
            "1: uses KOKKOS_IF_ON_HOST");
  // What only the host pass's rule (exec-space-deduced-return) edits.
  EXPECT_EQ(bothPasses("__device__ auto g(int x) { return x; }"),
            "1: has a deduced return type");
  EXPECT_EQ(bothPasses("__device__ decltype(auto) g(int &x) { return x; }"),
            "1: has decltype(auto)");
  // Found after the first reason to lower, too.
  ScannedText S = scanText("constexpr int one() { return 1; }\n"
                           "#ifndef __CUDA_ARCH__\n#endif\n");
  EXPECT_EQ(S.Reason, "1: has constexpr");
  EXPECT_EQ(S.BothPassesReason, "2: uses __CUDA_ARCH__");
}

TEST(PreScan, PassWordsAreUpperCaseMacroNames) {
  EXPECT_TRUE(mayDifferBetweenPasses("__CUDA_ARCH__"));
  EXPECT_TRUE(mayDifferBetweenPasses("__CUDA_ARCH_FEAT_SM90_ALL"));
  EXPECT_TRUE(mayDifferBetweenPasses("NV_DISPATCH_TARGET"));
  EXPECT_FALSE(mayDifferBetweenPasses("__device__"));
  EXPECT_FALSE(mayDifferBetweenPasses("arch"));
  EXPECT_FALSE(mayDifferBetweenPasses("MGPU_DEVICE"));
  EXPECT_FALSE(mayDifferBetweenPasses("__host__"));
}

} // namespace

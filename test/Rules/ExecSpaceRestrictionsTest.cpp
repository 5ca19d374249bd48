#include "Rules/ExecSpaceRestrictions.h"
#include "RuleTester.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace clang::ast_matchers;
using namespace cudalower;

namespace {

std::optional<uint64_t> kernelBytes(llvm::StringRef Code) {
  auto AST = test::parseCuda(Code);
  if (!AST)
    return std::nullopt;
  ASTContext &Ctx = AST->getASTContext();
  const auto *K = selectFirst<FunctionDecl>(
      "k", match(functionDecl(hasName("k"), isExpansionInMainFile()).bind("k"),
                 Ctx));
  return K ? kernelParameterBytes(*K, Ctx) : std::nullopt;
}

TEST(ExecSpaceRestrictions, KernelParameterBytesFollowLayout) {
  EXPECT_EQ(kernelBytes("__global__ void k(char c, double d, int &r) {}"),
            std::optional<uint64_t>(24));
  EXPECT_EQ(kernelBytes("struct M { float m[100]; };\n"
                        "__global__ void k(M m, char c) {}"),
            std::optional<uint64_t>(401));
  EXPECT_EQ(kernelBytes("template <class T> __global__ void k(T t) {}"),
            std::nullopt);
}

TEST(ExecSpaceRestrictions, CapturesInLayoutOrder) {
  auto AST = test::parseCuda(
      "struct S { int m; void g() { int a = 1, b = 2;\n"
      "  auto l = [=] __device__ { return b + a + m; }; (void)l; } };");
  ASSERT_TRUE(AST);
  const auto *L = selectFirst<LambdaExpr>(
      "l", match(lambdaExpr(isExpansionInMainFile()).bind("l"),
                 AST->getASTContext()));
  ASSERT_TRUE(L);
  EXPECT_EQ(describeCaptures(*L), "'b', 'a', this");
}

TEST(ExecSpaceRestrictions, ComparesCapturesAcrossPasses) {
  auto R = test::runRules("void f() {\n"
                          "  int x = 1;\n"
                          "  auto l = [=] __host__ __device__ {\n"
                          "#ifdef __CUDA_ARCH__\n"
                          "    return x;\n"
                          "#else\n"
                          "    return 0;\n"
                          "#endif\n"
                          "  };\n"
                          "  (void)l;\n"
                          "}\n",
                          "exec-space-restrictions");
  EXPECT_NE(R.Diagnostics.find("captures nothing when __CUDA_ARCH__ is "
                               "undefined but 'x' when it is defined"),
            std::string::npos)
      << R.Diagnostics;
}

TEST(ExecSpaceRestrictions, ReservedNamespaceButNotSpecialisations) {
  auto R = test::runRules("namespace cuda { int mine; }\n"
                          "template <class T> struct Tr {};\n"
                          "namespace outer { namespace cuda { int ok; } }\n",
                          "exec-space-restrictions");
  EXPECT_NE(R.Diagnostics.find("reserved namespace 'cuda'"), std::string::npos);
  EXPECT_EQ(R.Diagnostics.find("input.cu:3"), std::string::npos);
}

TEST(ExecSpaceRestrictions, ALaunchIsNotRecursion) {
  // Dynamic parallelism (-fgpu-rdc, nvcc's -rdc=true): kernels that launch
  // themselves or each other, and device recursion, are no finding
  // (§5.3.10.5.1 forbids __global__ functions calling themselves).
  auto R = test::runRules("__global__ void self(int n) {\n"
                          "  if (n) self<<<1, 1>>>(n - 1);\n"
                          "}\n"
                          "__global__ void k2(int n);\n"
                          "__global__ void k1(int n) { k2<<<1, 1>>>(n); }\n"
                          "__global__ void k2(int n) {\n"
                          "  if (n) k1<<<1, 1>>>(n - 1);\n"
                          "}\n"
                          "__device__ int f(int n) {\n"
                          "  return n ? n * f(n - 1) : 1;\n"
                          "}\n"
                          "__global__ void viaDevice(int *o) {\n"
                          "  *o = f(4);\n"
                          "  if (*o) viaDevice<<<1, 1>>>(o);\n"
                          "}\n",
                          "exec-space-restrictions", {}, "input.cu",
                          {"-fgpu-rdc"});
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_EQ(R.Diagnostics, "");
}

} // namespace

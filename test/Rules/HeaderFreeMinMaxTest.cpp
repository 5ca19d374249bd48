//===--- HeaderFreeMinMaxTest.cpp - When std::min needs no header -----===//

#include "Rules/StdToCudaStd/HeaderFreeMinMax.h"
#include "RuleTester.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {
namespace {

/// What headerFreeMinMax says of the first call to std::min or std::max in
/// \p Body, a snippet after `#include <algorithm>`: the name that replaces
/// `std::min`, or the conditional that replaces the call; "" for no.
std::string decide(llvm::StringRef Body) {
  std::string Code = "#include <algorithm>\n" + Body.str();
  std::unique_ptr<ASTUnit> AST = test::parseCuda(Code);
  if (!AST)
    return "<no AST>";
  const auto *Call = selectFirst<CallExpr>(
      "c",
      match(
          callExpr(callee(functionDecl(hasAnyName("::std::min", "::std::max"))),
                   isExpansionInMainFile())
              .bind("c"),
          AST->getASTContext()));
  if (!Call)
    return "<no call>";
  std::optional<HeaderFreeSpelling> S =
      headerFreeMinMax(*Call, AST->getASTContext());
  if (!S)
    return "";
  if (S->Kind == HeaderFreeSpelling::CudaOverload)
    return S->Text + Call->getDirectCallee()->getName().str(); // "::min"
  return S->Text;
}

TEST(HeaderFreeMinMax, TwoIntegersOfOneTypeUseCudasOverload) {
  EXPECT_EQ(decide("__device__ int f(int a, int b) { return std::min(a, b); }"),
            "::min");
  EXPECT_EQ(decide("__device__ long f(long a) { return std::max(a, 5L); }"),
            "::max");
  EXPECT_EQ(decide("__global__ void k(unsigned long long *p) {"
                   "  p[0] = std::min(p[0], p[1]); }"),
            "::min");
  EXPECT_EQ(decide("__host__ __device__ unsigned f(unsigned a) {"
                   "  unsigned r = (std::max(a, 1u)); return r; }"),
            "::max");
}

TEST(HeaderFreeMinMax, FloatsAndNarrowTypesUseTheConditional) {
  // CUDA's float overloads are fminf/fmaxf: they drop a NaN operand, where
  // std::min returns its first argument. The conditional is std::min's
  // own definition; a narrow type would be promoted by CUDA's overloads,
  // not by the conditional.
  EXPECT_EQ(
      decide("__device__ float f(float a, float b) { return std::min(a, b); }"),
      "(b < a ? b : a)");
  EXPECT_EQ(
      decide("__device__ double f(double a) { return std::max(a, 0.0); }"),
      "(a < 0.0 ? 0.0 : a)");
  EXPECT_EQ(
      decide("__device__ short f(short a, short b) { return std::min(a, b); }"),
      "(b < a ? b : a)");
  EXPECT_EQ(
      decide("__device__ char f(char a, char b) { return std::max(a, b); }"),
      "(a < b ? b : a)");
}

TEST(HeaderFreeMinMax, ConditionalRepeatsOnlyWhatReadsTheSame) {
  // Objects designated without side effects and constants: std::min reads
  // the chosen reference again too.
  EXPECT_EQ(decide("struct P { float x; };"
                   "__global__ void k(float *y, const P *p, int i) {"
                   "  y[i + 1] = std::min(y[i + 1], p->x); }"),
            "(p->x < y[i + 1] ? p->x : y[i + 1])");
  EXPECT_EQ(decide("constexpr float limit() { return 0.5f; }"
                   "__global__ void k(float *y) {"
                   "  y[0] = std::min(y[0], limit()); }"),
            "(limit() < y[0] ? limit() : y[0])");
  EXPECT_EQ(decide("__device__ float f(float a, float b) {"
                   "  return std::max(-a, b); }"),
            "((-a) < b ? b : (-a))");
  // Side effects, calls and floating-point arithmetic are evaluated once.
  EXPECT_EQ(decide("__device__ float f(float *p) {"
                   "  return std::min(*p++, 1.0f); }"),
            "");
  EXPECT_EQ(decide("__device__ float g(); __device__ float f(float a) {"
                   "  return std::min(a, g()); }"),
            "");
  EXPECT_EQ(decide("__device__ float f(float a, float b, float c) {"
                   "  return std::min(a * b + c, c); }"),
            "");
  EXPECT_EQ(decide("__device__ float f(volatile float *p, float a) {"
                   "  float v = std::min(a, float(*p)); return v; }"),
            "");
}

TEST(HeaderFreeMinMax, ConditionalLeavesStdInsideAlone) {
  // The argument's own rewrite would land inside the replaced call.
  EXPECT_EQ(decide("#include <limits>\n"
                   "__device__ float f(float a) { return std::min(a, "
                   "std::numeric_limits<float>::max()); }"),
            "");
}

TEST(HeaderFreeMinMax, EnumsStay) {
  EXPECT_EQ(decide("enum E { A, B };"
                   "__device__ E f(E a, E b) { return std::min(a, b); }"),
            "");
}

TEST(HeaderFreeMinMax, AUserMinInTheGlobalNamespaceGivesTheConditional) {
  EXPECT_EQ(decide("template <class T> __device__ T min(T a, T b) { return a; }"
                   "__device__ int f(int a, int b) { return std::min(a, b); }"),
            "(b < a ? b : a)");
}

TEST(HeaderFreeMinMax, ExplicitTemplateArgumentsAndComparatorsStay) {
  EXPECT_EQ(
      decide(
          "__device__ long f(int a, long b) { return std::min<long>(a, b); }"),
      "");
  EXPECT_EQ(
      decide(
          "struct Less { __device__ bool operator()(int a, int b) const"
          "  { return a < b; } };"
          "__device__ int f(int a, int b) { return std::min(a, b, Less()); }"),
      "");
}

TEST(HeaderFreeMinMax, AReferenceToTheResultStays) {
  EXPECT_EQ(decide("__device__ int f(int a, int b) {"
                   "  const int &r = std::min(a, b); return r; }"),
            "");
  EXPECT_EQ(decide("__device__ const int *f(const int &a, const int &b) {"
                   "  return &std::max(a, b); }"),
            "");
}

TEST(HeaderFreeMinMax, ConstantEvaluationKeepsConstexprStd) {
  EXPECT_EQ(decide("__device__ constexpr int f(int a, int b) { return "
                   "std::min(a, b); }"),
            "");
  EXPECT_EQ(
      decide(
          "__device__ int f() { constexpr int n = std::min(3, 4); return n; }"),
      "");
  EXPECT_EQ(
      decide("template <int N> struct S {};"
             "__device__ int f() { S<std::max(1, 2)> s; (void)s; return 0; }"),
      "");
  EXPECT_EQ(decide("__device__ int g = std::min(1, 2);"), "");
  EXPECT_EQ(decide("__device__ int f(int a) { static int s = std::min(a, 2); "
                   "return s; }"),
            "");
  EXPECT_EQ(decide("struct T { int m = std::min(1, 2); };"), "");
  EXPECT_EQ(decide("__device__ int f(int a) {"
                   "  auto l = [](int x) constexpr { return std::max(x, 0); };"
                   "  return l(a); }"),
            "");
}

TEST(HeaderFreeMinMax, LambdasNotWrittenConstexprRunAtRunTime) {
  // C++17 marks them constexpr implicitly; device code calls them.
  EXPECT_EQ(decide("__device__ int f(int a) {"
                   "  auto l = [](int x) { return std::max(x, 0); };"
                   "  return l(a); }"),
            "::max");
  EXPECT_EQ(decide("void g(int *p) { auto l = [=] __device__ (int i) {"
                   "  p[i] = std::min(p[i], 3); }; (void)l; }"),
            "::min");
}

TEST(HeaderFreeMinMax, AMacroNamedMaxGivesTheConditional) {
  // `(std::max)(a, b)` dodges the macro, `::max(a, b)` would not; the
  // conditional replaces the whole call and names no max at all.
  EXPECT_EQ(
      decide("#define max(a, b) ((a) > (b) ? (a) : (b))\n"
             "__device__ int f(int a, int b) { return (std::max)(a, b); }"),
      "(a < b ? b : a)");
}

} // namespace
} // namespace cudalower

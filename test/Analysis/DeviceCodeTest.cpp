#include "Analysis/CodeContext.h"
#include "Analysis/DeviceCode.h"
#include "RuleTester.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace clang::ast_matchers;
using namespace cudalower;
using cudalower::test::refTo;

namespace {

const FunctionDecl *function(ASTUnit &AST, llvm::StringRef Name) {
  return selectFirst<FunctionDecl>(
      "f", match(functionDecl(hasName(Name), isDefinition(),
                              isExpansionInMainFile())
                     .bind("f"),
                 AST.getASTContext()));
}

const CXXMethodDecl *lambdaIn(ASTUnit &AST, llvm::StringRef Function) {
  const auto *L = selectFirst<LambdaExpr>(
      "l", match(lambdaExpr(hasAncestor(functionDecl(hasName(Function))))
                     .bind("l"),
                 AST.getASTContext()));
  return L ? L->getCallOperator() : nullptr;
}


TEST(DeviceCode, ConstexprFunctionsAreHostForNvcc) {
  auto AST = test::parseCuda("constexpr int f() { return 1; }\n"
                             "__host__ __device__ constexpr int g() { return 2; }");
  ASSERT_TRUE(AST);
  EXPECT_EQ(nvccExecSpace(*function(*AST, "f")), ExecSpace::Host);
  EXPECT_EQ(nvccExecSpace(*function(*AST, "g")), ExecSpace::HostDevice);
}

TEST(DeviceCode, ExplicitSpaces) {
  auto AST = test::parseCuda("__device__ void d() {}\n"
                             "__global__ void k() {}\n"
                             "void h() {}");
  ASSERT_TRUE(AST);
  EXPECT_EQ(nvccExecSpace(*function(*AST, "d")), ExecSpace::Device);
  EXPECT_EQ(nvccExecSpace(*function(*AST, "k")), ExecSpace::Global);
  EXPECT_EQ(nvccExecSpace(*function(*AST, "h")), ExecSpace::Host);
}

TEST(DeviceCode, UnannotatedLambdaTakesItsFunctionsSpace) {
  auto AST = test::parseCuda(
      "__device__ int d(int i) { auto l = [](int j) { return j; }; return l(i); }\n"
      "int h(int i) { auto l = [](int j) { return j; }; return l(i); }\n"
      "void e() { auto l = [] __device__ (int j) { return j; }; (void)l; }");
  ASSERT_TRUE(AST);
  EXPECT_EQ(nvccExecSpace(*lambdaIn(*AST, "d")), ExecSpace::Device);
  EXPECT_EQ(nvccExecSpace(*lambdaIn(*AST, "h")), ExecSpace::Host);
  EXPECT_EQ(nvccExecSpace(*lambdaIn(*AST, "e")), ExecSpace::Device);
}

TEST(DeviceCode, IndexFindsHostConstexprCalledAtRunTime) {
  auto AST = test::parseCuda(
      "constexpr int twice(int x) { return 2 * x; }\n"
      "constexpr int inc(int x) { return x + 1; }\n"
      "constexpr int folded(int x) { return x; }\n"
      "constexpr int unused(int x) { return x; }\n"
      "__global__ void k(int *o, int i) { o[0] = twice(i) + folded(3); }\n"
      "constexpr int nested(int x) { return inc(x); }\n"
      "__device__ int d(int i) { return nested(i); }");
  ASSERT_TRUE(AST);
  DeviceCodeIndex Index(AST->getASTContext(), [](SourceLocation) { return true; });
  EXPECT_TRUE(Index.isDeviceCode(function(*AST, "twice")));
  EXPECT_EQ(Index.relaxedConstexprCaller(function(*AST, "twice")),
            function(*AST, "k"));
  EXPECT_TRUE(Index.isDeviceCode(function(*AST, "inc")));
  EXPECT_FALSE(Index.isDeviceCode(function(*AST, "folded")));
  EXPECT_FALSE(Index.isDeviceCode(function(*AST, "unused")));
}

TEST(DeviceCode, IndexKnowsRunTimeCallsOfDeviceConstexpr) {
  auto AST = test::parseCuda(
      "__device__ constexpr int getAt(int i) { return i; }\n"
      "__device__ constexpr int konst(int i) { return i; }\n"
      "__device__ int caller(int i) { return getAt(i) + konst(2); }");
  ASSERT_TRUE(AST);
  DeviceCodeIndex Index(AST->getASTContext(), [](SourceLocation) { return true; });
  EXPECT_EQ(Index.runTimeCaller(function(*AST, "getAt")),
            function(*AST, "caller"));
  EXPECT_EQ(Index.runTimeCaller(function(*AST, "konst")), nullptr);
  // A device function is device code, not a relaxed-constexpr callee.
  EXPECT_EQ(Index.relaxedConstexprCaller(function(*AST, "getAt")), nullptr);
}

TEST(DeviceCode, EnclosingBodyExcludesDeclarators) {
  auto AST = test::parseCuda(
      "__device__ int inner(int x) { return x; }\n"
      "__device__ auto outer(int y) -> decltype(inner(y)) { int z = y; return z; }");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  EXPECT_EQ(findCodeContext(*refTo(*AST, "inner"), Ctx).Body, nullptr);
  EXPECT_EQ(findCodeContext(*refTo(*AST, "z"), Ctx).Body,
            function(*AST, "outer"));
}

TEST(DeviceCode, ConstantAndUnevaluatedContexts) {
  auto AST = test::parseCuda(
      "constexpr int kTable[] = {1, 2};\n"
      "constexpr int kSize = 3;\n"
      "constexpr int kSized = 4;\n"
      "constexpr int kRead = 5;\n"
      "__device__ int f(int i) {\n"
      "  constexpr int a = kTable[1];\n"
      "  int b[kSize] = {};\n"
      "  return a + b[0] + sizeof(kSized) + kRead;\n"
      "}");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  EXPECT_TRUE(findCodeContext(*refTo(*AST, "kTable"), Ctx).ConstantOrUnevaluated);
  EXPECT_TRUE(findCodeContext(*refTo(*AST, "kSize"), Ctx).ConstantOrUnevaluated);
  EXPECT_TRUE(findCodeContext(*refTo(*AST, "kSized"), Ctx).ConstantOrUnevaluated);
  EXPECT_FALSE(findCodeContext(*refTo(*AST, "kRead"), Ctx).ConstantOrUnevaluated);
}

TEST(DeviceCode, ImplicitMemorySpaceIsNotExplicit) {
  auto AST = test::parseCuda("constexpr int a = 1;\n__device__ int b;\n"
                             "__constant__ int c;",
                             /*DevicePass=*/true);
  ASSERT_TRUE(AST);
  auto Var = [&](llvm::StringRef Name) {
    return selectFirst<VarDecl>(
        "v", match(varDecl(hasName(Name), isExpansionInMainFile()).bind("v"),
                   AST->getASTContext()));
  };
  EXPECT_FALSE(hasExplicitMemorySpace(*Var("a")));
  EXPECT_TRUE(hasExplicitMemorySpace(*Var("b")));
  EXPECT_TRUE(hasExplicitMemorySpace(*Var("c")));
}

} // namespace

//===--- ExecSpaceTest.cpp - The execution-space resolver and contexts ----===//

#include "Analysis/CodeContext.h"
#include "Analysis/ExecSpace.h"
#include "RuleTester.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/Support/thread.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace clang::ast_matchers;
using namespace cudalower;
using cudalower::test::refTo;

namespace {

/// The first function named \p Name (qualified names allowed).
const FunctionDecl *functionNamed(ASTUnit &AST, llvm::StringRef Name) {
  return selectFirst<FunctionDecl>(
      "f", match(functionDecl(hasName(Name)).bind("f"), AST.getASTContext()));
}

/// The callee of the first call in the main file to a function named \p Name.
const FunctionDecl *calleeNamed(ASTUnit &AST, llvm::StringRef Name) {
  return selectFirst<FunctionDecl>(
      "f", match(callExpr(isExpansionInMainFile(),
                          callee(functionDecl(hasName(Name)).bind("f"))),
                 AST.getASTContext()));
}

/// The call operator of the lambda written in function \p Function.
const CXXMethodDecl *lambdaWrittenIn(ASTUnit &AST, llvm::StringRef Function) {
  const auto *L = selectFirst<LambdaExpr>(
      "l", match(lambdaExpr(isExpansionInMainFile()).bind("l"),
                 AST.getASTContext()));
  for (const BoundNodes &N : match(
           lambdaExpr(isExpansionInMainFile()).bind("l"), AST.getASTContext()))
    if (const FunctionDecl *F =
            enclosingFunction(*N.getNodeAs<LambdaExpr>("l")->getLambdaClass());
        F && F->getName() == Function)
      L = N.getNodeAs<LambdaExpr>("l");
  return L ? L->getCallOperator() : nullptr;
}


TEST(ExecSpace, WrittenSpaceIgnoresClangsImplicitAttributes) {
  auto AST = test::parseCuda("constexpr int c() { return 1; }\n"
                            "__host__ void h() {}\n"
                            "__host__ __device__ void hd() {}\n"
                            "__device__ void d() {}\n"
                            "__global__ void k() {}");
  ASSERT_TRUE(AST);
  EXPECT_EQ(writtenExecSpace(*functionNamed(*AST, "c")), ExecSpace::Host);
  EXPECT_FALSE(hasWrittenExecSpace(*functionNamed(*AST, "c")));
  EXPECT_EQ(writtenExecSpace(*functionNamed(*AST, "h")), ExecSpace::Host);
  EXPECT_TRUE(hasWrittenExecSpace(*functionNamed(*AST, "h")));
  EXPECT_EQ(writtenExecSpace(*functionNamed(*AST, "hd")), ExecSpace::HostDevice);
  EXPECT_EQ(writtenExecSpace(*functionNamed(*AST, "d")), ExecSpace::Device);
  EXPECT_EQ(writtenExecSpace(*functionNamed(*AST, "k")), ExecSpace::Global);
}

TEST(ExecSpace, ConstexprFunctionsAreHostWithoutRelaxedConstexpr) {
  auto AST = test::parseCuda("constexpr int f() { return 1; }\n"
                            "__device__ constexpr int g() { return 1; }");
  ASSERT_TRUE(AST);
  EXPECT_EQ(nvccExecSpace(*functionNamed(*AST, "f")), ExecSpace::Host);
  EXPECT_EQ(nvccExecSpace(*functionNamed(*AST, "g")), ExecSpace::Device);
}

TEST(ExecSpace, BuiltinsRunEverywhere) {
  auto AST = test::parseCuda(
      "__device__ int f(int x) { return __builtin_popcount(x); }",
      /*DevicePass=*/true);
  ASSERT_TRUE(AST);
  const FunctionDecl *B = calleeNamed(*AST, "__builtin_popcount");
  ASSERT_TRUE(B);
  EXPECT_EQ(nvccExecSpace(*B), ExecSpace::HostDevice);
}

TEST(ExecSpace, StdMoveForwardAndInitializerListAreHostDevice) {
  auto AST = test::parseCuda(
      "#include <initializer_list>\n#include <utility>\n"
      "__device__ int f(int a) {\n"
      "  std::initializer_list<int> l = {1, 2};\n"
      "  return std::forward<int>(std::move(a)) + int(l.size());\n"
      "}",
      /*DevicePass=*/true);
  ASSERT_TRUE(AST);
  EXPECT_EQ(nvccExecSpace(*calleeNamed(*AST, "move")), ExecSpace::HostDevice);
  EXPECT_EQ(nvccExecSpace(*calleeNamed(*AST, "forward")), ExecSpace::HostDevice);
  EXPECT_EQ(nvccExecSpace(*calleeNamed(*AST, "size")), ExecSpace::HostDevice);
}

TEST(ExecSpace, ClangsWrapperStdMinIsTheHostOne) {
  auto AST = test::parseCuda("#include <algorithm>\n"
                            "__device__ int f(int a) { return std::min(a, 2); }",
                            /*DevicePass=*/true);
  ASSERT_TRUE(AST);
  const FunctionDecl *Min = calleeNamed(*AST, "min");
  ASSERT_TRUE(Min);
  EXPECT_TRUE(Min->hasAttr<CUDADeviceAttr>()); // as Clang's wrapper says
  EXPECT_EQ(nvccExecSpace(*Min), ExecSpace::Host);
}

TEST(ExecSpace, PlainLambdasTakeTheSpaceOfTheirFunction) {
  auto AST = test::parseCuda(
      "__device__ int d(int i) { auto l = [](int j) { return j; }; return l(i); }\n"
      "int h(int i) { auto l = [](int j) { return j; }; return l(i); }\n"
      "void e() { auto l = [] __device__ (int j) { return j; }; (void)l; }\n"
      "auto g = [](int j) { return j; };");
  ASSERT_TRUE(AST);
  EXPECT_EQ(nvccExecSpace(*lambdaWrittenIn(*AST, "d")), ExecSpace::Device);
  EXPECT_EQ(nvccExecSpace(*lambdaWrittenIn(*AST, "h")), ExecSpace::Host);
  EXPECT_EQ(nvccExecSpace(*lambdaWrittenIn(*AST, "e")), ExecSpace::Device);
  const auto *Global = selectFirst<LambdaExpr>(
      "l", match(lambdaExpr(hasAncestor(varDecl(hasName("g")))).bind("l"),
                 AST->getASTContext()));
  ASSERT_TRUE(Global);
  EXPECT_EQ(nvccExecSpace(*Global->getCallOperator()), ExecSpace::Host);
}

TEST(ExecSpace, ImplicitMembersTakeTheirCallersSpace) {
  auto AST = test::parseCuda("struct S { int x = 1; };\n"
                            "__device__ int d() { S s; return s.x; }",
                            /*DevicePass=*/true);
  ASSERT_TRUE(AST);
  const auto *Ctor = selectFirst<CXXConstructorDecl>(
      "c", match(cxxConstructorDecl(ofClass(hasName("S")), isDefaultConstructor(),
                                    isImplicit())
                     .bind("c"),
                 AST->getASTContext()));
  ASSERT_TRUE(Ctor);
  EXPECT_TRUE(runsOnDevice(nvccExecSpace(*Ctor)));
}

TEST(ExecSpace, Spelling) {
  EXPECT_EQ(spelling(ExecSpace::HostDevice), "__host__ __device__");
  EXPECT_EQ(spelling(ExecSpace::Global), "__global__");
}

TEST(CodeContext, FunctionLambdaAndBody) {
  auto AST = test::parseCuda(
      "__device__ int inner(int x) { return x; }\n"
      "__device__ auto outer(int y) -> decltype(inner(y)) {\n"
      "  auto l = [y](int w) { return w + y; };\n"
      "  return l(y);\n"
      "}\n"
      "int host(int x);\n"
      "int g = host(1);");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  const FunctionDecl *Outer = functionNamed(*AST, "outer");
  // The trailing return type is the function's, not its body.
  CodeContext Ret = findCodeContext(*refTo(*AST, "inner"), Ctx);
  EXPECT_EQ(Ret.Function, Outer);
  EXPECT_EQ(Ret.Body, nullptr);
  EXPECT_TRUE(Ret.Unevaluated);
  // Code in a lambda's body is its call operator's; captures are not.
  CodeContext InLambda = findCodeContext(*refTo(*AST, "w"), Ctx);
  ASSERT_TRUE(InLambda.Lambda);
  EXPECT_EQ(InLambda.Function, InLambda.Lambda->getCallOperator());
  EXPECT_EQ(InLambda.Body, InLambda.Function);
  // A namespace-scope initializer is in no function.
  const auto *Init = selectFirst<Expr>(
      "c", match(callExpr(isExpansionInMainFile(),
                          hasAncestor(varDecl(hasName("g"))))
                     .bind("c"),
                 Ctx));
  ASSERT_TRUE(Init);
  EXPECT_EQ(findCodeContext(*Init, Ctx).Function, nullptr);
}

TEST(CodeContext, UnevaluatedAndConstantContexts) {
  auto AST = test::parseCuda(
      "__device__ int h();\n"
      "constexpr int kTable[] = {1, 2};\n"
      "constexpr int kSize = 3;\n"
      "__device__ int f(int i) {\n"
      "  constexpr int a = kTable[1];\n"
      "  int b[kSize] = {};\n"
      "  if constexpr (kSize > 2) { i += 1; }\n"
      "  return a + b[0] + sizeof(h()) + noexcept(h()) + i;\n"
      "}");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  EXPECT_TRUE(findCodeContext(*refTo(*AST, "kTable"), Ctx).ConstantOrUnevaluated);
  EXPECT_FALSE(findCodeContext(*refTo(*AST, "kTable"), Ctx).Unevaluated);
  EXPECT_TRUE(findCodeContext(*refTo(*AST, "kSize"), Ctx).ConstantOrUnevaluated);
  CodeContext InSizeof = findCodeContext(*refTo(*AST, "h"), Ctx);
  EXPECT_TRUE(InSizeof.Unevaluated && InSizeof.ConstantOrUnevaluated);
  EXPECT_FALSE(findCodeContext(*refTo(*AST, "i"), Ctx).ConstantOrUnevaluated);
}

/// Records the parents of the one reference to `first`.
class DepthProbe : public ContextVisitor<DepthProbe> {
public:
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl()->getName() == "first")
      Parents = codeContext().Parents.size();
    return true;
  }
  size_t Parents = 0;
};

// Generated code holds sums of tens of thousands of terms. The walk keeps
// the chain of parents without a stack frame per level: 1 MB of stack is
// enough for 20,000 levels (with TraverseStmt overridden, the walk
// overflowed it: exit 139).
TEST(CodeContext, DeepExpressionsNeedNoStackPerLevel) {
  std::string Code = "__device__ int f(int first, int x) { return first";
  for (int I = 0; I < 20000; ++I)
    Code += " + x";
  Code += "; }";
  auto AST = test::parseCuda(Code);
  ASSERT_TRUE(AST);
  DepthProbe Probe;
  llvm::thread Walk(std::optional<unsigned>(1u << 20),
                    [&] { Probe.TraverseAST(AST->getASTContext()); });
  Walk.join();
  // Each `+` and the implicit conversion of `first`, at least.
  EXPECT_GT(Probe.Parents, 20000u);
}

} // namespace

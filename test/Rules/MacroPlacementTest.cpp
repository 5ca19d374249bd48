#include "RuleTester.h"
#include "Rules/LowerExtendedLambda/Lowering.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <gtest/gtest.h>

using namespace cudalower;
using namespace cudalower::lowering;
using namespace clang;
using namespace clang::ast_matchers;

namespace {

/// A gtest-like TEST macro: a class with a private TestBody(), in a
/// namespace of its own when NS is given.
constexpr llvm::StringLiteral TestMacro =
    "#define TEST(S, N) class S##_##N##_Test { void TestBody(); };\\\n"
    "  void S##_##N##_Test::TestBody()\n"
    "#define NS_TEST(S, N) namespace { class S##_##N { void TestBody(); }; }\\\n"
    "  void S##_##N::TestBody()\n";

const CXXRecordDecl *recordNamed(ASTUnit &AST, llvm::StringRef Name) {
  auto Found = match(cxxRecordDecl(hasName(Name), isDefinition()).bind("c"),
                     AST.getASTContext());
  return Found.empty() ? nullptr : Found[0].getNodeAs<CXXRecordDecl>("c");
}

TEST(MacroPlacement, ClassesAMacroDefinesAreMacroMade) {
  auto AST = test::parseCuda((TestMacro + "TEST(A, B) {}\n"
                                          "class Written { void f(); };\n"
                                          "#define NAME Named\n"
                                          "class NAME {};\n")
                                 .str());
  EXPECT_TRUE(isMacroMadeClass(*recordNamed(*AST, "A_B_Test")));
  EXPECT_FALSE(isMacroMadeClass(*recordNamed(*AST, "Written")));
  // Only the name from a macro: the class is written in the file.
  EXPECT_FALSE(isMacroMadeClass(*recordNamed(*AST, "Named")));
}

TEST(MacroPlacement, ContextSkipsNamespacesTheMacroOpens) {
  auto AST = test::parseCuda((TestMacro + "namespace user { NS_TEST(A, B) {} }\n"
                                          "namespace { TEST(C, D) {} }\n")
                                 .str());
  const CXXRecordDecl *AB = recordNamed(*AST, "A_B");
  const DeclContext *DC = userWrittenContext(*AB);
  ASSERT_TRUE(isa<NamespaceDecl>(DC));
  EXPECT_EQ(cast<NamespaceDecl>(DC)->getName(), "user");
  // The macro's unnamed namespace is not the user's: the functor needs one.
  EXPECT_TRUE(needsOwnUnnamedNamespace(*DC));
  // The user's own unnamed namespace is enough.
  EXPECT_FALSE(needsOwnUnnamedNamespace(
      *userWrittenContext(*recordNamed(*AST, "C_D_Test"))));
}

TEST(MacroPlacement, MacroNameIsTheOutermostExpansion) {
  auto AST = test::parseCuda((TestMacro + "#define WRAP(S, N) TEST(S, N)\n"
                                          "WRAP(A, B) {}\n")
                                 .str());
  const CXXRecordDecl *C = recordNamed(*AST, "A_B_Test");
  EXPECT_EQ(macroNameAt(C->getBeginLoc(), AST->getSourceManager(),
                        AST->getLangOpts()),
            "WRAP");
  EXPECT_EQ(macroNameAt(SourceLocation(), AST->getSourceManager(),
                        AST->getLangOpts()),
            "");
}

TEST(MacroPlacement, FunctorGoesBeforeTheMacroOutsideItsNamespace) {
  auto R = test::runRules(
      (TestMacro + "template <class F> __global__ void k(F f) { f(); }\n"
                   "// Comment of the test.\n"
                   "NS_TEST(A, B) {\n"
                   "  int n = 1;\n"
                   "  k<<<1, 1>>>([=] __device__ { (void)n; });\n"
                   "}\n")
          .str(),
      "lower-extended-lambda");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  const std::string &Out = R.Output;
  size_t Functor = Out.find("struct A_B_lambda_1 {");
  size_t Comment = Out.find("// Comment of the test.");
  ASSERT_NE(Functor, std::string::npos) << R.Output;
  EXPECT_LT(Out.rfind("namespace {\n", Functor), Functor);
  EXPECT_LT(Functor, Comment);
  EXPECT_NE(Out.find("k<<<1, 1>>>(A_B_lambda_1{n});"), std::string::npos);
}

TEST(MacroPlacement, ThisBecomesAPointerTemplateParameter) {
  auto R = test::runRules(
      (TestMacro + "template <class F> __global__ void k(F f) { f(); }\n"
                   "#define FIX(S, N) struct S##_##N : Base { void run(); };\\\n"
                   "  void S##_##N::run()\n"
                   "struct Base { int m; protected: int p; };\n"
                   "FIX(A, B) { k<<<1, 1>>>([this] __device__ { (void)m; }); }\n"
                   "FIX(C, D) { k<<<1, 1>>>([this] __device__ { (void)p; }); }\n")
          .str(),
      "lower-extended-lambda");
  EXPECT_NE(R.Output.find("template <class Self>\nstruct A_B_lambda_1 {\n"
                          "  Self self;"),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Output.find("A_B_lambda_1<decltype(this)>{this}"),
            std::string::npos);
  // A protected member cannot be reached from outside: an error.
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_NE(R.Diagnostics.find("it uses 'p', a protected member of 'Base'"),
            std::string::npos)
      << R.Diagnostics;
}

} // namespace

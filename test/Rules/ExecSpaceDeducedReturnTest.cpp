#include "Rules/ExecSpaceDeducedReturn.h"
#include "RuleTester.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace clang::ast_matchers;
using namespace cudalower;

namespace {

/// spelledDeducedType() of the function named f, or "<none: why>".
std::string spelled(llvm::StringRef Code) {
  auto AST = test::parseCuda(Code);
  if (!AST)
    return "<parse error>";
  ASTContext &Ctx = AST->getASTContext();
  const auto *F = selectFirst<FunctionDecl>(
      "f", match(functionDecl(hasName("f"), isDefinition(), isExpansionInMainFile(),
                              unless(isTemplateInstantiation()),
                              unless(hasParent(functionTemplateDecl())))
                     .bind("f"),
                 Ctx));
  if (!F) // A template: take an instantiation.
    F = selectFirst<FunctionDecl>(
        "f", match(functionDecl(hasName("f"), isTemplateInstantiation(),
                                isExpansionInMainFile())
                       .bind("f"),
                   Ctx));
  if (!F)
    return "<no function>";
  std::string WhyNot;
  std::optional<std::string> T = spelledDeducedType(F, Ctx, WhyNot);
  return T ? *T : "<none: " + WhyNot + ">";
}

TEST(ExecSpaceDeducedReturn, SpellsSimpleAndQualifiedTypes) {
  EXPECT_EQ(spelled("__device__ auto f(int x) { return x; }"), "int");
  EXPECT_EQ(spelled("namespace n { struct P { int a; }; }\n"
                    "__device__ auto f() { return n::P{1}; }"),
            "n::P");
  EXPECT_EQ(spelled("__device__ decltype(auto) f(int &x) { return (x); }"),
            "int &");
  // Clang names sizeof's type __size_t, which only it knows.
  EXPECT_EQ(spelled("__device__ auto f() { return sizeof(int); }"),
            "unsigned long");
}

TEST(ExecSpaceDeducedReturn, RefusesWhatCannotBeWritten) {
  EXPECT_NE(spelled("__device__ auto f() { return [] {}; }").find("<none"),
            std::string::npos);
  EXPECT_NE(spelled("__device__ auto f() { struct L { int v; }; return L{1}; }")
                .find("<none"),
            std::string::npos);
  EXPECT_NE(spelled("int g(int);\n__device__ auto f() { return &g; }")
                .find("<none"),
            std::string::npos);
}

TEST(ExecSpaceDeducedReturn, TemplatesNeedNonDependentReturns) {
  EXPECT_EQ(spelled("template <class T> __device__ auto f(T) { return 1.5f; }\n"
                    "__device__ float g() { return f(1); }"),
            "float");
  EXPECT_NE(spelled("template <class T> __device__ auto f(T x) { return x; }\n"
                    "__device__ int g() { return f(1); }")
                .find("depends on template parameters"),
            std::string::npos);
}

TEST(ExecSpaceDeducedReturn, RewritesOnlyHostReferences) {
  auto R = test::runRules("template <class T> struct Tag {};\n"
                          "__device__ auto f(int x) { return x; }\n"
                          "__device__ auto g(int x) { return x; }\n"
                          "struct A : Tag<decltype(f)> {};\n"
                          "__global__ void k(int *o) { *o = g(1); }\n",
                          "exec-space-deduced-return");
  EXPECT_EQ(R.Output, "template <class T> struct Tag {};\n"
                      "__device__ int f(int x) { return x; }\n"
                      "__device__ auto g(int x) { return x; }\n"
                      "struct A : Tag<decltype(f)> {};\n"
                      "__global__ void k(int *o) { *o = g(1); }\n");
}

} // namespace

#include "Editing/MacroExpansionText.h"
#include "RuleTester.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace clang::ast_matchers;
using namespace cudalower;

namespace {

const char *Prelude = "template <class F> void each(int, F) {}\n"
                      "#define DEV __device__\n";

/// What MacroExpansionText finds around the \p Index-th lambda of the main
/// file: the expansion, the lambda's text in it, its body's, and the
/// arguments it holds; or the reason it gives.
struct Found {
  std::string Text, Lambda, Body, Why;
  std::vector<std::string> Arguments;
};

Found expand(llvm::StringRef Code, unsigned Index = 0) {
  auto AST = test::parseCuda((Prelude + Code).str());
  Found F;
  if (!AST) {
    F.Why = "<parse error>";
    return F;
  }
  ASTContext &Ctx = AST->getASTContext();
  auto Lambdas = match(lambdaExpr(isExpansionInMainFile()).bind("l"), Ctx);
  if (Index >= Lambdas.size()) {
    F.Why = "<no lambda>";
    return F;
  }
  const auto *L = Lambdas[Index].getNodeAs<LambdaExpr>("l");
  auto X = MacroExpansionText::around(L->getBeginLoc(), AST->getPreprocessor(),
                                      F.Why);
  if (!X)
    return F;
  F.Text = X->text();
  auto Slice = [&](SourceRange R) -> std::string {
    auto O = X->offsets(CharSourceRange::getTokenRange(R));
    return O ? X->text().substr(O->first, O->second - O->first) : "<none>";
  };
  F.Lambda = Slice(L->getSourceRange());
  F.Body = Slice(L->getBody()->getSourceRange());
  const SourceManager &SM = Ctx.getSourceManager();
  for (const auto &A : X->arguments()) {
    std::string InText = X->text().substr(A.Begin, A.End - A.Begin);
    std::string Written =
        Lexer::getSourceText(A.File, SM, Ctx.getLangOpts()).str();
    F.Arguments.push_back(InText == Written ? InText : "<differs>");
  }
  return F;
}

TEST(MacroExpansionText, VariadicBodyArgument) {
  Found F = expand("#define FORALL(i, n, ...) each(n, [=] __device__ (int i) { "
                   "__VA_ARGS__ })\n"
                   "void f(int *a, int n) {\n"
                   "  FORALL(k, n,\n"
                   "    a[k] = k;\n"
                   "    a[k] += 1;);\n"
                   "}\n");
  ASSERT_EQ(F.Why, "");
  EXPECT_EQ(F.Text, "each(n, [=] __device__ (int k) { a[k] = k;\n"
                    "    a[k] += 1; })");
  EXPECT_EQ(F.Lambda, "[=] __device__ (int k) { a[k] = k;\n    a[k] += 1; }");
  EXPECT_EQ(F.Body, "{ a[k] = k;\n    a[k] += 1; }");
  EXPECT_EQ(F.Arguments,
            (std::vector<std::string>{"n", "k", "a[k] = k;\n    a[k] += 1;"}));
}

TEST(MacroExpansionText, BracedArgumentAndNestedMacros) {
  // A comma inside braces splits arguments; the variadic parameter joins
  // them again. DEV stays unexpanded.
  Found F =
      expand("#define FOR(n, i, ...) each(n, [=] DEV (int i) __VA_ARGS__)\n"
             "void f(int *a, int n) { FOR(n, j, { int b[2] = {1, 2}; a[j] = "
             "b[0]; }); }\n");
  ASSERT_EQ(F.Why, "");
  EXPECT_EQ(F.Text,
            "each(n, [=] DEV (int j) { int b[2] = {1, 2}; a[j] = b[0]; })");
  EXPECT_EQ(F.Body, "{ int b[2] = {1, 2}; a[j] = b[0]; }");
}

TEST(MacroExpansionText, UseInAnotherMacrosArgument) {
  Found F = expand(
      "#define CHECK(x) do { x; } while (0)\n"
      "#define FILL(n, out) each(n, [=] __device__ (int i) { out[i] = i; })\n"
      "void f(int *a, int n) { CHECK(FILL(n, a)); }\n");
  ASSERT_EQ(F.Why, "");
  EXPECT_EQ(F.Text, "each(n, [=] __device__ (int i) { a[i] = i; })");
  EXPECT_EQ(F.Body, "{ a[i] = i; }");
}

TEST(MacroExpansionText, ArgumentUsedTwice) {
  // The second lambda's body is the same argument in another place.
  Found F = expand(
      "#define TWICE(...) each(0, [=] __device__ (int i) { __VA_ARGS__ }); "
      "each(0, [=] (int i) { __VA_ARGS__ })\n"
      "void f(int *a) { TWICE(a[i] = 0;); }\n",
      1);
  ASSERT_EQ(F.Why, "");
  EXPECT_EQ(F.Body, "{ a[i] = 0; }");
  EXPECT_EQ(F.Lambda, "[=] (int i) { a[i] = 0; }");
}

TEST(MacroExpansionText, RefusedSpellings) {
  Found F = expand("#define S(...) each(0, [=] __device__ (int) { const char "
                   "*s = #__VA_ARGS__; })\n"
                   "void f() { S(x); }\n");
  EXPECT_NE(F.Why.find("into a string"), std::string::npos) << F.Why;
  F = expand(
      "void f(int *a) { each(0, [=] __device__ (int i) { a[i] = 0; }); }\n");
  EXPECT_EQ(F.Why, "it is not written in a macro body");
}

} // namespace

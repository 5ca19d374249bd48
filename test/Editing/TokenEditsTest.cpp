#include "Editing/TokenEdits.h"
#include "RuleTester.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace clang::ast_matchers;
using namespace cudalower;

namespace {

/// The text annotationTokenRange() gives for the __device__ attribute of
/// the constructor of S, or "<none>".
std::string deviceAnnotation(llvm::StringRef Code) {
  auto AST = test::parseCuda(Code);
  if (!AST)
    return "<parse error>";
  ASTContext &Ctx = AST->getASTContext();
  const auto *Ctor = selectFirst<CXXConstructorDecl>(
      "c", match(cxxConstructorDecl(ofClass(hasName("S")), isDefaulted())
                     .bind("c"),
                 Ctx));
  const auto *A = Ctor ? Ctor->getAttr<CUDADeviceAttr>() : nullptr;
  if (!A)
    return "<no attribute>";
  auto R = annotationTokenRange(*A, Ctx.getSourceManager(), Ctx.getLangOpts());
  if (!R)
    return "<none>";
  return Lexer::getSourceText(*R, Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

TEST(TokenEdits, KeywordAnnotation) {
  EXPECT_EQ(deviceAnnotation("struct S { __device__ S() = default; };"),
            "__device__");
}

TEST(TokenEdits, AnnotationOnlyMacro) {
  EXPECT_EQ(deviceAnnotation("#define HD __host__ __device__\n"
                             "struct S { HD S() = default; };"),
            "HD");
  EXPECT_EQ(deviceAnnotation("#define HDI __forceinline__ \\\n"
                             "  __host__ __device__\n"
                             "struct S { HDI S() = default; };"),
            "HDI");
}

TEST(TokenEdits, MacroThatDoesMoreIsRefused) {
  EXPECT_EQ(deviceAnnotation("#define CTOR(T) __device__ T() = default\n"
                             "struct S { CTOR(S); };"),
            "<none>");
  EXPECT_EQ(deviceAnnotation("#define HDX __device__ explicit\n"
                             "struct S { HDX S() = default; };"),
            "<none>");
}

TEST(TokenEdits, FindKeywordAndBlanks) {
  auto AST = test::parseCuda("constexpr __global__ void k() {}\n"
                             "#define CK constexpr __global__\n"
                             "CK void m() {}");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  auto Fn = [&](llvm::StringRef Name) {
    return selectFirst<FunctionDecl>(
        "f", match(functionDecl(hasName(Name), isExpansionInMainFile()).bind("f"),
                   Ctx));
  };
  const FunctionDecl *K = Fn("k");
  auto R = findKeyword(K->getOuterLocStart(), K->getLocation(), "constexpr",
                       SM, Ctx.getLangOpts());
  ASSERT_TRUE(R);
  EXPECT_EQ(Lexer::getSourceText(withTrailingBlanks(*R, SM), SM,
                                 Ctx.getLangOpts()),
            "constexpr ");
  const FunctionDecl *M = Fn("m");
  EXPECT_FALSE(findKeyword(SM.getExpansionLoc(M->getOuterLocStart()),
                           M->getLocation(), "constexpr", SM,
                           Ctx.getLangOpts()));
}

} // namespace

//===--- MacroPlacement.cpp - Functors for functions that macros define ---===//
//
// Test frameworks put the test body in a function a macro defines: gtest's
// TEST/TEST_F make a class with a private TestBody(), Catch2 and doctest a
// class or a static function named from __LINE__/__COUNTER__. nvcc refuses
// an extended lambda in a private member function (§5.3.8.4), and no functor
// can be nested in a class whose text is a macro's. The functor goes to
// namespace scope instead, right before the macro's expansion, in an unnamed
// namespace; a captured `this` becomes a template parameter, since the class
// is declared only after that point.
//
//===----------------------------------------------------------------------===//

#include "Rules/LowerExtendedLambda/Lowering.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace cudalower::lowering {

bool isMacroMadeClass(const CXXRecordDecl &Class) {
  return Class.getLocation().isMacroID() &&
         Class.getBeginLoc().isMacroID();
}

const DeclContext *userWrittenContext(const Decl &D) {
  const DeclContext *DC = D.getDeclContext();
  while (!DC->isTranslationUnit() &&
         cast<Decl>(DC)->getLocation().isMacroID())
    DC = DC->getParent();
  return DC;
}

bool needsOwnUnnamedNamespace(const DeclContext &DC) {
  const auto *NS = dyn_cast<NamespaceDecl>(&DC);
  return !NS || !(NS->isAnonymousNamespace() || NS->isInAnonymousNamespace());
}

std::string macroNameAt(SourceLocation Loc, const SourceManager &SM,
                        const LangOptions &LO) {
  if (!Loc.isMacroID())
    return "";
  Token Tok;
  if (Lexer::getRawToken(SM.getExpansionLoc(Loc), Tok, SM, LO) ||
      !Tok.is(tok::raw_identifier))
    return "";
  return Tok.getRawIdentifier().str();
}

bool LambdaPlanner::planMacroClassPlacement() {
  // An error: nvcc refuses the lambda in a private TestBody() with the flag
  // too, and in the other cases the lambda cannot be lowered at all.
  FailLevel = DiagLevel::Error;
  MacroClass = Class;
  Class = nullptr;
  std::string Macro = macroNameAt(MacroClass->getBeginLoc(), Src.SM, Src.LO);
  std::string By = Macro.empty() ? "a macro" : "the macro '" + Macro + "'";
  if (isFunctionLocal(MacroClass) || MacroClass->isDependentContext())
    return fail(llvm::formatv("the enclosing function is a member of a "
                              "class template or local class that {0} "
                              "defines, and a functor placed before the "
                              "macro cannot name its template parameters "
                              "or locals",
                              By)
                    .str());
  // Before the macro, outside the namespaces it opens itself.
  Anchor = MacroClass;
  InUnnamedNamespace = needsOwnUnnamedNamespace(*userWrittenContext(*MacroClass));
  return true;
}

namespace {

/// Finds the first member the lambda body names through `this` that is not
/// public where the class is named: a functor outside the class cannot
/// reach it.
class NonPublicMemberFinder
    : public RecursiveASTVisitor<NonPublicMemberFinder> {
public:
  bool VisitMemberExpr(MemberExpr *E) {
    if (!isa<CXXThisExpr>(E->getBase()->IgnoreParenImpCasts()))
      return true;
    if (E->getFoundDecl().getAccess() == AS_public)
      return true;
    Found = E;
    return false;
  }
  const MemberExpr *Found = nullptr;
};

} // namespace

bool LambdaPlanner::planMacroClassThis() {
  std::string Macro = macroNameAt(MacroClass->getBeginLoc(), Src.SM, Src.LO);
  std::string By = Macro.empty() ? "a macro" : "the macro '" + Macro + "'";
  if (This == ThisCopy)
    return fail(llvm::formatv("it copies '*this', an object of the class "
                              "{0} defines, which a functor placed before "
                              "the macro can name only by its generated name",
                              By)
                    .str());
  NonPublicMemberFinder Finder;
  Finder.TraverseStmt(L.getBody());
  if (const MemberExpr *E = Finder.Found) {
    const NamedDecl *M = E->getMemberDecl();
    return fail(llvm::formatv(
                    "it uses '{0}', a {1} member of '{2}', through 'this'; "
                    "the functor must live outside the class {3} defines, "
                    "where that member cannot be reached: copy it to a "
                    "local before the lambda or make it public",
                    M->getName(),
                    E->getFoundDecl().getAccess() == AS_private ? "private"
                                                                : "protected",
                    cast<NamedDecl>(M->getDeclContext())->getName(), By)
                    .str());
  }
  // The class is declared after the functor: its pointer type is a template
  // parameter, which the construction spells `decltype(this)`.
  SelfTemplate = true;
  SelfArg = "decltype(this)";
  return true;
}

} // namespace cudalower::lowering

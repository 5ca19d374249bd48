//===--- ConstexprGlobal.cpp - Drop constexpr from kernels ----------------===//

#include "Rules/ConstexprGlobal.h"
#include "Editing/TokenEdits.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {

void ConstexprGlobal::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(functionDecl(hasAttr(attr::CUDAGlobal)).bind("kernel"),
                    this);
}

void ConstexprGlobal::check(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("kernel");
  // One finding per kernel, reported at its first declaration and fixing
  // all of them: constexpr must be on every declaration or on none.
  if (!FD->isConstexprSpecified() || !FD->isFirstDecl() ||
      FD->isTemplateInstantiation() ||
      !context().isUserOwned(FD->getLocation()))
    return;
  const SourceManager &SM = *Result.SourceManager;
  const LangOptions &LO = Result.Context->getLangOpts();
  std::vector<CharSourceRange> Keywords;
  for (const FunctionDecl *Decl : FD->redecls()) {
    SourceLocation Begin = SM.getExpansionLoc(Decl->getOuterLocStart());
    SourceLocation Name = SM.getExpansionLoc(Decl->getLocation());
    std::optional<CharSourceRange> Kw =
        findKeyword(Begin, Name, "constexpr", SM, LO);
    if (!Kw) {
      diag(FD->getLocation(), "__global__ function '" + FD->getNameAsString() +
                                  "' cannot be constexpr (§5.3.11.3)")
          .noFix("'constexpr' is spelled inside a macro");
      return;
    }
    Keywords.push_back(withTrailingBlanks(*Kw, SM));
  }
  DiagBuilder D = diag(FD->getLocation(), "__global__ function '" +
                                              FD->getNameAsString() +
                                              "' cannot be constexpr "
                                              "(§5.3.11.3)");
  for (const CharSourceRange &R : Keywords)
    D.remove(R);
}

PreScanTriggers ConstexprGlobal::preScanTriggers() {
  static constexpr PreScanTriggers::Word Words[] = {
      {"constexpr", "has constexpr"},
  };
  return {PreScanTriggers::None, Words};
}

} // namespace cudalower

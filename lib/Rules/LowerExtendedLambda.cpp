#include "Rules/LowerExtendedLambda.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {

void LowerExtendedLambda::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(lambdaExpr().bind("lambda"), this);
}

void LowerExtendedLambda::check(const MatchFinder::MatchResult &Result) {
  const auto *L = Result.Nodes.getNodeAs<LambdaExpr>("lambda");
  diag(L->getBeginLoc(), "lambda");
}

} // namespace cudalower

//===--- CodeContext.cpp - Where code sits, found walking down ------------===//

#include "Analysis/CodeContext.h"

using namespace clang;

namespace cudalower {

namespace {
/// Walks down to one statement and keeps its context.
class ContextFinder : public ContextVisitor<ContextFinder> {
public:
  explicit ContextFinder(const Stmt &Target) : Target(Target) {}

  bool VisitStmt(Stmt *S) {
    if (S != &Target)
      return true;
    Found = codeContext();
    Found.Parents = {};
    return false;
  }

  CodeContext Found;

private:
  const Stmt &Target;
};
} // namespace

CodeContext findCodeContext(const Stmt &S, ASTContext &Ctx) {
  ContextFinder Finder(S);
  Finder.TraverseAST(Ctx);
  return Finder.Found;
}

} // namespace cudalower

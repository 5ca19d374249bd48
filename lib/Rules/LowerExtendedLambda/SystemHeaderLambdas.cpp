//===--- SystemHeaderLambdas.cpp - Lambdas of -isystem libraries ----------===//

#include "Rules/LowerExtendedLambda/SystemHeaderLambdas.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cudalower {

namespace {

class InstantiatedLambdaFinder
    : public RecursiveASTVisitor<InstantiatedLambdaFinder> {
public:
  explicit InstantiatedLambdaFinder(std::vector<const LambdaExpr *> &Out)
      : Out(Out) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitLambdaExpr(LambdaExpr *L) {
    Out.push_back(L);
    return true;
  }

private:
  std::vector<const LambdaExpr *> &Out;
};

} // namespace

std::vector<const LambdaExpr *>
lambdasInLibrarySystemHeaders(ASTContext &Ctx, RuleContext &Rules) {
  std::vector<const LambdaExpr *> Out;
  const SourceManager &SM = Ctx.getSourceManager();
  InstantiatedLambdaFinder Finder(Out);
  // Top-level declarations only: a library's templates are declared at
  // namespace scope, and the walk must not enter the toolkit's headers.
  std::vector<Decl *> Work(Ctx.getTranslationUnitDecl()->decls_begin(),
                           Ctx.getTranslationUnitDecl()->decls_end());
  while (!Work.empty()) {
    Decl *D = Work.back();
    Work.pop_back();
    SourceLocation Loc = SM.getFileLoc(D->getLocation());
    if (Loc.isInvalid() || !SM.isInSystemHeader(Loc) ||
        Rules.isToolchainFile(Loc))
      continue;
    if (auto *NS = dyn_cast<NamespaceDecl>(D)) {
      Work.insert(Work.end(), NS->decls_begin(), NS->decls_end());
      continue;
    }
    Finder.TraverseDecl(D);
  }
  return Out;
}

} // namespace cudalower

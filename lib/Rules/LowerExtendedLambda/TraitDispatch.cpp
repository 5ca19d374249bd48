//===--- TraitDispatch.cpp - Lambdas that nvcc's traits classify ----------===//
//
// See TraitDispatch.h.
//
//===----------------------------------------------------------------------===//

#include "Rules/LowerExtendedLambda/TraitDispatch.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cudalower {

bool nvccAnswersTrue(llvm::StringRef Trait, LambdaSpace Space,
                     bool TrailingReturnType) {
  if (Trait == "__nv_is_extended_device_lambda_closure_type")
    return Space == LambdaSpace::Device;
  if (Trait == "__nv_is_extended_host_device_lambda_closure_type")
    return Space == LambdaSpace::HostDevice;
  if (Trait == "__nv_is_extended_device_lambda_with_preserved_return_type")
    return Space == LambdaSpace::Device && TrailingReturnType;
  return false;
}

namespace {

class TraitFinder : public RecursiveASTVisitor<TraitFinder> {
public:
  using Found = llvm::DenseMap<SourceLocation, llvm::SmallVector<TraitQuery, 1>>;
  TraitFinder(ASTContext &Ctx, Found &Out) : Ctx(Ctx), Out(Out) {}

  // The answer that matters is the one an instantiation gets.
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBodies() const { return true; }

  // A static_assert chooses no path: the parse evaluated its condition with
  // every trait false, which is the functor's answer, and it held (or the
  // parse failed), so a functor passes it too. libcu++'s invoke asserts
  // that a __device__ lambda whose return type host code asks for has a
  // trailing return type: Thrust and CUB reach it for every such lambda.
  bool TraverseStaticAssertDecl(StaticAssertDecl *) { return true; }

  bool VisitTypeTraitExpr(TypeTraitExpr *E) {
    if (E->getTrait() != BTT_IsSame || E->getNumArgs() != 2)
      return true;
    SourceLocation Loc = E->getBeginLoc();
    if (!Loc.isMacroID())
      return true;
    const SourceManager &SM = Ctx.getSourceManager();
    StringRef Macro = Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts());
    if (!Macro.starts_with("__nv_is_extended_"))
      return true;
    QualType T = E->getArg(0)->getType();
    if (T.isNull() || T->isDependentType())
      return true;
    const CXXRecordDecl *RD = T.getCanonicalType()->getAsCXXRecordDecl();
    if (!RD || !RD->isLambda())
      return true;
    SourceLocation Where = SM.getExpansionLoc(Loc);
    auto &Queries = Out[RD->getLocation()];
    if (llvm::none_of(Queries, [&](const TraitQuery &Q) {
          return Q.Trait == Macro && Q.Where == Where;
        }))
      Queries.push_back({Macro, Where});
    return true;
  }

private:
  ASTContext &Ctx;
  Found &Out;
};

} // namespace

TraitQueries TraitQueries::find(ASTContext &Ctx) {
  TraitQueries Result;
  TraitFinder(Ctx, Result.ByLambda).TraverseAST(Ctx);
  return Result;
}

const TraitQuery *TraitQueries::changedAnswer(const LambdaExpr &L) const {
  auto It = ByLambda.find(L.getLambdaClass()->getLocation());
  if (It == ByLambda.end())
    return nullptr;
  for (const TraitQuery &Q : It->second)
    if (nvccAnswersTrue(Q.Trait, writtenLambdaSpace(L),
                        L.hasExplicitResultType()))
      return &Q;
  return nullptr;
}

} // namespace cudalower

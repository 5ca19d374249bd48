//===--- FunctionUsings.cpp - Usings a lowered lambda relies on -----------===//
//
// A lambda body sees the using-directives and using-declarations of its
// function (AMReX_Random.cpp: `using namespace amrex;`, then `ULong` in the
// lambda). The functor lives outside the function, and a class scope
// cannot hold a using-directive: its operator() opens them again, and the
// signature, outside that body, spells its types in full.
//
//===----------------------------------------------------------------------===//

#include "Rules/LowerExtendedLambda/Lowering.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace cudalower::lowering {
namespace {

/// The statements of a function body that declare `using namespace N;`,
/// `using N::x;` or `using enum E;` and are in scope at \p At: those of
/// each block holding it, before it, outermost first.
class UsingsInScope : public RecursiveASTVisitor<UsingsInScope> {
public:
  UsingsInScope(SourceLocation At, const SourceManager &SM) : At(At), SM(SM) {}
  bool VisitCompoundStmt(CompoundStmt *Block) {
    if (!SM.isPointWithin(At, Block->getBeginLoc(), Block->getEndLoc()))
      return true;
    for (const Stmt *S : Block->body()) {
      if (!SM.isBeforeInTranslationUnit(S->getEndLoc(), At))
        break;
      const auto *DS = dyn_cast<DeclStmt>(S);
      if (DS &&
          std::any_of(DS->decl_begin(), DS->decl_end(), [](const Decl *D) {
            return isa<UsingDirectiveDecl, UsingDecl, UsingEnumDecl>(D);
          }))
        Found.push_back(DS);
    }
    return true;
  }
  std::vector<const DeclStmt *> Found;

private:
  SourceLocation At;
  const SourceManager &SM;
};

} // namespace

bool LambdaPlanner::planUsings() {
  // The body names what the function's `using namespace amrex;` brings in
  // (AMReX_Random.cpp: `ULong`); the functor is outside the function, so
  // its operator() opens the same names (a class scope cannot).
  if (!F || !F->getBody())
    return true;
  UsingsInScope Usings(L.getBeginLoc(), Src.SM);
  Usings.TraverseStmt(F->getBody());
  std::string Text;
  for (const DeclStmt *DS : Usings.Found) {
    auto Using = Src.text(DS->getSourceRange());
    if (!Using)
      return fail("a using-directive of the function comes from a macro");
    Text += " " + *Using;
  }
  if (Text.empty())
    return true;
  SourceLocation Open = L.getBody()->getBeginLoc().getLocWithOffset(1);
  BodyEdits.push_back({CharSourceRange::getCharRange(Open, Open), Text});
  // The signature is outside operator()'s body: its types are spelled in
  // full where the lambda wrote them through a using (`-> Real`).
  const CXXMethodDecl *Call = L.getCallOperator();
  QualType R = Call->getReturnType();
  if (L.hasExplicitResultType() && !R->isDependentType())
    if (auto Spelled = spell(R)) {
      ReturnType = *Spelled;
      TrailingReturn.clear();
    }
  if (Call->getDescribedFunctionTemplate())
    return true; // generic: the parameters stay as written
  std::vector<std::string> Spelled;
  for (const ParmVarDecl *P : Call->parameters()) {
    auto Type = P->getType()->isDependentType() || P->hasDefaultArg()
                    ? std::nullopt
                    : spell(P->getType());
    if (!Type)
      return true;
    Spelled.push_back(P->getName().empty() ? *Type
                                           : declarator(*Type, P->getName()));
  }
  Params = "(" + llvm::join(Spelled, ", ") + ")";
  return true;
}

} // namespace cudalower::lowering

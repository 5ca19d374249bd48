//===--- DeviceCode.cpp - Which code nvcc compiles for the GPU ------------===//

#include "Analysis/DeviceCode.h"
#include "Analysis/CodeContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace cudalower {

namespace {

/// A function a body refers to, and whether the reference runs: a call
/// that cannot be folded to a constant, or a use of the function's address.
struct CalleeUse {
  const FunctionDecl *Callee;
  bool AtRunTime;
};

/// Finds the functions one body refers to.
class CalleeFinder : public ContextVisitor<CalleeFinder> {
public:
  // The body as written: a generic lambda's pattern, not its instantiations.
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  CalleeFinder(ASTContext &Ctx, llvm::SmallVectorImpl<CalleeUse> &Out)
      : Ctx(Ctx), Out(Out) {}

  bool VisitCallExpr(CallExpr *C) {
    // Visited before its callee: remember the callee is called, not taken.
    Callees.insert(C->getCallee()->IgnoreParenImpCasts());
    if (const FunctionDecl *FD = C->getDirectCallee())
      Out.push_back({FD, runs(*C, *FD)});
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    Out.push_back({E->getConstructor(), runs(*E, *E->getConstructor())});
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
      if (!Callees.contains(E))
        Out.push_back({FD, true});
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getMemberDecl()))
      if (!Callees.contains(E))
        Out.push_back({FD, true});
    return true;
  }

private:
  /// nvcc folds a constexpr call whose arguments are constant (the guide's
  /// `get_value(2)`); only the other calls run on the device.
  bool runs(const Expr &Call, const FunctionDecl &Callee) {
    if (!Callee.isConstexpr() || Call.isValueDependent())
      return true;
    Expr::EvalResult Result;
    if (Call.EvaluateAsRValue(Result, Ctx))
      return false;
    return !codeContext().ConstantOrUnevaluated;
  }

  ASTContext &Ctx;
  llvm::SmallVectorImpl<CalleeUse> &Out;
  llvm::DenseSet<const Expr *> Callees;
};

/// Collects the device-side bodies the walk starts from: every kernel, and
/// every device-side function or lambda in user code. Bodies of other code
/// are not entered, which keeps toolkit headers cheap.
class SeedFinder : public RecursiveASTVisitor<SeedFinder> {
public:
  SeedFinder(llvm::function_ref<bool(SourceLocation)> IsUserOwned,
             std::vector<const FunctionDecl *> &Seeds)
      : IsUserOwned(IsUserOwned), Seeds(Seeds) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody())
      return RecursiveASTVisitor::TraverseDecl(D);
    ExecSpace Space = nvccExecSpace(*FD);
    bool Owned = IsUserOwned(FD->getLocation());
    if (Space == ExecSpace::Global || (Owned && runsOnDevice(Space)))
      Seeds.push_back(FD);
    // Only user bodies can hold device lambdas we need to start from.
    return Owned ? RecursiveASTVisitor::TraverseDecl(D) : true;
  }

  bool TraverseLambdaExpr(LambdaExpr *L) {
    const CXXMethodDecl *Op = L->getCallOperator();
    if (runsOnDevice(nvccExecSpace(*Op)))
      Seeds.push_back(Op);
    return RecursiveASTVisitor::TraverseLambdaExpr(L);
  }

private:
  llvm::function_ref<bool(SourceLocation)> IsUserOwned;
  std::vector<const FunctionDecl *> &Seeds;
};

} // namespace

DeviceCodeIndex::DeviceCodeIndex(
    ASTContext &Ctx, llvm::function_ref<bool(SourceLocation)> IsUserOwned) {
  std::vector<const FunctionDecl *> Seeds;
  SeedFinder(IsUserOwned, Seeds).TraverseAST(Ctx);
  llvm::DenseSet<const FunctionDecl *> Seen(Seeds.begin(), Seeds.end());
  std::vector<const FunctionDecl *> Work = std::move(Seeds);
  llvm::SmallVector<CalleeUse, 16> Uses;
  while (!Work.empty()) {
    const FunctionDecl *Body = Work.back();
    Work.pop_back();
    Uses.clear();
    CalleeFinder(Ctx, Uses).TraverseStmt(const_cast<Stmt *>(Body->getBody()));
    for (const CalleeUse &Use : Uses) {
      const FunctionDecl *Def = nullptr;
      if (!Use.Callee->hasBody(Def))
        continue;
      bool DeviceSide = runsOnDevice(nvccExecSpace(*Def));
      if (Use.AtRunTime && Def->isConstexpr())
        RuntimeCallers.try_emplace(Def->getCanonicalDecl(), Body);
      // A host function runs on the device only as a constexpr function
      // that --expt-relaxed-constexpr compiled for it; folded calls do not.
      if (!DeviceSide && !(Use.AtRunTime && Def->isConstexpr()))
        continue;
      if (Seen.insert(Def).second)
        Work.push_back(Def);
    }
  }
}

bool DeviceCodeIndex::isDeviceCode(const FunctionDecl *FD) const {
  if (runsOnDevice(nvccExecSpace(*FD)) || relaxedConstexprCaller(FD))
    return true;
  // An unannotated lambda runs where the function holding it runs.
  if (isLambdaCallOperator(*FD) && !hasWrittenExecSpace(*FD))
    if (const FunctionDecl *Outer =
            enclosingFunction(*cast<CXXMethodDecl>(FD)->getParent()))
      return isDeviceCode(Outer);
  return false;
}

const FunctionDecl *
DeviceCodeIndex::runTimeCaller(const FunctionDecl *FD) const {
  auto It = RuntimeCallers.find(FD->getCanonicalDecl());
  return It == RuntimeCallers.end() ? nullptr : It->second;
}

const FunctionDecl *
DeviceCodeIndex::relaxedConstexprCaller(const FunctionDecl *FD) const {
  return runsOnDevice(nvccExecSpace(*FD)) ? nullptr : runTimeCaller(FD);
}

} // namespace cudalower

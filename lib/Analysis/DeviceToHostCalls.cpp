//===--- DeviceToHostCalls.cpp - Calls from device code to the host -------===//

#include "Analysis/DeviceToHostCalls.h"
#include "Analysis/Analyses.h"
#include "Analysis/CodeContext.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cudalower {

SourceLocation callReferenceLoc(const Expr &Call) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(&Call))
    return Op->getOperatorLoc();
  if (const auto *Ctor = dyn_cast<CXXConstructExpr>(&Call))
    return Ctor->getLocation();
  if (const auto *CE = dyn_cast<CallExpr>(&Call)) {
    const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee))
      return Ref->getLocation();
    if (const auto *Member = dyn_cast<MemberExpr>(Callee))
      return Member->getMemberLoc();
  }
  return Call.getBeginLoc();
}

/// Recognises \p Call, which sits in \p Where, as a call from device code
/// to a __host__ function (see findDeviceToHostCalls()).
static std::optional<DeviceToHostCall>
asDeviceToHostCall(const Expr &Call, const CodeContext &Where,
                   RuleContext &Ctx) {
  DeviceToHostCall C;
  if (const auto *CE = dyn_cast<CallExpr>(&Call))
    C.Callee = CE->getDirectCallee();
  else if (const auto *Ctor = dyn_cast<CXXConstructExpr>(&Call))
    C.Callee = Ctor->getConstructor();
  if (!C.Callee || C.Callee->isConsteval() ||
      nvccExecSpace(*C.Callee) != ExecSpace::Host)
    return std::nullopt;
  if (const auto *M = dyn_cast<CXXMethodDecl>(C.Callee);
      M && M->getParent()->isLambda())
    return std::nullopt;
  C.Loc = callReferenceLoc(Call);
  if (!Ctx.isUserOwned(C.Loc))
    return std::nullopt;
  C.Caller = Where.Function;
  if (!C.Caller)
    return std::nullopt;
  C.CallerSpace = nvccExecSpace(*C.Caller);
  if (C.CallerSpace == ExecSpace::Host && Where.Lambda &&
      Ctx.owners().PlainLambdasBecomeDevice)
    C.CallerSpace = Ctx.analyses().plainLambdas().space(*Where.Lambda);
  if (!runsOnDevice(C.CallerSpace) || Where.Unevaluated)
    return std::nullopt;
  return C;
}

namespace {
/// Finds the calls from device code to host functions in the user's code.
class HostCallWalker : public ContextVisitor<HostCallWalker> {
public:
  HostCallWalker(RuleContext &Ctx, std::vector<DeviceToHostCall> &Out)
      : Ctx(Ctx), Out(Out) {}

  bool skipDecl(const Decl &D) const { return isInSystemHeader(D); }
  bool VisitCallExpr(CallExpr *E) { return add(*E); }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) { return add(*E); }

private:
  bool add(const Expr &Call) {
    if (std::optional<DeviceToHostCall> C =
            asDeviceToHostCall(Call, codeContext(), Ctx))
      Out.push_back(*C);
    return true;
  }

  RuleContext &Ctx;
  std::vector<DeviceToHostCall> &Out;
};
} // namespace

namespace {
/// Collects the function definitions of the code the user owns (templates
/// as written, lambdas as part of their function).
class DefinitionCollector : public RecursiveASTVisitor<DefinitionCollector> {
public:
  explicit DefinitionCollector(const SourceManager &SM) : SM(SM) {}

  bool TraverseDecl(Decl *D) {
    if (!D || (!isa<TranslationUnitDecl>(D) &&
               SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()))))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody())
      Definitions.push_back(FD);
    return true;
  }

  std::vector<const FunctionDecl *> Definitions;

private:
  const SourceManager &SM;
};

/// The innermost of \p Definitions whose text holds \p Loc.
const FunctionDecl *
functionAround(SourceLocation Loc,
               const std::vector<const FunctionDecl *> &Definitions,
               const SourceManager &SM) {
  Loc = SM.getExpansionLoc(Loc);
  const FunctionDecl *Found = nullptr;
  SourceLocation FoundBegin;
  for (const FunctionDecl *FD : Definitions) {
    SourceLocation Begin = SM.getExpansionLoc(FD->getBeginLoc());
    if (SM.isPointWithin(Loc, Begin, SM.getExpansionLoc(FD->getEndLoc())) &&
        (!Found || SM.isBeforeInTranslationUnit(FoundBegin, Begin))) {
      Found = FD;
      FoundBegin = Begin;
    }
  }
  return Found;
}
} // namespace

/// The calls to __host__ functions from __host__ __device__ functions that
/// Clang reported as wrong-side references in this pass, for those spelled
/// in code the user owns, added to \p Out.
static void addWrongSideHostCalls(RuleContext &Ctx,
                                  std::vector<DeviceToHostCall> &Out) {
  if (Ctx.getWrongSideReferences().empty())
    return;
  ASTContext &AST = Ctx.getASTContext();
  DefinitionCollector Collector(AST.getSourceManager());
  Collector.TraverseDecl(AST.getTranslationUnitDecl());
  for (const WrongSideReference &R : Ctx.getWrongSideReferences()) {
    if (!R.Callee || nvccExecSpace(*R.Callee) != ExecSpace::Host ||
        !Ctx.isUserOwned(R.Loc))
      continue;
    DeviceToHostCall C;
    C.Caller =
        functionAround(R.Loc, Collector.Definitions, AST.getSourceManager());
    // Clang also reports the calls of functions it alone makes
    // __host__ __device__ (constexpr ones): not device code for nvcc.
    if (!C.Caller || !runsOnDevice(C.CallerSpace = nvccExecSpace(*C.Caller)))
      continue;
    C.Callee = R.Callee;
    C.Loc = R.Loc;
    Out.push_back(C);
  }
}

std::vector<DeviceToHostCall> findDeviceToHostCalls(RuleContext &Ctx) {
  std::vector<DeviceToHostCall> Out;
  HostCallWalker(Ctx, Out).TraverseAST(Ctx.getASTContext());
  addWrongSideHostCalls(Ctx, Out);
  return Out;
}

std::string describeCaller(const DeviceToHostCall &C) {
  std::string Space = spelling(C.CallerSpace).str();
  std::string Name = quotedName(*C.Caller);
  if (Name == "lambda")
    return Space + " lambda";
  return Space + " function " + Name;
}

} // namespace cudalower

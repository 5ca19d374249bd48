//===--- DeviceCallable.cpp - Making a host function callable on the GPU --===//

#include "Analysis/DeviceCallable.h"
#include "Analysis/Analyses.h"
#include "Analysis/CodeContext.h"
#include "Analysis/ExecSpace.h"
#include "cudalower/Rule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cudalower {

/// Implicit and defaulted special members have no declaration to annotate:
/// nvcc gives them the space of their callers (§5.3.10.6.4), so only what
/// they call needs fixing.
static bool isTransparent(const FunctionDecl &FD) {
  const auto *M = dyn_cast<CXXMethodDecl>(&FD);
  return M && (M->isImplicit() ||
               (M->isExplicitlyDefaulted() && M->isFirstDecl()));
}

/// The body to check for \p FD: its definition, or for a specialization
/// Clang did not instantiate (the call that needs it failed in this pass),
/// the template's.
static const FunctionDecl *definitionToCheck(const FunctionDecl &FD) {
  if (const FunctionDecl *Def = FD.getDefinition())
    return Def;
  if (const FunctionTemplateDecl *T = FD.getPrimaryTemplate())
    return T->getTemplatedDecl()->getDefinition();
  if (const FunctionDecl *Member = FD.getInstantiatedFromMemberFunction())
    return Member->getDefinition();
  return nullptr;
}

/// True if device code may not read \p V: a variable of the host with
/// static storage, except those whose value nvcc lets device code use
/// (§5.3.10.4.2, §5.3.11.4).
static bool isHostVariable(const VarDecl &V, const FunctionDecl &User,
                           const ASTContext &Ctx) {
  if (!V.hasGlobalStorage() || V.isStaticLocal())
    return false;
  for (const Attr *A : V.attrs())
    if (!A->isImplicit() && isa<CUDADeviceAttr, CUDAConstantAttr,
                                CUDASharedAttr, HIPManagedAttr>(A))
      return false;
  QualType T = V.getType();
  if (V.isConstexpr()) {
    if (T->isArrayType())
      return !User.isConstexpr();
    return T->isPointerType() || T->isMemberPointerType() ||
           T->isReferenceType();
  }
  if (T.isConstQualified() && !T.isVolatileQualified() &&
      (T->isIntegralOrEnumerationType() || T->isRealFloatingType()))
    return !V.isUsableInConstantExpressions(Ctx);
  return true;
}

/// Scans one function body for what device code may not do, and for the
/// host functions it calls.
class DeviceCallablePlanner::Walker
    : public RecursiveASTVisitor<DeviceCallablePlanner::Walker> {
public:
  Walker(RuleContext &Ctx, DeviceCallablePlan &Plan, bool LeaveStd)
      : Ctx(Ctx), AST(Ctx.getASTContext()), Plan(Plan), LeaveStd(LeaveStd) {}

  /// Adds \p Callee, reached through \p Chain, to the plan. \returns false
  /// once the plan is blocked.
  bool visitFunction(const FunctionDecl &Callee, std::vector<CallStep> &Chain);

  // RecursiveASTVisitor hooks; each returns false to stop at a blocker.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
    return true; // unevaluated
  }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr *) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl *) {
    return true; // local classes' members run where they are called from
  }
  bool VisitCXXThrowExpr(CXXThrowExpr *E) {
    return block(E->getBeginLoc(), "throws an exception",
                 "device code does not support exceptions");
  }
  bool VisitCXXTryStmt(CXXTryStmt *S) {
    return block(S->getBeginLoc(), "catches exceptions",
                 "device code does not support exceptions");
  }
  bool VisitCXXTypeidExpr(CXXTypeidExpr *E) {
    return block(E->getBeginLoc(), "uses typeid",
                 "device code does not support RTTI");
  }
  bool VisitCXXDynamicCastExpr(CXXDynamicCastExpr *E) {
    return block(E->getBeginLoc(), "uses dynamic_cast",
                 "device code does not support RTTI");
  }
  // `long double` does not block: nvcc computes it as `double` in device
  // code (warning #20208-D; exec-space-restrictions reports it), which is
  // what --expt-relaxed-constexpr gave the call (AMReX's `0.5_rt`, whose
  // literal operator takes `long double`).
  bool VisitVarDecl(VarDecl *V);
  bool VisitDeclRefExpr(DeclRefExpr *E);
  bool VisitCallExpr(CallExpr *E);
  bool VisitCXXConstructExpr(CXXConstructExpr *E);
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E);
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E);

private:
  bool block(SourceLocation Loc, llvm::StringRef What, llvm::StringRef Why);
  bool blockOutside(const FunctionDecl &FD, SourceLocation Loc);
  /// Requires \p Callee, called at \p Loc from the current function, to be
  /// device-callable.
  bool require(const FunctionDecl *Callee, SourceLocation Loc);
  bool requireDestructor(QualType T, SourceLocation Loc);
  bool scanDefinition(const FunctionDecl &Def);
  bool scanImplicitDestructor(const CXXDestructorDecl &D);
  bool addTarget(const FunctionDecl &Target, SourceLocation Loc);

  RuleContext &Ctx;
  ASTContext &AST;
  DeviceCallablePlan &Plan;
  bool LeaveStd;
  /// The function being scanned, and how the scan reached it.
  const FunctionDecl *Current = nullptr;
  std::vector<CallStep> *Chain = nullptr;
  llvm::SmallPtrSet<const FunctionDecl *, 16> Seen;
};

bool DeviceCallablePlanner::Walker::block(SourceLocation Loc,
                                          llvm::StringRef What,
                                          llvm::StringRef Why) {
  Plan.Block = Blocker{Loc, Current, What.str(), Why.str()};
  Plan.Chain = *Chain;
  return false;
}

bool DeviceCallablePlanner::Walker::blockOutside(const FunctionDecl &FD,
                                                 SourceLocation Loc) {
  Plan.Block = Blocker{Loc, &FD, "is declared outside the project",
                       "it cannot be annotated", /*Outside=*/true};
  Plan.Chain = *Chain;
  return false;
}

bool DeviceCallablePlanner::Walker::addTarget(const FunctionDecl &Target,
                                              SourceLocation Loc) {
  for (const FunctionDecl *Redecl : Target.redecls()) {
    if (Redecl->isImplicit())
      continue;
    if (!Ctx.isUserOwned(Redecl->getLocation()))
      return blockOutside(Target, Redecl->getLocation());
  }
  if (llvm::none_of(Plan.ToAnnotate, [&](const CallStep &S) {
        return S.Callee->getCanonicalDecl() == Target.getCanonicalDecl();
      }))
    Plan.ToAnnotate.push_back({&Target, Loc});
  return true;
}

bool DeviceCallablePlanner::Walker::visitFunction(const FunctionDecl &Callee,
                                                  std::vector<CallStep> &C) {
  if (!Seen.insert(&Callee).second)
    return true;
  const FunctionDecl *SavedCurrent = Current;
  std::vector<CallStep> *SavedChain = Chain;
  Chain = &C;
  llvm::scope_exit Restore([&] {
    Current = SavedCurrent;
    Chain = SavedChain;
  });
  if (!Current || !isTransparent(Callee))
    Current = &Callee;

  if (isTransparent(Callee)) {
    if (const auto *D = dyn_cast<CXXDestructorDecl>(&Callee))
      if (D->isImplicit() || !D->hasBody())
        return scanImplicitDestructor(*D);
    const FunctionDecl *Def = Callee.getDefinition();
    return !Def || scanDefinition(*Def);
  }
  if (const auto *M = dyn_cast<CXXMethodDecl>(&Callee); M && M->isVirtual())
    return block(Callee.getLocation(), "is virtual",
                 "every override would need the same execution space");
  const FunctionDecl *Target = annotationTarget(Callee);
  if (!Ctx.isUserOwned(Target->getLocation()))
    return blockOutside(*Target, Callee.getLocation());
  if (!addTarget(*Target, C.back().Loc))
    return false;
  const FunctionDecl *Def = definitionToCheck(Callee);
  if (!Def)
    return block(Callee.getLocation(), "has no definition",
                 "its body is not in this translation unit, so it cannot be "
                 "checked");
  if (!scanDefinition(*Def))
    return false;
  // Annotating a template annotates every specialization of it; the others
  // must be valid device code as well.
  if (const FunctionTemplateDecl *T = Callee.getPrimaryTemplate())
    for (const FunctionDecl *Spec : T->specializations())
      if (Spec != &Callee && Spec->getTemplateSpecializationKind() !=
                                 TSK_ExplicitSpecialization &&
          Spec->hasBody() && Seen.insert(Spec).second &&
          !scanDefinition(*Spec->getDefinition()))
        return false;
  return true;
}

bool DeviceCallablePlanner::Walker::scanDefinition(const FunctionDecl &Def) {
  const FunctionDecl *SavedCurrent = Current;
  if (!isTransparent(Def))
    Current = &Def;
  llvm::scope_exit Restore([&] { Current = SavedCurrent; });
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Def))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getInit() && !TraverseStmt(Init->getInit()))
        return false;
  if (const auto *Dtor = dyn_cast<CXXDestructorDecl>(&Def))
    if (!scanImplicitDestructor(*Dtor))
      return false;
  return TraverseStmt(Def.getBody());
}

bool DeviceCallablePlanner::Walker::scanImplicitDestructor(
    const CXXDestructorDecl &D) {
  // Members and bases are destroyed after the body; the AST has no calls
  // for that, so look at their destructors directly.
  const CXXRecordDecl *Class = D.getParent();
  for (const CXXBaseSpecifier &B : Class->bases())
    if (!requireDestructor(B.getType(), D.getLocation()))
      return false;
  for (const FieldDecl *F : Class->fields())
    if (!requireDestructor(F->getType(), F->getLocation()))
      return false;
  return true;
}

bool DeviceCallablePlanner::Walker::requireDestructor(QualType T,
                                                      SourceLocation Loc) {
  const CXXRecordDecl *RD = AST.getBaseElementType(T)->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->hasTrivialDestructor())
    return true;
  return require(RD->getDestructor(), Loc);
}

bool DeviceCallablePlanner::Walker::require(const FunctionDecl *Callee,
                                            SourceLocation Loc) {
  if (!Callee || runsOnDevice(nvccExecSpace(*Callee)))
    return true;
  // A lambda written in the function is checked with it (it takes the
  // function's space); one from elsewhere is not this function's to fix.
  if (const auto *M = dyn_cast<CXXMethodDecl>(Callee))
    if (M->getParent()->isLambda())
      return true;
  if (Callee->isConsteval())
    return true;
  if (LeaveStd && isInStdNamespace(*Callee) &&
      !Ctx.isUserOwned(Callee->getLocation()))
    return true;
  Chain->push_back({Callee, Loc});
  bool Ok = visitFunction(*Callee, *Chain);
  if (Ok)
    Chain->pop_back();
  return Ok;
}

bool DeviceCallablePlanner::Walker::VisitVarDecl(VarDecl *V) {
  if (V->isStaticLocal() && V->hasInit() && !V->hasConstantInitialization())
    return block(V->getLocation(), "initialises a static variable at run time",
                 "device code only allows constant initialisation");
  if (!V->hasGlobalStorage() && !isa<ParmVarDecl>(V))
    return requireDestructor(V->getType(), V->getLocation());
  return true;
}

bool DeviceCallablePlanner::Walker::VisitDeclRefExpr(DeclRefExpr *E) {
  const auto *V = dyn_cast<VarDecl>(E->getDecl());
  if (!V || !isHostVariable(*V, *Current, AST))
    return true;
  return block(E->getLocation(),
               ("uses host variable '" + V->getQualifiedNameAsString() + "'")
                   .c_str(),
               "device code cannot access it");
}

bool DeviceCallablePlanner::Walker::VisitCallExpr(CallExpr *E) {
  return require(E->getDirectCallee(), callReferenceLoc(*E));
}

bool DeviceCallablePlanner::Walker::VisitCXXConstructExpr(CXXConstructExpr *E) {
  return require(E->getConstructor(), callReferenceLoc(*E));
}

bool DeviceCallablePlanner::Walker::VisitCXXBindTemporaryExpr(
    CXXBindTemporaryExpr *E) {
  return require(E->getTemporary()->getDestructor(), E->getBeginLoc());
}

bool DeviceCallablePlanner::Walker::VisitCXXDeleteExpr(CXXDeleteExpr *E) {
  return requireDestructor(E->getDestroyedType(), E->getBeginLoc());
}

DeviceCallablePlanner::DeviceCallablePlanner(RuleContext &Ctx,
                                             bool LeaveStdToStdRule)
    : Ctx(Ctx), LeaveStdToStdRule(LeaveStdToStdRule) {}
DeviceCallablePlanner::~DeviceCallablePlanner() = default;

const DeviceCallablePlan &
DeviceCallablePlanner::plan(const FunctionDecl &Callee,
                            SourceLocation CallLoc) {
  std::unique_ptr<DeviceCallablePlan> &Slot = Cache[&Callee];
  if (!Slot) {
    Slot = std::make_unique<DeviceCallablePlan>();
    Walker W(Ctx, *Slot, LeaveStdToStdRule);
    std::vector<CallStep> Chain = {{&Callee, CallLoc}};
    W.visitFunction(Callee, Chain);
    if (Slot->Block)
      Slot->ToAnnotate.clear();
  }
  return *Slot;
}

void addAnnotationEdits(DiagBuilder &D, const DeviceCallablePlan &Plan,
                        RuleContext &Ctx) {
  SourceManager &SM = Ctx.getSourceManager();
  std::vector<const FunctionDecl *> Decls;
  for (const CallStep &S : Plan.ToAnnotate)
    for (const FunctionDecl *Redecl : S.Callee->redecls())
      if (!Redecl->isImplicit())
        Decls.push_back(Redecl);
  // Source order, so that two translation units sharing a header produce
  // the same edits in the same order.
  llvm::sort(Decls, [&](const FunctionDecl *A, const FunctionDecl *B) {
    return SM.isBeforeInTranslationUnit(annotationLoc(*A), annotationLoc(*B));
  });
  for (const FunctionDecl *Redecl : Decls) {
    const auto *Host = Redecl->getAttr<CUDAHostAttr>();
    D.insert(annotationLoc(*Redecl), Host && !Host->isImplicit()
                                         ? "__device__ "
                                         : "__host__ __device__ ");
  }
  for (const CallStep &S : llvm::drop_begin(Plan.ToAnnotate))
    D.note(S.Loc, quotedName(*S.Callee) +
                      " is called here and is made __host__ __device__ too");
}

void addBlockerNotes(DiagBuilder &D, const DeviceCallablePlan &Plan) {
  for (size_t I = 1; I < Plan.Chain.size(); ++I)
    D.note(Plan.Chain[I].Loc, quotedName(*Plan.Chain[I - 1].Callee) +
                                  " calls " +
                                  quotedName(*Plan.Chain[I].Callee) + " here");
  // A declaration outside the project is shown by the call to it.
  if (const std::optional<Blocker> &B = Plan.Block; B && !B->Outside)
    D.note(B->Loc,
           quotedName(*B->Culprit) + " " + B->What + " here; " + B->Why);
}

std::string describeBlock(const DeviceCallablePlan &Plan) {
  if (!Plan.Block)
    return "";
  const Blocker &B = *Plan.Block;
  if (Plan.Chain.empty() ||
      B.Culprit->getCanonicalDecl() ==
          Plan.Chain.front().Callee->getCanonicalDecl())
    return "it " + B.What;
  return "it calls " + quotedName(*B.Culprit) + ", which " + B.What;
}

} // namespace cudalower

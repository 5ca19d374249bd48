//===--- StdBoundTypes.cpp - Expressions whose std type must stay ---------===//
//
// See StdBoundTypes.h.
//
//===----------------------------------------------------------------------===//

#include "Analysis/StdBoundTypes.h"
#include "Analysis/ExecSpace.h"
#include "Analysis/StdUses.h"
#include "cudalower/Rule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cudalower {

namespace {

/// True if \p T names a std class, directly or through pointers,
/// references, arrays and template arguments.
bool containsStdClass(QualType T, int Depth = 0) {
  if (T.isNull() || Depth > 16)
    return false;
  T = T.getCanonicalType().getNonReferenceType();
  if (const Type *Elem = T->getPointeeOrArrayElementType();
      Elem && Elem != T.getTypePtr())
    return containsStdClass(QualType(Elem, 0), Depth + 1);
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return false;
  if (stdMemberName(*RD))
    return true;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
      if (A.getKind() == TemplateArgument::Type &&
          containsStdClass(A.getAsType(), Depth + 1))
        return true;
  return false;
}

/// True if the parameter \p I of the pattern of \p FD is declared as a bare
/// template parameter (`T`, `const T &`, `T &&`): it takes whatever type
/// the argument has.
bool takesAnyType(const FunctionDecl &FD, unsigned I) {
  const FunctionDecl *Pattern = FD.getTemplateInstantiationPattern();
  if (!Pattern || I >= Pattern->getNumParams())
    return false;
  QualType T = Pattern->getParamDecl(I)->getType().getNonReferenceType();
  return T->getAs<TemplateTypeParmType>() != nullptr ||
         T->getAs<PackExpansionType>() != nullptr;
}

class BoundFinder : public RecursiveASTVisitor<BoundFinder> {
public:
  BoundFinder(RuleContext &Ctx, bool RewriteInterfaceTypes,
              std::vector<StdBoundRange> &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()),
        RewriteInterfaceTypes(RewriteInterfaceTypes), Out(Out) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBodies() const { return true; }

  /// Only the project's code: its calls are the ones rewritten.
  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (!isa<TranslationUnitDecl>(D) && !isa<NamespaceDecl>(D) &&
        !isa<LinkageSpecDecl>(D) && !owned(D->getLocation()))
      return true;
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (FD)
      Functions.push_back(FD);
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    if (FD)
      Functions.pop_back();
    return R;
  }

  bool TraverseLambdaExpr(LambdaExpr *L) {
    Functions.push_back(L->getCallOperator());
    bool R = RecursiveASTVisitor::TraverseLambdaExpr(L);
    Functions.pop_back();
    return R;
  }

  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (!Callee || !owned(C->getBeginLoc()))
      return true;
    // A member operator's object is not among its parameters.
    unsigned Shift = isa<CXXOperatorCallExpr>(C) &&
                             isa<CXXMethodDecl>(Callee) &&
                             !cast<CXXMethodDecl>(Callee)->isStatic()
                         ? 1
                         : 0;
    for (unsigned I = Shift; I < C->getNumArgs(); ++I)
      checkArgument(*Callee, I - Shift, C->getArg(I));
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    if (!Ctor || !owned(C->getBeginLoc()))
      return true;
    for (unsigned I = 0; I < C->getNumArgs(); ++I)
      checkArgument(*Ctor, I, C->getArg(I));
    return true;
  }

  bool VisitReturnStmt(ReturnStmt *R) {
    const Expr *Value = R->getRetValue();
    if (!Value || Functions.empty() || !owned(R->getBeginLoc()))
      return true;
    const FunctionDecl *FD = Functions.back();
    QualType Ret = FD->getReturnType();
    if (isa<CXXMethodDecl>(FD) && cast<CXXMethodDecl>(FD)->getParent()->isLambda())
      return true; // a lambda's return type follows its operand
    if (!containsStdClass(Ret) || !signatureStaysStd(*FD, Ctx, RewriteInterfaceTypes))
      return true;
    add(Value, "the return value of '" + FD->getNameAsString() + "' ('" +
                   Ret.getAsString(FD->getASTContext().getPrintingPolicy()) +
                   "')");
    return true;
  }

private:
  void checkArgument(const FunctionDecl &Callee, unsigned I, const Expr *Arg) {
    if (I >= Callee.getNumParams() || isa<CXXDefaultArgExpr>(Arg))
      return;
    const ParmVarDecl *P = Callee.getParamDecl(I);
    if (!containsStdClass(P->getType()) || takesAnyType(Callee, I) ||
        !signatureStaysStd(Callee, Ctx, RewriteInterfaceTypes))
      return;
    std::string Why =
        "a parameter of '" + Callee.getNameAsString() + "' ('" +
        P->getType().getAsString(Callee.getASTContext().getPrintingPolicy()) +
        "')";
    add(Arg, Why);
    // A local passed by name: its declared type is bound too.
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts()->IgnoreImplicit()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
          VD && VD->isLocalVarDecl() && VD->getTypeSourceInfo())
        addRange(VD->getTypeSourceInfo()->getTypeLoc().getSourceRange(), Why);
  }

  void add(const Expr *E, const std::string &Why) {
    addRange(E->getSourceRange(), Why);
  }

  void addRange(SourceRange R, const std::string &Why) {
    SourceLocation B = SM.getExpansionRange(R.getBegin()).getBegin();
    SourceLocation E = SM.getExpansionRange(R.getEnd()).getEnd();
    if (B.isValid() && E.isValid())
      Out.push_back({SourceRange(B, E), Why});
  }

  bool owned(SourceLocation Loc) {
    return Loc.isValid() && Ctx.isUserOwned(SM.getExpansionLoc(Loc));
  }

  RuleContext &Ctx;
  const SourceManager &SM;
  bool RewriteInterfaceTypes;
  std::vector<StdBoundRange> &Out;
  std::vector<const FunctionDecl *> Functions;
};

} // namespace

bool signatureStaysStd(const FunctionDecl &FD, RuleContext &Ctx,
                       bool RewriteInterfaceTypes) {
  const FunctionDecl *Pattern = FD.getTemplateInstantiationPattern();
  if (!Pattern)
    Pattern = &FD;
  // std's own functions, and the members of std classes (the copy
  // constructor of the std::pair that std::min returns), become cuda::std's
  // together with their arguments. isInStdNamespace() looks at the
  // function's own context only, which for a member is its class.
  for (const DeclContext *DC = Pattern->getDeclContext(); DC;
       DC = DC->getParent())
    if (DC->isStdNamespace())
      return false;
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Ctx.isUserOwned(SM.getExpansionLoc(Pattern->getLocation())))
    return true;
  switch (writtenExecSpace(*Pattern)) {
  case ExecSpace::Device:
    return false;
  case ExecSpace::Global:
  case ExecSpace::HostDevice:
    return !RewriteInterfaceTypes;
  case ExecSpace::Host:
    return true;
  }
  return true;
}

std::vector<StdBoundRange> findStdBoundRanges(RuleContext &Ctx,
                                              bool RewriteInterfaceTypes) {
  std::vector<StdBoundRange> Out;
  BoundFinder(Ctx, RewriteInterfaceTypes, Out)
      .TraverseDecl(Ctx.getASTContext().getTranslationUnitDecl());
  return Out;
}

const StdBoundRange *findBound(const std::vector<StdBoundRange> &Ranges,
                               SourceLocation Loc, const SourceManager &SM) {
  Loc = SM.getExpansionLoc(Loc);
  for (const StdBoundRange &R : Ranges)
    if (SM.isPointWithin(Loc, R.Range.getBegin(), R.Range.getEnd()))
      return &R;
  return nullptr;
}

} // namespace cudalower

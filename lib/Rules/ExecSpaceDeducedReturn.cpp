//===--- ExecSpaceDeducedReturn.cpp - Spell device return types -----------===//

#include "Rules/ExecSpaceDeducedReturn.h"
#include "Analysis/CodeContext.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {

namespace {

/// Collects the return statements of one function body, not those of the
/// lambdas and local classes inside it.
class ReturnFinder : public RecursiveASTVisitor<ReturnFinder> {
public:
  std::vector<const ReturnStmt *> Returns;
  bool VisitReturnStmt(ReturnStmt *S) {
    Returns.push_back(S);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }
};

} // namespace

/// True if the type \p T can be written at namespace scope.
static bool isNameable(QualType T) {
  T = T.getCanonicalType();
  if (const auto *P = T->getAs<PointerType>())
    return isNameable(P->getPointeeType());
  if (const auto *R = T->getAs<ReferenceType>())
    return isNameable(R->getPointeeType());
  const auto *TD = T->getAsTagDecl();
  if (!TD)
    return true;
  if ((!TD->getIdentifier() && !TD->getTypedefNameForAnonDecl()) ||
      TD->getDeclContext()->isFunctionOrMethod() ||
      (TD->getAccess() != AS_public && TD->getAccess() != AS_none))
    return false;
  if (const auto *RD = dyn_cast<CXXRecordDecl>(TD); RD && RD->isLambda())
    return false;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(TD))
    for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray())
      if (Arg.getKind() == TemplateArgument::Type &&
          !isNameable(Arg.getAsType()))
        return false;
  return true;
}

/// True if \p T, written where `auto` stood, would not parse as that type:
/// function, array and member pointers wrap their declarator.
static bool needsDeclaratorSyntax(QualType T) {
  T = T.getCanonicalType();
  while (true) {
    if (T->isFunctionType() || T->isArrayType() || T->isMemberPointerType())
      return true;
    if (const auto *P = T->getAs<PointerType>())
      T = P->getPointeeType().getCanonicalType();
    else if (const auto *R = T->getAs<ReferenceType>())
      T = R->getPointeeType().getCanonicalType();
    else
      return false;
  }
}

/// \p T, or its canonical type when its outermost name cannot be written
/// where the function is declared: compiler-internal names (`__size_t`,
/// which Clang gives `sizeof`), reserved typedefs, or typedefs local to a
/// function.
static QualType writableSugar(QualType T) {
  if (const auto *TT = dyn_cast<TypedefType>(T.getTypePtr())) {
    const TypedefNameDecl *TD = TT->getDecl();
    llvm::StringRef Name = TD->getName();
    bool Reserved = Name.starts_with("__") ||
                    (Name.size() > 1 && Name[0] == '_' &&
                     llvm::isUpper(Name[1]));
    if (!Reserved && !TD->getDeclContext()->isFunctionOrMethod())
      return T;
  }
  return T.getCanonicalType();
}

std::optional<std::string> spelledDeducedType(const FunctionDecl *FD,
                                              ASTContext &Ctx,
                                              std::string &WhyNot) {
  const AutoType *Deduced = FD->getReturnType()->getContainedAutoType();
  // isDeduced() is also true for a placeholder deduced as dependent, which
  // has no type to look at.
  if (!Deduced || Deduced->getDeducedType().isNull() ||
      Deduced->getDeducedType()->isDependentType()) {
    WhyNot = "its return type is not deduced yet";
    return std::nullopt;
  }
  // An instantiation deduces the same type for every template argument
  // only if no returned expression depends on them.
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern()) {
    ReturnFinder Finder;
    Finder.TraverseStmt(Pattern->getBody());
    for (const ReturnStmt *R : Finder.Returns)
      if (R->getRetValue() && R->getRetValue()->isTypeDependent()) {
        WhyNot = "the return type depends on template parameters; write it "
                 "as a trailing return type";
        return std::nullopt;
      }
  }
  QualType T = writableSugar(Deduced->getDeducedType());
  if (!isNameable(T) || needsDeclaratorSyntax(T)) {
    WhyNot = "the deduced type cannot be written in place of 'auto' (a "
             "lambda, a local, unnamed or non-public class, or a pointer to "
             "a function or an array)";
    return std::nullopt;
  }
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  Policy.Bool = true;
  return TypeName::getFullyQualifiedName(T, Ctx, Policy);
}

namespace {
/// Finds the references to functions Clang sees as __device__ in the user's
/// code, with their context.
class DeviceFunctionRefWalker
    : public ContextVisitor<DeviceFunctionRefWalker> {
public:
  using Callback = llvm::function_ref<void(
      const FunctionDecl &, const Expr &, const CodeContext &)>;
  explicit DeviceFunctionRefWalker(Callback Found) : Found(Found) {}

  bool skipDecl(const Decl &D) const { return isInSystemHeader(D); }
  bool VisitDeclRefExpr(DeclRefExpr *E) { return add(E->getDecl(), *E); }
  bool VisitMemberExpr(MemberExpr *E) { return add(E->getMemberDecl(), *E); }

private:
  bool add(const ValueDecl *D, const Expr &Ref) {
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
        FD && FD->hasAttr<CUDADeviceAttr>())
      Found(*FD, Ref, codeContext());
    return true;
  }
  Callback Found;
};
} // namespace

void ExecSpaceDeducedReturn::finishTranslationUnit() {
  DeviceFunctionRefWalker([this](const FunctionDecl &FD, const Expr &Ref,
                                 const CodeContext &Where) {
    checkReference(FD, Ref, Where);
  }).TraverseAST(context().getASTContext());
}

/// True if nvcc lets code in \p Where name a device function whose return
/// type is deduced: only the bodies of __device__ and __global__ functions.
static bool isInDeviceBody(const CodeContext &Where) {
  if (!Where.Body)
    return false;
  ExecSpace Space = nvccExecSpace(*Where.Body);
  return Space == ExecSpace::Device || Space == ExecSpace::Global;
}

void ExecSpaceDeducedReturn::checkReference(const FunctionDecl &Callee,
                                   const Expr &RefExpr,
                                   const CodeContext &Where) {
  const FunctionDecl *FD = &Callee;
  const Expr *Ref = &RefExpr;
  ASTContext &Ctx = context().getASTContext();
  // nvcc allows constexpr ones, and lambdas belong to lower-extended-lambda.
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (nvccExecSpace(*FD) != ExecSpace::Device || FD->isConstexprSpecified() ||
      FD->isConsteval() || (MD && MD->getParent()->isLambda()) ||
      !FD->getDeclaredReturnType()->getContainedDeducedType() ||
      isInDeviceBody(Where))
    return;
  const FunctionDecl *Written = FD->getTemplateInstantiationPattern();
  if (!Written)
    Written = FD;
  if (!context().isUserOwned(Written->getLocation()))
    return;
  std::string Message = "__device__ function '" + FD->getNameAsString() +
                        "' has a deduced return type and is referenced "
                        "outside device function bodies, which nvcc "
                        "rejects (§5.3.12.1)";
  // Point at the name, not at its qualifier.
  SourceLocation Loc = isa<DeclRefExpr>(Ref)
                           ? cast<DeclRefExpr>(Ref)->getLocation()
                           : Ref->getExprLoc();
  std::string WhyNot;
  std::optional<std::string> Type = spelledDeducedType(FD, Ctx, WhyNot);
  if (!Type) {
    diag(Loc, Message).noFix(WhyNot);
    return;
  }
  DiagBuilder D = diag(Loc, Message);
  for (const FunctionDecl *Decl : Written->redecls()) {
    FunctionTypeLoc FTL = Decl->getFunctionTypeLoc();
    AutoTypeLoc Placeholder =
        FTL ? FTL.getReturnLoc().getContainedAutoTypeLoc() : AutoTypeLoc();
    if (!Placeholder) {
      D.dropFix();
      return;
    }
    D.replace(CharSourceRange::getTokenRange(Placeholder.getSourceRange()),
              *Type);
  }
  D.note(Written->getLocation(), "the return type is deduced as '" + *Type +
                                     "' here");
}

PreScanTriggers ExecSpaceDeducedReturn::preScanTriggers() {
  return {PreScanTriggers::DeducedReturn, {}};
}

} // namespace cudalower

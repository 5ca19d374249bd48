//===--- ExecSpaceHostVariable.cpp - Host variables in device code --------===//

#include "Rules/ExecSpaceHostVariable.h"
#include "Editing/TokenEdits.h"
#include "clang/AST/ExprCXX.h"
#include "Analysis/Analyses.h"
#include "Analysis/CodeContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {

/// The innermost Stmt of \p Parents, looking through parentheses (which
/// are dropped from \p Parents with it); null if the innermost node is not
/// a statement.
static const Stmt *parentExpr(llvm::ArrayRef<DynTypedNode> &Parents) {
  while (!Parents.empty()) {
    const auto *P = Parents.back().get<Stmt>();
    Parents = Parents.drop_back();
    if (!P || !isa<ParenExpr>(P))
      return P;
  }
  return nullptr;
}

HostVarUse classifyHostVarUse(const DeclRefExpr &Ref,
                              llvm::ArrayRef<DynTypedNode> Parents) {
  const Stmt *Child = &Ref;
  while (const Stmt *P = parentExpr(Parents)) {
    // `T(kScale)` in a template: the conversion is known per instantiation.
    if (const auto *E = dyn_cast<Expr>(P); E && E->isInstantiationDependent())
      return HostVarUse::Dependent;
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P)) {
      switch (Cast->getCastKind()) {
      case CK_LValueToRValue:
        return HostVarUse::Read;
      case CK_ArrayToPointerDecay: {
        const Stmt *Use = parentExpr(Parents);
        const auto *Sub = dyn_cast_or_null<ArraySubscriptExpr>(Use);
        return Sub && Sub->getBase()->IgnoreParenImpCasts() ==
                          cast<Expr>(Child)->IgnoreParens()
                   ? HostVarUse::ArrayElement
                   : HostVarUse::Address;
      }
      case CK_NoOp:
      case CK_UncheckedDerivedToBase:
      case CK_DerivedToBase:
        Child = P;
        continue;
      default:
        return HostVarUse::Address;
      }
    }
    // A field of the variable is used as the variable itself would be.
    if (const auto *M = dyn_cast<MemberExpr>(P)) {
      if (M->isArrow() || !isa<FieldDecl>(M->getMemberDecl()))
        return HostVarUse::Address;
      Child = P;
      continue;
    }
    // A copy of a trivially copyable object only reads it.
    if (const auto *C = dyn_cast<CXXConstructExpr>(P)) {
      const CXXConstructorDecl *Ctor = C->getConstructor();
      return Ctor->isCopyOrMoveConstructor() && Ctor->isTrivial()
                 ? HostVarUse::Read
                 : HostVarUse::Address;
    }
    return HostVarUse::Address;
  }
  return HostVarUse::Address;
}

namespace {
/// Finds the references to namespace-scope const variables in the user's
/// code, with their context.
class ConstVarRefWalker : public ContextVisitor<ConstVarRefWalker> {
public:
  explicit ConstVarRefWalker(
      llvm::function_ref<void(const DeclRefExpr &, const VarDecl &,
                              const CodeContext &)>
          Found)
      : Found(Found) {}

  bool skipDecl(const Decl &D) const { return isInSystemHeader(D); }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    // Only const variables: device code naming a mutable host variable is
    // an error for nvcc and Clang alike.
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (Var && Var->hasGlobalStorage() && !Var->isStaticLocal() &&
        Var->getType().isConstQualified())
      Found(*Ref, *Var, codeContext());
    return true;
  }

private:
  llvm::function_ref<void(const DeclRefExpr &, const VarDecl &,
                          const CodeContext &)>
      Found;
};
} // namespace

void ExecSpaceHostVariable::finishTranslationUnit() {
  ConstVarRefWalker([this](const DeclRefExpr &Ref, const VarDecl &Var,
                           const CodeContext &Where) {
    checkReference(Ref, Var, Where);
  }).TraverseAST(context().getASTContext());
}

/// True if \p T is a type whose const variables device code may read
/// directly (§5.3.10.4.2): built-in integral and floating-point types.
static bool isReadableConstType(QualType T) {
  return T->isIntegralOrEnumerationType() || T->isRealFloatingType();
}

/// True if values of \p T hold pointers (constexpr pointers are not usable
/// in device code either, §5.3.11.4).
static bool holdsPointers(QualType T, ASTContext &Ctx) {
  T = Ctx.getBaseElementType(T);
  if (T->isPointerType() || T->isMemberPointerType() || T->isReferenceType())
    return true;
  if (const auto *RD = T->getAsCXXRecordDecl(); RD && RD->hasDefinition()) {
    for (const FieldDecl *F : RD->fields())
      if (holdsPointers(F->getType(), Ctx))
        return true;
    for (const CXXBaseSpecifier &B : RD->bases())
      if (holdsPointers(B.getType(), Ctx))
        return true;
  }
  return false;
}

/// True if \p V holds the address of a variable or function: a device copy
/// of it would point into host memory.
static bool pointsToObjects(const APValue &V) {
  switch (V.getKind()) {
  case APValue::LValue:
    return !V.isNullPointer() &&
           V.getLValueBase().dyn_cast<const ValueDecl *>() != nullptr;
  case APValue::MemberPointer:
    return true;
  case APValue::Array:
    for (unsigned I = 0; I < V.getArrayInitializedElts(); ++I)
      if (pointsToObjects(V.getArrayInitializedElt(I)))
        return true;
    return V.hasArrayFiller() && pointsToObjects(V.getArrayFiller());
  case APValue::Struct:
    for (unsigned I = 0; I < V.getStructNumBases(); ++I)
      if (pointsToObjects(V.getStructBase(I)))
        return true;
    for (unsigned I = 0; I < V.getStructNumFields(); ++I)
      if (pointsToObjects(V.getStructField(I)))
        return true;
    return false;
  case APValue::Union:
    return pointsToObjects(V.getUnionValue());
  default:
    return false;
  }
}

/// The variables declared by the declaration that declares \p Var (`const
/// int a = 1, b = 2;` declares two): a specifier added to one is added to
/// all of them.
static std::vector<const VarDecl *> sameDeclaration(const VarDecl &Var) {
  std::vector<const VarDecl *> Out;
  for (const Decl *D : Var.getDeclContext()->decls())
    if (const auto *V = dyn_cast<VarDecl>(D))
      if (V->getBeginLoc() == Var.getBeginLoc())
        Out.push_back(V);
  if (Out.empty())
    Out.push_back(&Var);
  return Out;
}

/// The fixes, and why a variable cannot take them.
struct VarFix {
  enum Kind { None, MakeConstexpr, DeviceCopy } Kind = None;
  std::string WhyNot;
};

/// Checks what every fix needs: one definition at namespace scope with a
/// constant initialiser, in the user's code.
static bool checkFixable(const VarDecl &Def, RuleContext &Ctx,
                         std::string &WhyNot) {
  if (Def.isStaticDataMember()) {
    WhyNot = "data members cannot be placed in device memory (§5.3.10.6.2); "
             "move the variable to namespace scope";
    return false;
  }
  if (!Def.getDeclContext()->isFileContext() || Def.getDescribedVarTemplate() ||
      isa<VarTemplateSpecializationDecl>(Def)) {
    WhyNot = "it is not a namespace-scope variable";
    return false;
  }
  if (!Def.isFirstDecl() || Def.getMostRecentDecl() != &Def) {
    WhyNot = "it has several declarations";
    return false;
  }
  if (!Ctx.isUserOwned(Def.getLocation())) {
    WhyNot = "it is declared outside the project";
    return false;
  }
  return true;
}

static bool constantValue(const VarDecl &V, ASTContext &Ctx,
                          std::string &WhyNot) {
  if (!V.getInit() || !V.hasConstantInitialization() || !V.evaluateValue()) {
    WhyNot = "its initialiser is not a constant expression; pass the value "
             "as a kernel argument or copy it to a __constant__ variable";
    return false;
  }
  if (V.getType().isDestructedType()) {
    WhyNot = "its type has a non-trivial destructor";
    return false;
  }
  if (holdsPointers(V.getType(), Ctx) && pointsToObjects(*V.getEvaluatedValue())) {
    WhyNot = "its value holds addresses of host objects";
    return false;
  }
  return true;
}

/// Decides the fix for a use \p Use of \p Var.
static VarFix chooseFix(const VarDecl &Var, HostVarUse Use, RuleContext &RC,
                        ASTContext &Ctx) {
  VarFix Fix;
  const VarDecl *Def = Var.getDefinition();
  if (!Def) {
    Fix.WhyNot = "it has no definition in this file";
    return Fix;
  }
  if (!checkFixable(*Def, RC, Fix.WhyNot))
    return Fix;
  bool OnlyTypeIsWrong = Use == HostVarUse::Read && !Def->isConstexpr() &&
                         !holdsPointers(Def->getType(), Ctx);
  for (const VarDecl *V : sameDeclaration(*Def)) {
    if (!constantValue(*V, Ctx, Fix.WhyNot))
      return Fix;
    if (OnlyTypeIsWrong && !V->getType()->isLiteralType(Ctx))
      OnlyTypeIsWrong = false;
  }
  Fix.Kind = OnlyTypeIsWrong ? VarFix::MakeConstexpr : VarFix::DeviceCopy;
  return Fix;
}

/// The lines that give \p Def a device-memory definition in the device
/// pass only; the host pass keeps the host variable host code uses.
static std::string deviceCopyPrefix(const VarDecl &Def,
                                    llvm::StringRef Indent) {
  // An inline variable with external linkage may be __device__ only under
  // -rdc (§5.3.13.1); internal linkage on the device side needs neither.
  bool NeedsStatic = Def.isInline() && Def.hasExternalFormalLinkage();
  return ("#ifdef __CUDA_ARCH__\n" + Indent +
          (NeedsStatic ? "static __device__\n" : "__device__\n") +
          "#endif\n")
      .str();
}

/// Inserts deviceCopyPrefix() before the line of \p Def when only blanks
/// precede the declaration there, else before the declaration itself after
/// a line break (preprocessor directives need lines of their own).
static void insertDeviceCopy(DiagBuilder &D, const VarDecl &Def,
                             const SourceManager &SM) {
  SourceLocation Begin = SM.getExpansionLoc(Def.getBeginLoc());
  auto [FID, Offset] = SM.getDecomposedLoc(Begin);
  llvm::StringRef Buffer = SM.getBufferData(FID);
  unsigned LineStart = Offset;
  while (LineStart > 0 && (Buffer[LineStart - 1] == ' ' ||
                           Buffer[LineStart - 1] == '\t'))
    --LineStart;
  if (LineStart == 0 || Buffer[LineStart - 1] == '\n') {
    llvm::StringRef Indent = Buffer.slice(LineStart, Offset);
    D.insert(Begin.getLocWithOffset(-int(Offset - LineStart)),
             deviceCopyPrefix(Def, Indent));
    return;
  }
  D.insert(Begin, "\n" + deviceCopyPrefix(Def, ""));
}

/// Makes \p Def constexpr: its leading `const` becomes `constexpr`, or
/// `constexpr` is added in front when `const` is written elsewhere.
static void makeConstexpr(DiagBuilder &D, const VarDecl &Def,
                          const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = Def.getBeginLoc();
  std::optional<CharSourceRange> Const =
      Begin.isFileID() ? findKeyword(Begin, Def.getLocation(), "const", SM,
                                     Ctx.getLangOpts())
                       : std::nullopt;
  if (Const && Const->getBegin() == Begin)
    D.replace(*Const, "constexpr");
  else
    D.insert(Begin, "constexpr ");
}

static std::string describeUse(HostVarUse Use, const VarDecl &Var,
                               ASTContext &Ctx) {
  std::string Name = "'" + Var.getNameAsString() + "'";
  switch (Use) {
  case HostVarUse::ArrayElement:
    return "device code indexes the host array " + Name +
           "; only constant expressions may use host arrays (§5.3.11.4)";
  case HostVarUse::Address:
    return "device code takes the address of, or a reference to, the host "
           "variable " + Name + " (§5.3.10.4.2, §5.3.11.4)";
  case HostVarUse::Read:
  case HostVarUse::Dependent:
    break;
  }
  if (holdsPointers(Var.getType(), Ctx))
    return "device code reads the host variable " + Name +
           ", whose value holds pointers (§5.3.11.4)";
  return "device code reads the const host variable " + Name +
         "; only const variables of built-in integral and floating-point "
         "types may be read there (§5.3.10.4.2)";
}

bool isConstantNonOdrUse(const DeclRefExpr &Ref, const VarDecl &Var) {
  // `S::N` as a template argument, in `x ? S::N : S::M` or in `x + S::N`:
  // Clang folds the value into the use and marks it non_odr_use_constant,
  // and nvcc, which accepts every such use without a flag, folds it too.
  // Binding a reference (`cuda::std::min(S::N, x)`) or taking the address
  // is an odr-use that nvcc rejects ("undefined in device code").
  return isReadableConstType(Var.getType()) &&
         Ref.isNonOdrUse() == NOUR_Constant;
}

void ExecSpaceHostVariable::checkReference(const DeclRefExpr &Ref, const VarDecl &Var,
                                  const CodeContext &Where) {
  if (hasExplicitMemorySpace(Var) || !context().isUserOwned(Ref.getLocation()))
    return;
  const FunctionDecl *Fn = Where.Body;
  if (!Fn)
    return;
  const DeviceCodeIndex &Index = context().analyses().deviceCode();
  if (!Index.isDeviceCode(Fn) || Where.ConstantOrUnevaluated ||
      isConstantNonOdrUse(Ref, Var))
    return;
  HostVarUse Use = classifyHostVarUse(Ref, Where.Parents);
  if (Use == HostVarUse::Dependent)
    return;
  ASTContext &Ctx = context().getASTContext();
  QualType T = Var.getType();
  if (Var.isConstexpr()) {
    if (Use == HostVarUse::Read && !holdsPointers(T, Ctx))
      return;
    // The guide allows host arrays in device constexpr functions that are
    // only called with constant arguments: nvcc folds those calls.
    if (Use == HostVarUse::ArrayElement && Fn->isConstexpr() &&
        runsOnDevice(nvccExecSpace(*Fn)) && !Index.runTimeCaller(Fn))
      return;
  } else if (!T.isVolatileQualified() &&
             Use == HostVarUse::Read && isReadableConstType(T)) {
    const VarDecl *Init = Var.getInitializingDeclaration();
    if (Init && Init->hasConstantInitialization())
      return;
  }
  report(Ref, Var, Use, *Fn, Ctx);
}

void ExecSpaceHostVariable::report(const DeclRefExpr &Ref, const VarDecl &Var,
                                   HostVarUse Use, const FunctionDecl &Fn,
                                   ASTContext &Ctx) {
  std::string Message = describeUse(Use, Var, Ctx);
  QualType T = Var.getType();
  VarFix Fix;
  if (T.isVolatileQualified())
    Fix.WhyNot = "it is volatile";
  else
    Fix = chooseFix(Var, Use, context(), Ctx);
  const DeviceCodeIndex &Index = context().analyses().deviceCode();
  auto AddNotes = [&](DiagBuilder &D) {
    if (const FunctionDecl *Caller = Index.relaxedConstexprCaller(&Fn))
      D.note(Fn.getLocation(),
             "'" + Fn.getNameAsString() + "' is device code because '" +
                 Caller->getNameAsString() +
                 "' calls it (accepted by --expt-relaxed-constexpr)");
    else if (Fn.isConstexpr() && Use == HostVarUse::ArrayElement)
      if (const FunctionDecl *Caller = Index.runTimeCaller(&Fn))
        D.note(Fn.getLocation(), "'" + Caller->getNameAsString() +
                                     "' calls '" + Fn.getNameAsString() +
                                     "' with arguments that are not "
                                     "constant");
    D.note(Var.getLocation(), "'" + Var.getNameAsString() + "' declared here");
  };
  if (Fix.Kind == VarFix::None) {
    DiagBuilder D = diag(Ref.getLocation(), Message);
    D.noFix(Fix.WhyNot);
    AddNotes(D);
    return;
  }
  const VarDecl &Def = *Var.getDefinition();
  DiagBuilder D = diag(Ref.getLocation(), Message);
  if (Fix.Kind == VarFix::MakeConstexpr)
    makeConstexpr(D, Def, Ctx);
  else
    insertDeviceCopy(D, Def, Ctx.getSourceManager());
  AddNotes(D);
}

PreScanTriggers ExecSpaceHostVariable::preScanTriggers() {
  static constexpr PreScanTriggers::Word Words[] = {
      {"constexpr", "has constexpr"},
  };
  return {PreScanTriggers::None, Words};
}

} // namespace cudalower

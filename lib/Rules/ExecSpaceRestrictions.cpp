//===--- ExecSpaceRestrictions.cpp - What device code may not do ----------===//

#include "Rules/ExecSpaceRestrictions.h"
#include "clang/AST/ExprCXX.h"
#include "Analysis/Analyses.h"
#include "Analysis/CodeContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {
namespace {

/// The largest parameter block a launch passes (§5.3.10.5.4).
constexpr uint64_t MaxKernelParameterBytes = 32764;

bool isReservedNamespaceName(llvm::StringRef Name) {
  return Name == "cuda" || Name == "nv" || Name == "cooperative_groups";
}

/// True if \p DC is the global scope, looking through `extern "C++"` and
/// inline namespaces (whose members are members of the enclosing one).
bool isGlobalScope(const DeclContext *DC) {
  while (isa<LinkageSpecDecl>(DC) ||
         (isa<NamespaceDecl>(DC) && cast<NamespaceDecl>(DC)->isInline()))
    DC = DC->getParent();
  return DC->isTranslationUnit();
}

/// The first declaration in \p DC that adds a name, or null when it only
/// specialises templates declared elsewhere, which the libraries'
/// customisation points (e.g. cuda::std::numeric_limits) invite.
const Decl *firstAddedName(const DeclContext &DC) {
  for (const Decl *D : DC.decls()) {
    if (D->isImplicit() ||
        isa<ClassTemplateSpecializationDecl, VarTemplateSpecializationDecl>(D))
      continue;
    if (const auto *FD = dyn_cast<FunctionDecl>(D);
        FD &&
        FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization)
      continue;
    if (const auto *ND = dyn_cast<NamespaceDecl>(D)) {
      if (const Decl *Inner = firstAddedName(*ND))
        return Inner;
      continue;
    }
    return D;
  }
  return nullptr;
}

/// A nested namespace of \p ND named like a reserved one, or null.
const NamespaceDecl *reservedChild(const NamespaceDecl &ND) {
  for (const NamespaceDecl *Redecl : ND.redecls())
    for (const Decl *D : Redecl->decls())
      if (const auto *Child = dyn_cast<NamespaceDecl>(D)) {
        if (isReservedNamespaceName(Child->getName()))
          return Child;
        if (Child->isInline())
          if (const NamespaceDecl *Found = reservedChild(*Child))
            return Found;
      }
  return nullptr;
}

/// True if \p T is std::initializer_list<...> (cuda::std's is the same).
bool isInitializerList(QualType T) {
  const auto *RD = T.getCanonicalType()->getAsCXXRecordDecl();
  return RD && RD->getName() == "initializer_list" && RD->isInStdNamespace();
}

/// True if \p T is spelled with a va_list typedef.
bool isVaList(QualType T) {
  while (const auto *TT = T->getAs<TypedefType>()) {
    llvm::StringRef Name = TT->getDecl()->getName();
    if (Name == "va_list" || Name == "__builtin_va_list" ||
        Name == "__gnuc_va_list")
      return true;
    T = TT->desugar();
  }
  return false;
}

} // namespace

std::string describeCaptures(const LambdaExpr &L) {
  std::string Out;
  for (const LambdaCapture &C : L.captures()) {
    if (!Out.empty())
      Out += ", ";
    if (C.capturesThis())
      Out += C.getCaptureKind() == LCK_StarThis ? "*this" : "this";
    else if (C.capturesVariable())
      Out += "'" + C.getCapturedVar()->getNameAsString() + "'";
  }
  return Out.empty() ? "nothing" : Out;
}

std::optional<uint64_t> kernelParameterBytes(const FunctionDecl &FD,
                                             ASTContext &Ctx) {
  uint64_t Bytes = 0;
  for (const ParmVarDecl *P : FD.parameters()) {
    QualType T = P->getType();
    if (T->isDependentType() || T->isIncompleteType())
      return std::nullopt;
    if (T->isReferenceType())
      T = Ctx.getPointerType(T.getNonReferenceType());
    uint64_t Align = Ctx.getTypeAlignInChars(T).getQuantity();
    Bytes = llvm::alignTo(Bytes, Align) + Ctx.getTypeSizeInChars(T).getQuantity();
  }
  return Bytes;
}

void ExecSpaceRestrictions::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(namespaceDecl().bind("namespace"), this);
  Finder.addMatcher(usingDirectiveDecl().bind("using"), this);
  Finder.addMatcher(functionDecl(hasAttr(attr::CUDAGlobal)).bind("kernel"),
                    this);
  Finder.addMatcher(varDecl(isStaticLocal(), hasInitializer(expr()))
                        .bind("static"),
                    this);
  Finder.addMatcher(lambdaExpr().bind("lambda"), this);
}

void ExecSpaceRestrictions::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const auto &Nodes = Result.Nodes;
  if (const auto *ND = Nodes.getNodeAs<NamespaceDecl>("namespace"))
    checkNamespace(*ND);
  else if (const auto *UD = Nodes.getNodeAs<UsingDirectiveDecl>("using"))
    checkUsingDirective(*UD);
  else if (const auto *FD = Nodes.getNodeAs<FunctionDecl>("kernel"))
    checkKernelParameters(*FD, Ctx);
  else if (const auto *VD = Nodes.getNodeAs<VarDecl>("static"))
    checkStaticLocal(*VD);
  else if (const auto *L = Nodes.getNodeAs<LambdaExpr>("lambda"))
    recordCaptures(*L, Ctx);
}

llvm::ArrayRef<OptionDecl> ExecSpaceRestrictions::declaredOptions() {
  static const OptionDecl Options[] = {
      {"OwnNamespaces", OptionType::IdentifierList, "",
       "reserved namespaces (cuda, nv, cooperative_groups) this project "
       "owns, whose definitions are not reported"},
  };
  return Options;
}

bool ExecSpaceRestrictions::isOwnNamespace(llvm::StringRef Name) {
  if (!OwnNamespaces) {
    // A project that is the library owning one of these namespaces (a fork
    // of libcu++ or of cooperative groups) declares in it by right.
    OwnNamespaces.emplace();
    for (const std::string &N :
         option<std::vector<std::string>>("OwnNamespaces"))
      OwnNamespaces->insert(N);
  }
  return OwnNamespaces->contains(Name);
}

void ExecSpaceRestrictions::checkNamespace(const NamespaceDecl &ND) {
  if (!isReservedNamespaceName(ND.getName()) || isOwnNamespace(ND.getName()) ||
      !isGlobalScope(ND.getDeclContext()) ||
      !context().isUserOwned(ND.getLocation()))
    return;
  const Decl *First = firstAddedName(ND);
  if (!First)
    return;
  diag(ND.getLocation(), "declarations in the reserved namespace '" +
                             ND.getName().str() +
                             "' are undefined behaviour (§5.3.10.2); rename "
                             "the namespace or nest it in a project namespace")
      .note(First->getLocation(), "first declaration added here");
}

void ExecSpaceRestrictions::checkUsingDirective(const UsingDirectiveDecl &UD) {
  const NamespaceDecl *Nominated = UD.getNominatedNamespace();
  if (!Nominated || !isGlobalScope(UD.getDeclContext()) ||
      !context().isUserOwned(UD.getLocation()))
    return;
  const NamespaceDecl *Child = reservedChild(*Nominated);
  if (!Child || isOwnNamespace(Child->getName()))
    return;
  std::string Inner = Child->getQualifiedNameAsString();
  diag(UD.getLocation(), "'using namespace " +
                             Nominated->getQualifiedNameAsString() +
                             "' at global scope adds '" + Inner +
                             "' to the reserved namespace '" +
                             Child->getName().str() + "' (§5.3.10.2)")
      .note(Child->getLocation(), "'" + Inner + "' declared here");
}

void ExecSpaceRestrictions::checkKernelParameters(const FunctionDecl &FD,
                                                  ASTContext &Ctx) {
  // Each kernel once: its first declaration, and every instantiation of a
  // template (whose parameter types may change with the arguments).
  if (!FD.isFirstDecl() || !context().isUserOwned(FD.getLocation()))
    return;
  std::string Name = "'" + FD.getNameAsString() + "'";
  if (FD.isVariadic())
    diag(FD.getLocation(), "__global__ function " + Name +
                               " cannot take C variadic arguments '...' "
                               "(§5.3.10.5.4); use a variadic template");
  for (const ParmVarDecl *P : FD.parameters()) {
    QualType T = P->getType();
    if (T->isDependentType())
      continue;
    std::string Param = "parameter '" + P->getNameAsString() +
                        "' of __global__ function " + Name;
    if (isVaList(P->getOriginalType()))
      diag(P->getLocation(), Param + " cannot be a va_list (§5.3.10.5.4)");
    else if (isInitializerList(T))
      diag(P->getLocation(),
           Param + " cannot be a std::initializer_list (§5.3.10.5.4); pass "
                   "an array or a pointer and a count");
    else if (const auto *RD = T->getAsCXXRecordDecl();
             RD && RD->hasDefinition() && RD->isPolymorphic())
      diag(P->getLocation(), Param + " has the polymorphic class type '" +
                                 T.getAsString() +
                                 "': copying it to the device is undefined "
                                 "behaviour (§5.3.10.5.4)");
  }
  std::optional<uint64_t> Bytes = kernelParameterBytes(FD, Ctx);
  if (Bytes && *Bytes > MaxKernelParameterBytes) {
    std::string Full;
    llvm::raw_string_ostream OS(Full);
    FD.getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), true);
    diag(FD.getLocation(), "the parameters of __global__ function '" + Full +
                               "' take " + std::to_string(*Bytes) +
                               " bytes, more than the 32764 bytes a launch "
                               "can pass (§5.3.10.5.4); pass large data "
                               "through a pointer");
  }
}

void ExecSpaceRestrictions::checkStaticLocal(const VarDecl &VD) {
  if (hasExplicitMemorySpace(VD) || !context().isUserOwned(VD.getLocation()))
    return;
  const FunctionDecl *Fn = enclosingFunction(VD);
  if (!Fn || !context().analyses().deviceCode().isDeviceCode(Fn))
    return;
  // A template pattern is judged by its instantiations.
  if (VD.getInit()->isValueDependent() || VD.getType()->isDependentType() ||
      VD.hasConstantInitialization())
    return;
  diag(VD.getLocation(), "static variable '" + VD.getNameAsString() +
                             "' in device code is initialised at run time, "
                             "which device code does not support "
                             "(§5.3.10.4.4); give it a constant initialiser");
}

namespace {
/// Finds, in the user's code, what device code may not do inside bodies:
/// RTTI, exceptions and long double.
class UnsupportedWalker : public ContextVisitor<UnsupportedWalker> {
public:
  using Callback = llvm::function_ref<void(const Stmt &, const CodeContext &)>;
  UnsupportedWalker(Callback Unsupported, Callback LongDouble)
      : Unsupported(Unsupported), LongDouble(LongDouble) {}

  bool skipDecl(const Decl &D) const { return isInSystemHeader(D); }

  bool VisitStmt(Stmt *S) {
    if (isa<CXXTypeidExpr, CXXDynamicCastExpr, CXXThrowExpr, CXXTryStmt>(S))
      Unsupported(*S, codeContext());
    return true;
  }
  bool VisitExpr(Expr *E) {
    if (!isLongDouble(E->getType()))
      return true;
    // Report the outermost long double expression only.
    CodeContext Where = codeContext();
    if (const DynTypedNode *P = Where.parent())
      if (const auto *PE = P->get<Expr>(); PE && isLongDouble(PE->getType()))
        return true;
    LongDouble(*E, Where);
    return true;
  }

private:
  static bool isLongDouble(QualType T) {
    return !T.isNull() && T->isSpecificBuiltinType(BuiltinType::LongDouble);
  }
  Callback Unsupported, LongDouble;
};
} // namespace

void ExecSpaceRestrictions::checkBodies() {
  UnsupportedWalker(
      [this](const Stmt &S, const CodeContext &Where) {
        checkUnsupported(S, Where);
      },
      [this](const Stmt &E, const CodeContext &Where) {
        checkLongDouble(cast<Expr>(E), Where);
      })
      .TraverseAST(context().getASTContext());
}

bool ExecSpaceRestrictions::inDeviceCode(const CodeContext &Where) {
  return Where.Body &&
         context().analyses().deviceCode().isDeviceCode(Where.Body);
}

void ExecSpaceRestrictions::checkUnsupported(const Stmt &S,
                                             const CodeContext &Where) {
  if (!context().isUserOwned(S.getBeginLoc()) || !inDeviceCode(Where))
    return;
  llvm::StringRef What;
  if (isa<CXXTypeidExpr>(S))
    What = "'typeid' (RTTI) is not supported in device code";
  else if (isa<CXXDynamicCastExpr>(S))
    What = "'dynamic_cast' (RTTI) is not supported in device code";
  else if (isa<CXXThrowExpr>(S))
    What = "'throw' (exceptions) is not supported in device code";
  else
    What = "'try' (exceptions) is not supported in device code";
  std::string Message = What.str() + " (§5.3.10.1)";
  const FunctionDecl *Fn = Where.Body;
  DiagBuilder D = diag(S.getBeginLoc(), Message);
  if (const FunctionDecl *Caller =
          context().analyses().deviceCode().relaxedConstexprCaller(Fn))
    D.note(Fn->getLocation(), "'" + Fn->getNameAsString() +
                                  "' is device code because '" +
                                  Caller->getNameAsString() +
                                  "' calls it (accepted by "
                                  "--expt-relaxed-constexpr)");
}

void ExecSpaceRestrictions::checkLongDouble(const Expr &E,
                                            const CodeContext &Where) {
  if (!context().isUserOwned(E.getExprLoc()) || !inDeviceCode(Where) ||
      Where.ConstantOrUnevaluated)
    return;
  diag(E.getExprLoc(), "'long double' in device code is computed as "
                       "'double' (§5.3.10.1)");
}

/// The key of \p L across the two passes: where it is written, and which
/// instantiation of the enclosing templates holds it.
static std::string captureKey(const LambdaExpr &L, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = SM.getFileLoc(L.getBeginLoc());
  std::string Key;
  llvm::raw_string_ostream OS(Key);
  OS << SM.getFilename(Loc) << ':' << SM.getFileOffset(Loc);
  if (const FunctionDecl *Fn = enclosingFunction(*L.getLambdaClass())) {
    OS << " in ";
    Fn->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), true);
  }
  return Key;
}

void ExecSpaceRestrictions::recordCaptures(const LambdaExpr &L,
                                           ASTContext &Ctx) {
  // Extended lambdas carry an explicit execution-space annotation.
  const CXXMethodDecl *Op = L.getCallOperator();
  if ((!hasExplicitAttr<CUDADeviceAttr>(*Op) &&
       !hasExplicitAttr<CUDAHostAttr>(*Op)) ||
      !context().isUserOwned(L.getBeginLoc()))
    return;
  Captures.try_emplace(captureKey(L, Ctx), &L, describeCaptures(L));
}

/// The key under which a pass leaves its captures for the other one.
static constexpr llvm::StringLiteral PassKey = "\x01pass";

void ExecSpaceRestrictions::finishTranslationUnit() {
  checkBodies();
  CompilationPass Pass = context().getPass();
  std::string PassName = Pass == CompilationPass::Host ? "host" : "device";
  llvm::StringMap<std::string> &Other =
      context().acrossPasses(getName());
  auto OtherPass = Other.find(PassKey);
  if (OtherPass == Other.end() || OtherPass->second == PassName) {
    // The first pass of this source: leave ours for the other.
    Other.clear();
    Other[PassKey] = PassName;
    for (const auto &Entry : Captures)
      Other[Entry.getKey()] = Entry.getValue().second;
    return;
  }
  for (const auto &KeyEntry : Captures) {
    const auto &Entry = KeyEntry.getValue();
    auto Found = Other.find(KeyEntry.getKey());
    if (Found == Other.end() || Found->second == Entry.second)
      continue;
    bool Host = Pass == CompilationPass::Host;
    const std::string &HostSide = Host ? Entry.second : Found->second;
    const std::string &DeviceSide = Host ? Found->second : Entry.second;
    diag(Entry.first->getBeginLoc(),
         "extended lambda captures " + HostSide + " when __CUDA_ARCH__ is "
         "undefined but " + DeviceSide + " when it is defined; host and "
         "device then disagree on its closure layout (§5.3.8.4 item 16)");
  }
  Other.clear();
}

PreScanTriggers ExecSpaceRestrictions::preScanTriggers() {
  // Nothing for the wrapper to find: it only reports what nvcc refuses with or without the flags.
  return PreScanTriggers::nvccNeedsNone();
}

} // namespace cudalower

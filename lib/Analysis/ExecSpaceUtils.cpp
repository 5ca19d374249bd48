//===--- ExecSpaceUtils.cpp - Execution spaces as nvcc sees them ----------===//

#include "Analysis/ExecSpaceUtils.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/TypeLoc.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cudalower {

template <typename AttrT> static bool hasExplicit(const FunctionDecl &FD) {
  const auto *A = FD.getAttr<AttrT>();
  return A && !A->isImplicit();
}

static ExecSpace fromFlags(bool Host, bool Device) {
  if (Device)
    return Host ? ExecSpace::HostDevice : ExecSpace::Device;
  return ExecSpace::Host;
}

/// Special members nvcc gives the union of their callers' spaces; Clang
/// infers the same union and records it as implicit attributes.
static bool hasInferredSpace(const CXXMethodDecl &M) {
  if (M.isImplicit())
    return true;
  return M.isExplicitlyDefaulted() && M.isFirstDecl();
}

/// Functions the CUDA front end treats as __host__ __device__ although the
/// standard library declares them without annotations (§5.3.11.7-8).
static bool isImplicitlyHostDeviceInNvcc(const FunctionDecl &FD) {
  if (!isInStdNamespace(FD))
    return false;
  if (const auto *M = dyn_cast<CXXMethodDecl>(&FD))
    if (const IdentifierInfo *Class = M->getParent()->getIdentifier())
      return Class->isStr("initializer_list");
  const IdentifierInfo *Name = FD.getIdentifier();
  return Name && (Name->isStr("move") || Name->isStr("forward"));
}

/// True for the `std::min` and `std::max` that Clang's CUDA wrapper headers
/// declare __host__ __device__; nvcc sees the standard library's, which are
/// __host__ constexpr functions.
static bool isClangStdReplacement(const FunctionDecl &FD) {
  if (!isInStdNamespace(FD))
    return false;
  const SourceManager &SM = FD.getASTContext().getSourceManager();
  llvm::StringRef File = SM.getFilename(SM.getFileLoc(FD.getLocation()));
  return File.contains("/cuda_wrappers/");
}

ExecSpace nvccExecSpace(const FunctionDecl &FD) {
  if (FD.hasAttr<CUDAGlobalAttr>())
    return ExecSpace::Global;
  if (isClangStdReplacement(FD))
    return ExecSpace::Host;
  bool Host = hasExplicit<CUDAHostAttr>(FD);
  bool Device = hasExplicit<CUDADeviceAttr>(FD);
  if (Host || Device)
    return fromFlags(Host, Device);
  if (FD.getBuiltinID() != 0)
    return ExecSpace::HostDevice;
  if (const auto *M = dyn_cast<CXXMethodDecl>(&FD)) {
    const CXXRecordDecl *Class = M->getParent();
    if (Class->isLambda()) {
      // A lambda without annotations runs where its enclosing function runs
      // (§5.3.8); at namespace scope that is the host.
      const auto *Outer = dyn_cast<FunctionDecl>(Class->getDeclContext());
      return Outer ? nvccExecSpace(*Outer) : ExecSpace::Host;
    }
    if (hasInferredSpace(*M))
      return fromFlags(M->hasAttr<CUDAHostAttr>(),
                       M->hasAttr<CUDADeviceAttr>());
  }
  if (isImplicitlyHostDeviceInNvcc(FD))
    return ExecSpace::HostDevice;
  return ExecSpace::Host;
}

bool isInStdNamespace(const Decl &D) {
  return outermostNamespace(D) == "std";
}

llvm::StringRef outermostNamespace(const Decl &D) {
  const NamespaceDecl *Outermost = nullptr;
  for (const DeclContext *DC = D.getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (!NS->isAnonymousNamespace())
        Outermost = NS;
  return Outermost ? Outermost->getName() : llvm::StringRef();
}

llvm::StringRef spelling(ExecSpace S) {
  switch (S) {
  case ExecSpace::Host:
    return "__host__";
  case ExecSpace::Device:
    return "__device__";
  case ExecSpace::HostDevice:
    return "__host__ __device__";
  case ExecSpace::Global:
    return "__global__";
  }
  return "";
}

/// The lambda expression whose call operator is \p FD, if it is one. The
/// parent map reaches a lambda's body from the call operator, so the
/// expression is looked for in the function that defines the lambda.
static const LambdaExpr *lambdaOf(const FunctionDecl &FD, ASTContext &Ctx) {
  const auto *M = dyn_cast<CXXMethodDecl>(&FD);
  if (!M || !M->getParent()->isLambda())
    return nullptr;
  const CXXRecordDecl *Class = M->getParent();
  const auto *Outer = dyn_cast<FunctionDecl>(Class->getDeclContext());
  if (!Outer || !Outer->getBody())
    return nullptr;
  using namespace ast_matchers;
  for (const BoundNodes &N :
       match(findAll(lambdaExpr().bind("l")), *Outer->getBody(), Ctx))
    if (const auto *L = N.getNodeAs<LambdaExpr>("l");
        L->getLambdaClass() == Class)
      return L;
  return nullptr;
}

const FunctionDecl *enclosingFunction(const Stmt &S, ASTContext &Ctx,
                                      const LambdaExpr **Lambda) {
  if (Lambda)
    *Lambda = nullptr;
  DynTypedNode Child = DynTypedNode::create(S);
  for (unsigned Depth = 0; Depth < 256; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(Child);
    if (Parents.empty())
      return nullptr;
    const DynTypedNode &P = Parents[0];
    if (const auto *L = P.get<LambdaExpr>()) {
      // Only the body belongs to the call operator; captures and default
      // arguments are evaluated where the lambda is written.
      if (Child.get<Stmt>() == L->getBody()) {
        if (Lambda)
          *Lambda = L;
        return L->getCallOperator();
      }
    } else if (const auto *FD = P.get<FunctionDecl>()) {
      if (Lambda)
        *Lambda = lambdaOf(*FD, Ctx);
      return FD;
    } else if (P.get<TranslationUnitDecl>() || P.get<RecordDecl>() ||
               P.get<NamespaceDecl>()) {
      return nullptr;
    }
    Child = P;
  }
  return nullptr;
}

bool isInUnevaluatedOperand(const Expr &E, ASTContext &Ctx) {
  DynTypedNode Child = DynTypedNode::create(E);
  for (unsigned Depth = 0; Depth < 256; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(Child);
    if (Parents.empty())
      return false;
    const DynTypedNode &P = Parents[0];
    if (P.get<UnaryExprOrTypeTraitExpr>() || P.get<CXXNoexceptExpr>())
      return true;
    if (const auto *T = P.get<CXXTypeidExpr>())
      return !T->isPotentiallyEvaluated();
    if (const auto *TL = P.get<TypeLoc>())
      if (TL->getAs<DecltypeTypeLoc>())
        return true;
    if (P.get<FunctionDecl>() || P.get<LambdaExpr>() ||
        P.get<TranslationUnitDecl>())
      return false;
    Child = P;
  }
  return false;
}

const FunctionDecl *annotationTarget(const FunctionDecl &FD) {
  if (const FunctionDecl *Pattern = FD.getTemplateInstantiationPattern())
    return Pattern;
  return &FD;
}

SourceLocation annotationLoc(const FunctionDecl &FD) {
  return FD.getInnerLocStart();
}

std::string quotedName(const FunctionDecl &FD) {
  if (const auto *M = dyn_cast<CXXMethodDecl>(&FD))
    if (M->getParent()->isLambda())
      return "lambda";
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  // The template's name, not the specialization's ('Box::get', not
  // 'Box<int>::get'): one message for every instantiation of a call.
  annotationTarget(FD)->printQualifiedName(OS);
  return "'" + Name + "'";
}

} // namespace cudalower

//===--- ExecSpace.cpp - Execution spaces as nvcc sees them ---------------===//

#include "Analysis/ExecSpace.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cudalower {

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

static ExecSpace fromFlags(bool Host, bool Device) {
  if (Device)
    return Host ? ExecSpace::HostDevice : ExecSpace::Device;
  return ExecSpace::Host;
}

ExecSpace writtenExecSpace(const FunctionDecl &FD) {
  if (hasExplicitAttr<CUDAGlobalAttr>(FD))
    return ExecSpace::Global;
  return fromFlags(hasExplicitAttr<CUDAHostAttr>(FD),
                   hasExplicitAttr<CUDADeviceAttr>(FD));
}

bool hasWrittenExecSpace(const FunctionDecl &FD) {
  return hasExplicitAttr<CUDAGlobalAttr>(FD) ||
         hasExplicitAttr<CUDAHostAttr>(FD) ||
         hasExplicitAttr<CUDADeviceAttr>(FD);
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
  if (hasWrittenExecSpace(FD))
    return writtenExecSpace(FD);
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

ExecSpace execSpaceOf(const DeclContext *DC) {
  for (; DC; DC = DC->getParent()) {
    const auto *FD = dyn_cast<FunctionDecl>(DC);
    if (!FD) {
      // A lambda's class sits in the function that writes the lambda.
      const auto *RD = dyn_cast<CXXRecordDecl>(DC);
      if (RD && RD->isLambda())
        continue;
      return ExecSpace::Host;
    }
    if (!isLambdaCallOperator(*FD) || hasExplicitAttr<CUDADeviceAttr>(*FD) ||
        hasExplicitAttr<CUDAHostAttr>(*FD))
      return writtenExecSpace(*FD);
  }
  return ExecSpace::Host;
}

bool hasExplicitMemorySpace(const VarDecl &VD) {
  return hasExplicitAttr<CUDADeviceAttr>(VD) ||
         hasExplicitAttr<CUDAConstantAttr>(VD) ||
         hasExplicitAttr<CUDASharedAttr>(VD) ||
         hasExplicitAttr<HIPManagedAttr>(VD);
}

bool isLambdaCallOperator(const FunctionDecl &FD) {
  const auto *MD = dyn_cast<CXXMethodDecl>(&FD);
  return MD && MD->getParent()->isLambda() &&
         MD->getOverloadedOperator() == OO_Call;
}

const FunctionDecl *enclosingFunction(const Decl &D) {
  for (const DeclContext *DC = D.getDeclContext(); DC; DC = DC->getParent()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DC))
      return FD;
    if (isa<TranslationUnitDecl, NamespaceDecl>(DC))
      return nullptr;
  }
  return nullptr;
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

//===--- RedeclaredSpace.cpp - One function declared in two spaces --------===//

#include "Nvcc/RedeclaredSpace.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace cudalower {

namespace {

/// The execution spaces a declaration spells. None spelled is `__host__`,
/// to nvcc as to Clang; attributes Clang copied from an earlier declaration
/// or implied (a constexpr function's) are not spelled.
struct Spaces {
  bool Host = false, Device = false, Global = false;
};

Spaces spelledSpaces(const FunctionDecl &F) {
  Spaces S;
  for (const Attr *A : F.attrs()) {
    if (A->isInherited() || A->isImplicit())
      continue;
    S.Host |= isa<CUDAHostAttr>(A);
    S.Device |= isa<CUDADeviceAttr>(A);
    S.Global |= isa<CUDAGlobalAttr>(A);
  }
  if (!S.Device && !S.Global)
    S.Host = true;
  return S;
}

/// The declaration Clang refused: it names only the earlier one, so the
/// new one is found where the error points, among the declarations of the
/// context the parser was in (Clang keeps the invalid declaration there).
const FunctionDecl *refusedDeclaration(const StoredDiagnostic &Error,
                                       const ErrorContext &Where) {
  if (!Where.Context)
    return nullptr;
  SourceLocation At = Error.getLocation();
  for (const Decl *D : Where.Context->decls()) {
    const FunctionDecl *F = D->getAsFunction();
    if (F && F->getLocation() == At)
      return F;
  }
  return nullptr;
}

/// Where a space keyword goes in \p F: before its type, or before its name
/// where it has none (a constructor), in the file; invalid where a macro
/// spells that place.
SourceLocation keywordSite(const FunctionDecl &F) {
  // A constructor's, destructor's or conversion's "type" is its name.
  bool Typeless =
      isa<CXXConstructorDecl, CXXDestructorDecl, CXXConversionDecl>(F);
  SourceLocation Site = Typeless ? SourceLocation() : F.getTypeSpecStartLoc();
  if (Site.isInvalid())
    Site = F.getQualifierLoc() ? F.getQualifierLoc().getBeginLoc()
                               : F.getLocation();
  if (Site.isInvalid() || Site.isMacroID())
    return {};
  return Site;
}

/// The two declarations of a "cannot overload" error: the refused one
/// first, then the earlier one it names.
std::optional<std::pair<const FunctionDecl *, const FunctionDecl *>>
refusedPair(const StoredDiagnostic &Error, const ErrorContext &Where) {
  if (Error.getID() != diag::err_cuda_ovl_target ||
      !Error.getLocation().isValid())
    return std::nullopt;
  const FunctionDecl *Earlier = nullptr;
  for (const NamedDecl *N : Where.Named)
    if (const FunctionDecl *F = N->getAsFunction())
      Earlier = F;
  const FunctionDecl *Refused = refusedDeclaration(Error, Where);
  if (!Earlier || !Refused)
    return std::nullopt;
  return std::make_pair(Refused, Earlier);
}

} // namespace

std::optional<ParseFixSite> redeclaredSpaceFix(const StoredDiagnostic &Error,
                                               const ErrorContext &Where) {
  auto Pair = refusedPair(Error, Where);
  if (!Pair)
    return std::nullopt;
  std::vector<const FunctionDecl *> Decls = {Pair->first};
  for (const FunctionDecl *D : Pair->second->redecls())
    Decls.push_back(D);
  std::vector<Spaces> Spelled;
  for (const FunctionDecl *D : Decls)
    Spelled.push_back(spelledSpaces(*D));
  // A __global__ function is a kernel: nvcc refuses it in another space too.
  if (llvm::any_of(Spelled, [](const Spaces &S) { return S.Global; }))
    return std::nullopt;
  bool AddHost = llvm::any_of(Spelled, [](const Spaces &S) { return !S.Host; });
  const SourceManager &SM = Error.getLocation().getManager();
  std::vector<FullSourceLoc> Places;
  for (size_t I = 0; I < Decls.size(); ++I) {
    if (AddHost ? Spelled[I].Host : Spelled[I].Device)
      continue;
    SourceLocation Site = keywordSite(*Decls[I]);
    if (Site.isInvalid())
      return std::nullopt;
    Places.emplace_back(Site, SM);
  }
  llvm::sort(Places, [&](FullSourceLoc A, FullSourceLoc B) {
    return SM.isBeforeInTranslationUnit(A, B);
  });
  Places.erase(std::unique(Places.begin(), Places.end()), Places.end());
  if (Places.empty())
    return std::nullopt;
  ParseFixSite Site{Places.front(), AddHost ? "__host__ " : "__device__ ",
                    Pair->second->getNameAsString(),
                    ParseFixKind::RedeclaredSpace, 0};
  Site.Also.assign(std::next(Places.begin()), Places.end());
  return Site;
}

std::string redeclaredSpaceHint(llvm::ArrayRef<StoredDiagnostic> Held,
                                const ErrorContext &Where) {
  if (Held.empty() || Held.front().getID() != diag::err_cuda_ovl_target)
    return "";
  auto Pair = refusedPair(Held.front(), Where);
  std::string Name =
      Pair ? "'" + Pair->second->getQualifiedNameAsString() + "'" : "it";
  return "nvcc merges the execution spaces of a function's declarations "
         "into one __host__ __device__ function (a __global__ one excepted); "
         "Clang refuses a redeclaration in another space: declare " +
         Name +
         " '__host__ __device__' in each declaration, which means "
         "the same to nvcc";
}

} // namespace cudalower

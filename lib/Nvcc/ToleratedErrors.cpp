//===--- ToleratedErrors.cpp - Clang errors on code nvcc builds -----------===//

#include "Nvcc/ToleratedErrors.h"
#include "Engine/ClangErrors.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Sema/Sema.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace cudalower {

/// True if \p D is declared in one of the headers Clang's CUDA mode
/// includes on its own (`__clang_cuda_runtime_wrapper.h` and the headers
/// it brings in, all in Clang's resource directory).
static bool isInClangCudaWrapper(const Decl &D) {
  const SourceManager &SM = D.getASTContext().getSourceManager();
  SourceLocation Loc = SM.getSpellingLoc(D.getLocation());
  if (Loc.isInvalid() || !SM.isInSystemHeader(Loc))
    return false;
  return llvm::sys::path::filename(SM.getFilename(Loc))
      .starts_with("__clang_cuda_");
}

bool isRedeclarationOfClangRuntime(const clang::Diagnostic &Info) {
  // Arguments: the new declaration's space, its name, the earlier one's
  // space, the earlier declaration.
  if (Info.getID() != diag::err_cuda_ovl_target || Info.getNumArgs() < 4 ||
      Info.getArgKind(3) != DiagnosticsEngine::ak_nameddecl)
    return false;
  const auto *Earlier = reinterpret_cast<const NamedDecl *>(Info.getRawArg(3));
  return Earlier && isa<FunctionDecl>(Earlier) &&
         isInClangCudaWrapper(*Earlier);
}

bool isToleratedError(const clang::Diagnostic &Info, const clang::Sema *S) {
  if (isRedeclarationOfClangRuntime(Info))
    return true; // Clang's declaration stays; it means the same
  if (isSharedInitialisationNvccSkips(Info, S))
    return true; // nvcc warns (#20054-D) and compiles the rest
  // nvcc's host compilation never reads such a body; the device pass does,
  // and reports the error if it is one.
  return S && isLeftToDevicePass(contextOf(*S));
}

} // namespace cudalower

//===--- LambdaFlagHeaders.cpp - Headers --extended-lambda brings ---------===//

#include "Nvcc/LambdaFlagHeaders.h"
#include "clang/AST/DeclBase.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace cudalower {

bool isMissingStdName(const clang::Diagnostic &Info) {
  unsigned ID = Info.getID();
  if (ID != diag::err_no_member && ID != diag::err_no_member_suggest &&
      ID != diag::err_no_member_template &&
      ID != diag::err_no_member_template_suggest)
    return false;
  if (Info.getNumArgs() < 2 ||
      Info.getArgKind(1) != DiagnosticsEngine::ak_declcontext)
    return false;
  const auto *Context =
      reinterpret_cast<const DeclContext *>(Info.getRawArg(1));
  return Context && Context->isStdNamespace();
}

bool LambdaFlagInclusions::isFlagInclude(SourceLocation IncludeLoc,
                                         llvm::StringRef Included,
                                         const SourceManager &SM) {
  if (IncludeLoc.isInvalid())
    return false;
  OptionalFileEntryRef Includer =
      SM.getFileEntryRefForID(SM.getFileID(SM.getExpansionLoc(IncludeLoc)));
  if (!Includer ||
      llvm::sys::path::filename(Includer->getName()) != "cuda_runtime.h")
    return false;
  llvm::StringRef Name = llvm::sys::path::filename(Included);
  return Name == "functional" || Name == "utility";
}

/// True if the inclusion that made \p FID passes through one of the flag's
/// #include lines.
static bool throughTheFlag(FileID FID, const SourceManager &SM) {
  while (FID.isValid()) {
    SourceLocation IncludeLoc = SM.getIncludeLoc(FID);
    if (IncludeLoc.isInvalid())
      return false;
    OptionalFileEntryRef File = SM.getFileEntryRefForID(FID);
    if (File &&
        LambdaFlagInclusions::isFlagInclude(IncludeLoc, File->getName(), SM))
      return true;
    FID = SM.getFileID(SM.getExpansionLoc(IncludeLoc));
  }
  return false;
}

/// Records the #include directives outside the flag's lines: what they
/// name is reached without the flag, entered or skipped (its include guard
/// already defined by the flag's inclusion).
class FlagInclusionCallbacks : public PPCallbacks {
public:
  FlagInclusionCallbacks(LambdaFlagInclusions &Out, const SourceManager &SM)
      : Out(Out), SM(SM) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &,
                          StringRef FileName, bool IsAngled, CharSourceRange,
                          OptionalFileEntryRef File, StringRef, StringRef,
                          const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (!File)
      return;
    if (LambdaFlagInclusions::isFlagInclude(HashLoc, File->getName(), SM) ||
        throughTheFlag(SM.getFileID(SM.getExpansionLoc(HashLoc)), SM))
      return;
    Out.ReachedOutside.insert(&File->getFileEntry());
    if (IsAngled)
      Out.NamedOutside.insert(FileName);
  }

private:
  LambdaFlagInclusions &Out;
  const SourceManager &SM;
};

std::unique_ptr<PPCallbacks>
LambdaFlagInclusions::callbacks(const SourceManager &SM) {
  return std::make_unique<FlagInclusionCallbacks>(*this, SM);
}

bool LambdaFlagInclusions::onlyTheFlagReaches(FileEntryRef File,
                                              const SourceManager &SM) const {
  if (ReachedOutside.contains(&File.getFileEntry()))
    return false;
  // The first inclusion: the only one of a guarded header.
  FileID FID = SM.translateFile(File);
  return FID.isValid() && throughTheFlag(FID, SM) &&
         !includerReachedOutside(FID, SM);
}

bool LambdaFlagInclusions::includerReachedOutside(
    FileID FID, const SourceManager &SM) const {
  // <functional> entered by the flag includes bits/std_function.h; the
  // user's own #include <functional>, skipped for its guard, would have
  // included it too (std::function's operator!=, which no table names).
  for (SourceLocation IncludeLoc = SM.getIncludeLoc(FID); IncludeLoc.isValid();
       IncludeLoc = SM.getIncludeLoc(FID)) {
    FID = SM.getFileID(SM.getExpansionLoc(IncludeLoc));
    OptionalFileEntryRef Includer = SM.getFileEntryRefForID(FID);
    if (Includer && ReachedOutside.contains(&Includer->getFileEntry()))
      return true;
  }
  return false;
}

} // namespace cudalower

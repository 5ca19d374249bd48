//===--- OwnedSystemHeaders.cpp - #pragma system_header in own files ------===//
//
// See OwnedSystemHeaders.h. Clang exposes no switch to ignore the pragma,
// and Preprocessor::HandlePragmaSystemHeader() adds its line-table entry
// after telling the callbacks (FileChanged with SystemHeaderPragma). So the
// callback only notes the place; the first token lexed after the directive
// (the token watcher) adds an entry right after Clang's, back to user code,
// with the same file name and line numbering, so that nothing but the
// characteristic changes.
//
//===----------------------------------------------------------------------===//

#include "Engine/OwnedSystemHeaders.h"
#include "Engine/Ownership.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace cudalower {

namespace {

class SystemHeaderPragmaUndoer : public PPCallbacks {
public:
  SystemHeaderPragmaUndoer(Preprocessor &PP, FileOwnership &Owned)
      : PP(PP), Owned(Owned) {}

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind Kind, FileID) override {
    if (Reason == EnterFile && Kind != SrcMgr::C_User)
      return keepDependencyUserCode(Loc);
    if (Reason != SystemHeaderPragma ||
        !Owned.isOwned(PP.getSourceManager(), Loc))
      return;
    Pending.push_back(Loc);
    if (!Watching) {
      Watching = true;
      PP.setTokenWatcher([this](const Token &) { undoPending(); });
    }
  }

private:
  /// A library's header found through -isystem (CMake's way with imported
  /// targets) is one plain nvcc reads as well: an extended lambda there
  /// fails to build once used. When it is owned, the whole file is user
  /// code, from its first line.
  void keepDependencyUserCode(SourceLocation FileStart) {
    SourceManager &SM = PP.getSourceManager();
    FileID FID = SM.getFileID(FileStart);
    if (!Owned.isOwnedDependency(SM, FID))
      return;
    PresumedLoc P = SM.getPresumedLoc(FileStart);
    if (P.isInvalid())
      return;
    SM.AddLineNote(FileStart, /*LineNo=*/1,
                   SM.getLineTableFilenameID(P.getFilename()),
                   /*IsFileEntry=*/false, /*IsFileExit=*/false,
                   SrcMgr::C_User);
    if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID))
      PP.getHeaderSearchInfo().getFileInfo(*FE).DirInfo = SrcMgr::C_User;
  }

  void undoPending() {
    SourceManager &SM = PP.getSourceManager();
    for (SourceLocation Pragma : Pending) {
      PresumedLoc P = SM.getPresumedLoc(Pragma);
      if (P.isInvalid())
        continue;
      // One character after Clang's entry, which sits at the pragma's
      // `system_header` token: the lines after the directive, numbered
      // as Clang numbers them, are user code again.
      SM.AddLineNote(Pragma.getLocWithOffset(1), P.getLine() + 1,
                     SM.getLineTableFilenameID(P.getFilename()),
                     /*IsFileEntry=*/false, /*IsFileExit=*/false,
                     SrcMgr::C_User);
      if (OptionalFileEntryRef FE =
              SM.getFileEntryRefForID(SM.getFileID(Pragma)))
        PP.getHeaderSearchInfo().getFileInfo(*FE).DirInfo = SrcMgr::C_User;
    }
    Pending.clear();
  }

  Preprocessor &PP;
  FileOwnership &Owned;
  llvm::SmallVector<SourceLocation, 2> Pending;
  bool Watching = false;
};

} // namespace

void keepOwnedHeadersUserCode(Preprocessor &PP, FileOwnership &Owned) {
  PP.addPPCallbacks(std::make_unique<SystemHeaderPragmaUndoer>(PP, Owned));
}

} // namespace cudalower

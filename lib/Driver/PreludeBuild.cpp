//===--- PreludeBuild.cpp - Building one precompiled prelude --------------===//

#include "Driver/PreludeBuild.h"
#include "Driver/PreludeCache.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalower {

namespace {

/// What building a prelude saw.
struct PreludeRecord {
  /// A header the user owns (found on an -I path rather than a system one),
  /// or a file under the project root.
  bool ReachedUserHeader = false;
  /// The bytes of the files the source's own includes brought in (the ones
  /// already in the plain prelude are not read again).
  uint64_t IncludedBytes = 0;
  std::string Inputs; ///< "SIZE MTIME PATH" lines.
};

/// Notes, for a prelude being read, what it must not hold (a header found
/// on an -I path rather than a system one: Clang counts a header included
/// from a system header as a system header, so the directory it was found
/// in is what tells; a file under the project root) and how much header
/// text the source's own includes bring in.
class PreludeWatcher : public clang::PPCallbacks {
public:
  PreludeWatcher(PreludeRecord &Record, const OwnedFiles *Owned,
                 const clang::SourceManager &SM, clang::HeaderSearch &Search)
      : Record(Record), Owned(Owned), SM(SM), Search(Search) {}

  void FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                   clang::SrcMgr::CharacteristicKind, clang::FileID) override {
    if (Reason != EnterFile)
      return;
    clang::FileID FID = SM.getFileID(Loc);
    if (FID == SM.getMainFileID())
      return;
    clang::OptionalFileEntryRef File = SM.getFileEntryRefForID(FID);
    if (!File)
      return;
    if (Search.getFileDirFlavor(*File) == clang::SrcMgr::C_User ||
        isInProject(*File))
      Record.ReachedUserHeader = true;
    clang::FileID Includer = SM.getFileID(SM.getIncludeLoc(FID));
    if (Includer == SM.getMainFileID() || FromMain.count(Includer)) {
      FromMain.insert(FID);
      Record.IncludedBytes += File->getSize();
    }
  }

private:
  bool isInProject(clang::FileEntryRef File) const {
    if (!Owned)
      return false;
    llvm::StringRef Real = File.getFileEntry().tryGetRealPathName();
    return Owned->owns(Real.empty() ? File.getName() : Real);
  }

  PreludeRecord &Record;
  const OwnedFiles *Owned;
  const clang::SourceManager &SM;
  clang::HeaderSearch &Search;
  llvm::DenseSet<clang::FileID> FromMain;
};

/// \p Base with a PreludeWatcher on its preprocessor, recording in a record
/// that outlives it (ToolInvocation destroys the action when it has run).
template <class Base> class Watched : public Base {
public:
  /// \p Owned: the user's files, besides those of user include
  /// directories (null: none).
  Watched(PreludeRecord &Record, const OwnedFiles *Owned)
      : Record(Record), Owned(Owned) {}

protected:
  PreludeRecord &Record;

private:
  const OwnedFiles *Owned;
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    clang::Preprocessor &PP = CI.getPreprocessor();
    PP.addPPCallbacks(std::make_unique<PreludeWatcher>(
        Record, Owned, CI.getSourceManager(), PP.getHeaderSearchInfo()));
    return Base::BeginSourceFileAction(CI);
  }
};

/// GeneratePCHAction that also notes what the prelude must not hold, and
/// which files it read.
class RecordingPCHAction : public Watched<clang::GeneratePCHAction> {
public:
  using Watched::Watched;

private:
  void EndSourceFileAction() override {
    GeneratePCHAction::EndSourceFileAction();
    const clang::SourceManager &SM = getCompilerInstance().getSourceManager();
    llvm::raw_string_ostream OS(Record.Inputs);
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
      clang::FileEntryRef File = It->first;
      llvm::StringRef Real = File.getFileEntry().tryGetRealPathName();
      OS << File.getSize() << ' ' << File.getModificationTime() << ' '
         << (Real.empty() ? File.getName() : Real) << '\n';
    }
  }
};

/// Runs \p Action on \p Source with \p Args (a command, less its source) in
/// \p Files; true if it ran without an error.
bool runQuietly(llvm::ArrayRef<std::string> Args, const std::string &Source,
                std::unique_ptr<clang::FrontendAction> Action,
                clang::FileManager &Files) {
  std::vector<std::string> Command(Args.begin(), Args.end());
  Command.push_back(Source);
  clang::DiagnosticConsumer Quiet;
  clang::tooling::ToolInvocation Invocation(Command, std::move(Action), &Files);
  Invocation.setDiagnosticConsumer(&Quiet);
  return Invocation.run() && Quiet.getNumErrors() == 0;
}

/// Counts the tokens a parse reads (a record that outlives the action).
class TokenCountingAction : public clang::SyntaxOnlyAction {
public:
  explicit TokenCountingAction(unsigned &Tokens) : Tokens(Tokens) {}

private:
  unsigned &Tokens;
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    CI.getPreprocessor().setTokenWatcher([this](const clang::Token &T) {
      if (T.isNot(clang::tok::eof))
        ++Tokens;
    });
    return SyntaxOnlyAction::BeginSourceFileAction(CI);
  }
};

} // namespace

bool worthAPrelude(llvm::ArrayRef<std::string> Args, const std::string &Source,
                   const OwnedFiles *Owned, clang::FileManager &Files) {
  PreludeRecord Seen;
  return runQuietly(Args, Source,
                    std::make_unique<Watched<clang::PreprocessOnlyAction>>(
                        Seen, Owned),
                    Files) &&
         !Seen.ReachedUserHeader &&
         Seen.IncludedBytes >= PreludeCache::MinLeadingIncludeBytes;
}

bool precompilePrelude(llvm::ArrayRef<std::string> Args,
                       const std::string &Source, const std::string &Pch,
                       const OwnedFiles *Owned, clang::FileManager &Files,
                       std::string &Inputs) {
  std::vector<std::string> Command;
  for (const std::string &Arg : Args)
    if (Arg != "-fsyntax-only")
      Command.push_back(Arg);
  for (const char *Arg : {"-S", "-Xclang", "-emit-pch", "-o"})
    Command.push_back(Arg);
  Command.push_back(Pch);
  Command.push_back(Source);
  PreludeRecord Recorded;
  auto Action = std::make_unique<RecordingPCHAction>(Recorded, Owned);
  clang::DiagnosticConsumer Quiet;
  clang::tooling::ToolInvocation Invocation(Command, std::move(Action), &Files);
  Invocation.setDiagnosticConsumer(&Quiet);
  bool Built = Invocation.run() && Quiet.getNumErrors() == 0 &&
               !Recorded.ReachedUserHeader && !Recorded.Inputs.empty();
  Inputs = std::move(Recorded.Inputs);
  return Built;
}

bool includesReadNothingAfter(llvm::ArrayRef<std::string> Args,
                              const std::string &Pch, const std::string &Source,
                              clang::FileManager &Files) {
  std::vector<std::string> Command(Args.begin(), Args.end());
  Command.push_back("-include-pch");
  Command.push_back(Pch);
  unsigned Tokens = 0;
  return runQuietly(Command, Source,
                    std::make_unique<TokenCountingAction>(Tokens), Files) &&
         Tokens == 0;
}

} // namespace cudalower

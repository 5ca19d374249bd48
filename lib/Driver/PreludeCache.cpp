//===--- PreludeCache.cpp - Precompiled CUDA preludes ---------------------===//

#include "Driver/PreludeCache.h"
#include "Output/FileWriter.h"
#include "cudalower/Version.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <algorithm>
#include <cstdlib>

namespace cudalower {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

struct PreludeCache::Entry {
  std::mutex Mutex;
  enum { Unknown, Ready, Unusable } State = Unknown;
  /// When this process last marked the prelude as used.
  std::chrono::steady_clock::time_point Marked;
};

namespace {

llvm::StringRef env(const char *Name) {
  const char *Value = std::getenv(Name);
  return Value ? Value : "";
}

/// Options whose value is a path, joined (`-Idir`, `--cuda-path=dir`) or
/// separate (`-I dir`).
constexpr llvm::StringLiteral PathOptions[] = {
    "-I",          "-isystem",         "-iquote",       "-idirafter",
    "-F",          "-iframework",      "-isysroot",     "-iprefix",
    "--sysroot=",  "--cuda-path=",     "-resource-dir=", "--gcc-toolchain=",
    "--gcc-install-dir=", "-cxx-isystem"};

/// Whether a path in \p Args is relative: then the working directory
/// decides what the prelude reads, and is part of the key.
bool mentionsRelativePath(llvm::ArrayRef<std::string> Args) {
  for (size_t I = 0; I < Args.size(); ++I)
    for (llvm::StringRef Option : PathOptions) {
      llvm::StringRef Arg = Args[I];
      if (!Arg.starts_with(Option))
        continue;
      llvm::StringRef Value = Arg.drop_front(Option.size());
      if (Value.empty() && !Option.ends_with("=") && I + 1 < Args.size())
        Value = Args[I + 1];
      if (!Value.empty() && !path::is_absolute(Value))
        return true;
    }
  return false;
}

/// What building a prelude saw.
struct PreludeRecord {
  bool ReachedUserHeader = false;
  std::string Inputs; ///< "SIZE MTIME PATH" lines.
};

/// GeneratePCHAction that also notes whether the prelude reached a header
/// the user owns (found on an -I path rather than a system one) and which
/// files it read, in a record that outlives it (ToolInvocation destroys the
/// action when it has run).
class RecordingPCHAction : public clang::GeneratePCHAction {
public:
  explicit RecordingPCHAction(PreludeRecord &Record) : Record(Record) {}

private:
  PreludeRecord &Record;

  /// Clang counts a header included from a system header as a system
  /// header, so the directory it was found in is what tells.
  class Watcher : public clang::PPCallbacks {
  public:
    Watcher(const clang::SourceManager &SM, clang::HeaderSearch &Search,
            bool &Reached)
        : SM(SM), Search(Search), Reached(Reached) {}
    void FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                     clang::SrcMgr::CharacteristicKind,
                     clang::FileID) override {
      if (Reason != EnterFile)
        return;
      clang::FileID FID = SM.getFileID(Loc);
      if (FID == SM.getMainFileID())
        return;
      if (clang::OptionalFileEntryRef File = SM.getFileEntryRefForID(FID))
        if (Search.getFileDirFlavor(*File) == clang::SrcMgr::C_User)
          Reached = true;
    }

  private:
    const clang::SourceManager &SM;
    clang::HeaderSearch &Search;
    bool &Reached;
  };

  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    clang::Preprocessor &PP = CI.getPreprocessor();
    PP.addPPCallbacks(std::make_unique<Watcher>(
        CI.getSourceManager(), PP.getHeaderSearchInfo(),
        Record.ReachedUserHeader));
    return GeneratePCHAction::BeginSourceFileAction(CI);
  }

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

/// Writes \p Text to \p Path whole or not at all; false if it could not.
bool store(llvm::StringRef Path, llvm::StringRef Text) {
  if (llvm::Error E = writeFileAtomically(Path, Text)) {
    llvm::consumeError(std::move(E));
    return false;
  }
  return true;
}

/// Whether every "SIZE MTIME PATH" line of \p Inputs still holds.
bool inputsUnchanged(llvm::StringRef Inputs) {
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Inputs.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Line : Lines) {
    auto [Size, Rest] = Line.split(' ');
    auto [Time, Path] = Rest.split(' ');
    fs::file_status Status;
    if (fs::status(Path, Status) ||
        std::to_string(Status.getSize()) != Size ||
        std::to_string(llvm::sys::toTimeT(Status.getLastModificationTime())) !=
            Time)
      return false;
  }
  return !Lines.empty();
}

/// Sets \p Path's modification time to now.
void markUsed(llvm::StringRef Path) {
  int FD;
  if (fs::openFileForRead(Path, FD))
    return;
  fs::setLastAccessAndModificationTime(FD, std::chrono::system_clock::now());
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
}

} // namespace

std::string PreludeCache::defaultDirectory() {
  llvm::SmallString<256> Dir;
  if (llvm::StringRef Explicit = env("CUDALOWER_CACHE_DIR"); !Explicit.empty()) {
    if (Explicit == "off")
      return "";
    Dir = Explicit;
  } else if (llvm::StringRef Xdg = env("XDG_CACHE_HOME"); !Xdg.empty()) {
    Dir = Xdg;
    path::append(Dir, "cuda-lower");
  } else if (llvm::StringRef Home = env("HOME"); !Home.empty()) {
    Dir = Home;
    path::append(Dir, ".cache", "cuda-lower");
  } else {
    return "";
  }
  path::append(Dir, "preludes");
  return std::string(Dir);
}

PreludeCache::PreludeCache(std::string Dir) : Dir(std::move(Dir)) {}
PreludeCache::~PreludeCache() = default;

bool PreludeCache::canPrecompile(llvm::ArrayRef<std::string> Args) {
  // What these add to the prelude is the user's, or is not a prelude.
  return llvm::none_of(Args, [](llvm::StringRef Arg) {
    return Arg.starts_with("-include") || Arg.starts_with("--include") ||
           Arg.starts_with("-imacros") || Arg == "-Xclang" ||
           Arg.starts_with("-fmodules") || Arg == "-nocudainc" ||
           Arg == "-E";
  });
}

std::string PreludeCache::keyOf(llvm::ArrayRef<std::string> Args,
                                llvm::StringRef WorkingDirectory) {
  llvm::SHA256 Hash;
  auto Add = [&](llvm::StringRef S) {
    Hash.update(S);
    Hash.update(llvm::StringRef("\0", 1));
  };
  Add("cuda-lower " CUDALOWER_VERSION_STRING);
  Add(clang::getClangFullVersion());
  llvm::ArrayRef<std::string> Command = Args.drop_back();
  if (mentionsRelativePath(Command))
    Add(WorkingDirectory);
  for (const std::string &Arg : Command)
    Add(Arg);
  return llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 32);
}

std::vector<std::string> PreludeCache::attach(std::vector<std::string> Args,
                                              llvm::StringRef WorkingDirectory) {
  if (Dir.empty() || Args.size() < 2 || !canPrecompile(Args))
    return Args;
  std::string Key = keyOf(Args, WorkingDirectory);
  if (std::optional<std::string> Pch = prelude(Key, Args, WorkingDirectory)) {
    Args.insert(Args.end() - 1, "-include-pch");
    Args.insert(Args.end() - 1, *Pch);
  }
  return Args;
}

PreludeCache::Entry &PreludeCache::entryFor(const std::string &Key) {
  std::lock_guard<std::mutex> Lock(Mutex);
  std::unique_ptr<Entry> &E = Entries[Key];
  if (!E)
    E = std::make_unique<Entry>();
  return *E;
}

std::optional<std::string>
PreludeCache::prelude(const std::string &Key, llvm::ArrayRef<std::string> Args,
                      llvm::StringRef WorkingDirectory) {
  Entry &E = entryFor(Key);
  std::lock_guard<std::mutex> Lock(E.Mutex);
  if (E.State == Entry::Unusable)
    return std::nullopt;
  std::string Pch = pathOf(Key, "pch");
  if (E.State == Entry::Ready)
    return keepInUse(E, Pch) ? std::optional<std::string>(Pch) : std::nullopt;
  if (isCurrent(Key)) {
    E.State = Entry::Ready;
    keepInUse(E, Pch);
    return Pch;
  }
  // A command line seen once may never come again: precompile the second
  // time, when the cost is sure to pay off.
  std::string Seen = pathOf(Key, "seen");
  if (!fs::exists(Seen)) {
    if (fs::create_directories(Dir) || !store(Seen, ""))
      E.State = Entry::Unusable; // no cache here: never try again
    return std::nullopt;
  }
  if (!build(Key, Args, WorkingDirectory)) {
    E.State = Entry::Unusable;
    return std::nullopt;
  }
  E.State = Entry::Ready;
  E.Marked = std::chrono::steady_clock::now();
  evictOld(Dir);
  return Pch;
}

bool PreludeCache::keepInUse(Entry &E, const std::string &Pch) {
  // Another process may have evicted it after this one's last mark (only
  // in runs longer than the grace period): parse without it rather than
  // fail on a missing file. A stat per parse costs nothing beside it.
  if (!fs::exists(Pch)) {
    E.State = Entry::Unknown;
    return false;
  }
  auto Now = std::chrono::steady_clock::now();
  if (E.Marked == std::chrono::steady_clock::time_point() ||
      Now - E.Marked >= RemarkInterval) {
    markUsed(Pch); // eviction keeps what was used last
    E.Marked = Now;
  }
  return true;
}

std::string PreludeCache::pathOf(const std::string &Key,
                                 llvm::StringRef Ext) const {
  llvm::SmallString<256> Path(Dir);
  path::append(Path, Key + "." + Ext);
  return std::string(Path);
}

bool PreludeCache::isCurrent(const std::string &Key) const {
  if (!fs::exists(pathOf(Key, "pch")))
    return false;
  auto Inputs = llvm::MemoryBuffer::getFile(pathOf(Key, "inputs"));
  return Inputs && inputsUnchanged((*Inputs)->getBuffer());
}

/// Precompiles the prelude of \p Args: the same command on an empty source,
/// emitting a PCH.
bool PreludeCache::build(const std::string &Key,
                         llvm::ArrayRef<std::string> Args,
                         llvm::StringRef WorkingDirectory) {
  llvm::SmallString<256> Empty(Dir);
  path::append(Empty, "empty.cu");
  // Created once and never replaced: every prelude records its time.
  int FD;
  if (std::error_code EC =
          fs::openFileForWrite(Empty, FD, fs::CD_CreateNew)) {
    if (EC != std::errc::file_exists)
      return false;
  } else {
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  }
  llvm::SmallString<256> Temp;
  if (fs::createUniqueFile(pathOf(Key, "pch-%%%%%%%%.tmp"), Temp))
    return false;
  std::vector<std::string> Command;
  for (const std::string &Arg : Args.drop_back())
    if (Arg != "-fsyntax-only")
      Command.push_back(Arg);
  for (const char *Arg : {"-S", "-Xclang", "-emit-pch", "-o"})
    Command.push_back(Arg);
  Command.push_back(std::string(Temp));
  Command.push_back(std::string(Empty));

  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
      llvm::vfs::createPhysicalFileSystem();
  FS->setCurrentWorkingDirectory(WorkingDirectory);
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), FS);
  PreludeRecord Recorded;
  auto Action = std::make_unique<RecordingPCHAction>(Recorded);
  clang::DiagnosticConsumer Quiet;
  clang::tooling::ToolInvocation Invocation(Command, std::move(Action),
                                            Files.get());
  Invocation.setDiagnosticConsumer(&Quiet);
  bool Built = Invocation.run() && Quiet.getNumErrors() == 0 &&
               !Recorded.ReachedUserHeader && !Recorded.Inputs.empty();
  if (Built && store(pathOf(Key, "inputs"), Recorded.Inputs) &&
      !fs::rename(Temp, pathOf(Key, "pch")))
    return true;
  fs::remove(Temp);
  return false;
}

/// Keeps the MaxEntries most recently used preludes, never one used within
/// the grace period (a run in progress marks its preludes at least every
/// RemarkInterval); removes markers of command lines seen once long ago and
/// temporaries a killed builder left.
void PreludeCache::evictOld(llvm::StringRef Dir) {
  auto Now = std::chrono::system_clock::now();
  std::vector<std::pair<llvm::sys::TimePoint<>, std::string>> Preludes;
  std::error_code EC;
  for (fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    fs::file_status Status;
    if (fs::status(It->path(), Status))
      continue;
    llvm::StringRef Ext = path::extension(It->path());
    auto Age = Now - Status.getLastModificationTime();
    if (Ext == ".pch")
      Preludes.emplace_back(Status.getLastModificationTime(), It->path());
    else if ((Ext == ".seen" || Ext == ".tmp") && Age > StaleAfter)
      fs::remove(It->path());
  }
  if (Preludes.size() <= MaxEntries)
    return;
  std::sort(Preludes.begin(), Preludes.end());
  for (size_t I = 0; I + MaxEntries < Preludes.size(); ++I) {
    if (Now - Preludes[I].first < EvictionGrace)
      break; // sorted: the rest were used more recently still
    llvm::SmallString<256> Stem(Preludes[I].second);
    path::replace_extension(Stem, "");
    for (const char *Ext : {".pch", ".inputs", ".seen"})
      fs::remove(Stem + Ext);
  }
}

} // namespace cudalower

//===--- PreludeCache.cpp - Precompiled CUDA preludes ---------------------===//

#include "Driver/PreludeCache.h"
#include "Driver/PreludeBuild.h"
#include "cudalower/Version.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstdlib>

namespace cudalower {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

struct PreludeCache::Entry {
  std::mutex Mutex;
  enum { Unknown, Ready, Unusable } State = Unknown;
  /// The source for which this process marked the key as seen.
  std::string SeenFor;
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

/// Writes \p Text to \p Path whole or not at all; false if it could not.
bool store(llvm::StringRef Path, llvm::StringRef Text) {
  // LLVM's temporary-and-rename, not the writer of the user's files: the
  // cache's files have no owner, links or locks to keep, and that writer's
  // test hooks (docs/reliability.md) are for the user's files alone.
  if (llvm::Error E = llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
        OS << Text;
        return llvm::Error::success();
      })) {
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
  std::string Root = userCacheDirectory();
  if (Root.empty())
    return "";
  llvm::SmallString<256> Dir(Root);
  path::append(Dir, "preludes");
  return std::string(Dir);
}

std::string userCacheDirectory() {
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
                                llvm::StringRef WorkingDirectory,
                                llvm::ArrayRef<std::string> Leading,
                                llvm::StringRef OwnedKey) {
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
  if (!Leading.empty()) {
    Add("leading includes");
    for (const std::string &Header : Leading)
      Add(Header);
    // What the project owns may not be in it: a prelude built under
    // another root may hold some of it.
    Add(OwnedKey);
  }
  return llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 32);
}

std::vector<std::string>
PreludeCache::attach(std::vector<std::string> Args,
                     llvm::StringRef WorkingDirectory,
                     llvm::ArrayRef<std::string> Leading) {
  if (Dir.empty() || Args.size() < 2 || !canPrecompile(Args))
    return Args;
  std::optional<std::string> Pch;
  if (!Leading.empty())
    Pch = prelude(keyOf(Args, WorkingDirectory, Leading, Owned.key()), Args,
                  WorkingDirectory, Leading);
  if (!Pch)
    Pch = prelude(keyOf(Args, WorkingDirectory), Args, WorkingDirectory, {});
  if (Pch) {
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
                      llvm::StringRef WorkingDirectory,
                      llvm::ArrayRef<std::string> Leading) {
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
  if (!Leading.empty() && fs::exists(pathOf(Key, "plain"))) {
    E.State = Entry::Unusable;
    return std::nullopt;
  }
  // A command line seen once may never come again: precompile the second
  // time, when the cost is sure to pay off.
  std::string Seen = pathOf(Key, "seen");
  if (!fs::exists(Seen)) {
    if (fs::create_directories(Dir) || !store(Seen, ""))
      E.State = Entry::Unusable; // no cache here: never try again
    E.SeenFor = Args.back();
    return std::nullopt;
  }
  // Leading includes are a source's own: its next parse in this process
  // (verification) is no sign that another source shares them, or that it
  // is built again. Another source, or a later run, is.
  if (!Leading.empty() && E.SeenFor == Args.back())
    return std::nullopt;
  if (!build(Key, Args, WorkingDirectory, Leading)) {
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

/// The source a prelude is precompiled from: `empty.cu`, or for leading
/// includes `KEY.cu` with their lines. Created once and never replaced:
/// every prelude records its time, and Clang checks it when the prelude is
/// used. A writer killed half-way leaves a prefix of the lines (which the
/// source includes again all the same) or a line that does not compile
/// (then no prelude is built).
std::optional<std::string>
PreludeCache::sourceFor(const std::string &Key,
                        llvm::ArrayRef<std::string> Leading) {
  llvm::SmallString<256> Source(Dir);
  path::append(Source, Leading.empty() ? "empty.cu" : Key + ".cu");
  int FD;
  if (std::error_code EC =
          fs::openFileForWrite(Source, FD, fs::CD_CreateNew)) {
    if (EC != std::errc::file_exists)
      return std::nullopt;
    return std::string(Source);
  }
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    for (const std::string &Header : Leading)
      OS << "#include <" << Header << ">\n";
  }
  return std::string(Source);
}

/// Precompiles the prelude of \p Args: the same command on an empty source,
/// or on one with the \p Leading includes, emitting a PCH.
bool PreludeCache::build(const std::string &Key,
                         llvm::ArrayRef<std::string> Args,
                         llvm::StringRef WorkingDirectory,
                         llvm::ArrayRef<std::string> Leading) {
  std::optional<std::string> Source = sourceFor(Key, Leading);
  if (!Source)
    return false;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
      llvm::vfs::createPhysicalFileSystem();
  FS->setCurrentWorkingDirectory(WorkingDirectory);
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), FS);
  if (!Leading.empty() &&
      !worthAPrelude(Args.drop_back(), *Source, &Owned, *Files)) {
    // Say so to the other processes too.
    store(pathOf(Key, "plain"), "");
    return false;
  }
  llvm::SmallString<256> Temp;
  if (fs::createUniqueFile(pathOf(Key, "pch-%%%%%%%%.tmp"), Temp))
    return false;
  std::string Inputs;
  bool Built = precompilePrelude(Args.drop_back(), *Source, std::string(Temp),
                                 Leading.empty() ? nullptr : &Owned, *Files,
                                 Inputs);
  if (Built && !Leading.empty())
    Built = includesReadNothingAfter(Args.drop_back(), std::string(Temp),
                                     *Source, *Files);
  if (Built && store(pathOf(Key, "inputs"), Inputs) &&
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
    else if ((Ext == ".seen" || Ext == ".plain" || Ext == ".tmp" ||
              Ext.starts_with(".temp-stream-")) && // store()'s, if killed
             Age > StaleAfter)
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
    for (const char *Ext : {".pch", ".inputs", ".seen", ".cu"})
      fs::remove(Stem + Ext);
  }
}

} // namespace cudalower

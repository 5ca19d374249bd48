//===--- MigrateBuild.cpp - --migrate-build -------------------------------===//
//
// The flow: every source the build compiles must pass the exit-0 contract
// (a --check run each); then the build scripts and the sources' guards are
// scanned, the uses the scanners understood are removed, the others are
// reported, and the result is printed as a diff or written atomically.
//
//===----------------------------------------------------------------------===//

#include "Driver/CompilationSetup.h"
#include "Migration/BuildScripts.h"
#include "Migration/SourceGuards.h"
#include "Output/DiagnosticPrinter.h"
#include "Output/FileWriter.h"
#include "Output/UnifiedDiff.h"
#include "cudalower/Migration.h"
#include "cudalower/Tool.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalower {
namespace {

constexpr const char *RuleName = "migrate-build";

bool isCxxSource(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  for (llvm::StringRef E : {".cu", ".cuh", ".cpp", ".cc", ".cxx", ".h", ".hpp",
                            ".hh", ".hxx", ".inl", ".ipp", ".tcc"})
    if (Ext == E)
      return true;
  return false;
}

/// Build scripts and C++ files under \p Root; build trees (holding
/// CMakeCache.txt), hidden directories and \p Skip are not entered.
void collectFiles(llvm::StringRef Root, llvm::StringRef Skip,
                  std::vector<std::string> &Scripts,
                  std::vector<std::string> &Sources) {
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Path = It->path();
    llvm::StringRef Name = llvm::sys::path::filename(Path);
    if (It->type() == llvm::sys::fs::file_type::directory_file) {
      llvm::SmallString<256> Cache(Path);
      llvm::sys::path::append(Cache, "CMakeCache.txt");
      if (Name.starts_with(".") || llvm::sys::fs::exists(Cache) ||
          (!Skip.empty() && llvm::sys::fs::equivalent(Path, Skip)))
        It.no_push();
      continue;
    }
    if (scriptKindOf(Path) != ScriptKind::Unknown)
      Scripts.push_back(Path.str());
    else if (isCxxSource(Path))
      Sources.push_back(Path.str());
  }
  llvm::sort(Scripts);
  llvm::sort(Sources);
}

/// CMAKE_TOOLCHAIN_FILE of the build tree \p BuildDir (its CMakeCache.txt)
/// and of the configure presets among \p Scripts (`toolchainFile`, or the
/// cache variable), as absolute paths; `${sourceDir}` is the presets
/// file's directory.
std::vector<std::string> toolchainFiles(llvm::StringRef BuildDir,
                                        llvm::ArrayRef<std::string> Scripts) {
  std::vector<std::string> Out;
  auto Add = [&](llvm::StringRef Path, llvm::StringRef Dir) {
    std::string P = Path.str();
    if (size_t At = P.find("${sourceDir}"); At != std::string::npos)
      P.replace(At, llvm::StringRef("${sourceDir}").size(), Dir.str());
    llvm::SmallString<256> Abs(P);
    if (!llvm::sys::path::is_absolute(Abs)) {
      Abs = Dir;
      llvm::sys::path::append(Abs, P);
    }
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    if (!P.empty() && llvm::sys::fs::is_regular_file(Abs) &&
        !llvm::is_contained(Out, std::string(Abs)))
      Out.push_back(std::string(Abs));
  };
  if (!BuildDir.empty()) {
    llvm::SmallString<256> Cache(BuildDir);
    llvm::sys::path::append(Cache, "CMakeCache.txt");
    if (auto Buffer = llvm::MemoryBuffer::getFile(Cache)) {
      llvm::SmallVector<llvm::StringRef, 0> Lines;
      (*Buffer)->getBuffer().split(Lines, '\n');
      for (llvm::StringRef L : Lines)
        if (L.consume_front("CMAKE_TOOLCHAIN_FILE:"))
          Add(L.split('=').second.trim(), BuildDir);
    }
  }
  for (const std::string &S : Scripts) {
    if (scriptKindOf(S) != ScriptKind::CMakePresets)
      continue;
    auto Buffer = llvm::MemoryBuffer::getFile(S);
    if (!Buffer)
      continue;
    auto Json = llvm::json::parse((*Buffer)->getBuffer());
    if (!Json) {
      llvm::consumeError(Json.takeError());
      continue;
    }
    const llvm::json::Object *Root = Json->getAsObject();
    const llvm::json::Array *Presets =
        Root ? Root->getArray("configurePresets") : nullptr;
    llvm::StringRef Dir = llvm::sys::path::parent_path(S);
    for (const llvm::json::Value &V : Presets ? *Presets : llvm::json::Array()) {
      const llvm::json::Object *Preset = V.getAsObject();
      if (!Preset)
        continue;
      if (auto T = Preset->getString("toolchainFile"))
        Add(*T, Dir);
      if (const llvm::json::Object *Cache = Preset->getObject("cacheVariables")) {
        if (auto T = Cache->getString("CMAKE_TOOLCHAIN_FILE"))
          Add(*T, Dir);
        else if (const llvm::json::Object *O =
                     Cache->getObject("CMAKE_TOOLCHAIN_FILE"))
          if (auto T = O->getString("value"))
            Add(*T, Dir);
      }
    }
  }
  return Out;
}

/// The sources whose lowering must be clean: those given, else every file
/// of the compile database under \p Root.
llvm::Expected<std::vector<std::string>>
contractSources(const ToolOptions &Opts, llvm::StringRef Root) {
  if (!Opts.Sources.empty())
    return Opts.Sources;
  if (Opts.BuildPath.empty())
    return llvm::createStringError(
        "--migrate-build needs the sources the build compiles: -p BUILD (its "
        "compile_commands.json) or source files");
  auto Db = loadBuildDatabase(Opts.BuildPath);
  if (!Db)
    return Db.takeError();
  std::vector<std::string> Out;
  for (const std::string &F : Db->Database->getAllFiles())
    if (llvm::StringRef(F).starts_with((Root + "/").str()))
      Out.push_back(F);
  return Out;
}

/// A file's scan: its text, the uses found, and what removing them gives.
struct FileResult {
  std::string Path;
  std::string Old;
  std::vector<FlagUse> Uses;
  clang::tooling::Replacements Edits;
  std::string New;
};

/// The real file system with the sources as migration leaves them (their
/// `#error` guards gone): the contract is checked on what will be built.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
migratedSources(const std::vector<FileResult> &Results) {
  // A physical file system of its own: the process-wide real one would
  // move the process's working directory with the run's.
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::createPhysicalFileSystem());
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const FileResult &R : Results)
    if (!R.Edits.empty() && scriptKindOf(R.Path) == ScriptKind::Unknown)
      Memory->addFile(R.Path, 0, llvm::MemoryBuffer::getMemBufferCopy(R.New));
  Overlay->pushOverlay(Memory);
  return Overlay;
}

/// A source that does not pass `--check` (it still needs rewriting, or a
/// rule or verification reported an error): its exit code, and the first
/// error the run printed, if any.
struct Failure {
  std::string Source;
  int Code = 0;
  std::string FirstError;
};

std::vector<Failure>
sourcesNeedingFlags(const ToolOptions &Opts,
                    const std::vector<std::string> &Sources,
                    const std::vector<FileResult> &Results) {
  std::vector<Failure> Failing;
  for (const std::string &S : Sources) {
    // A run sets its working directory in the file system it is given: one
    // each, so that relative paths mean the same in every run.
    auto FS = migratedSources(Results);
    ToolOptions One = Opts;
    One.Sources = {S};
    One.Mode = OutputMode::Check;
    One.Quiet = true;
    One.Color = false;
    std::string Diff, Messages;
    llvm::raw_string_ostream DiffOS(Diff), MessagesOS(Messages);
    int Code = runTool(One, DiffOS, MessagesOS, FS);
    if (!Code)
      continue;
    Failure F{S, Code, ""};
    llvm::SmallVector<llvm::StringRef, 16> Lines;
    llvm::StringRef(Messages).split(Lines, '\n');
    for (llvm::StringRef L : Lines)
      if (L.contains(" error: ")) {
        F.FirstError = L.str();
        break;
      }
    Failing.push_back(std::move(F));
  }
  return Failing;
}

Diagnostic diagnosticFor(llvm::StringRef Path, llvm::StringRef Text,
                         const FlagUse &U) {
  Diagnostic D;
  D.Rule = RuleName;
  D.File = Path.str();
  D.Offset = U.Offset;
  llvm::StringRef Before = Text.take_front(U.Offset);
  D.Line = Before.count('\n') + 1;
  size_t LineStart = Before.rfind('\n');
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  D.Column = U.Offset - LineStart + 1;
  D.SourceLine = Text.slice(LineStart, Text.find('\n', LineStart)).str();
  bool IsMacro = llvm::StringRef(U.Flag).starts_with("__");
  if (U.Removable)
    D.Message = IsMacro ? "check for " + U.Flag + " removed: the lowered "
                                                 "sources no longer need it"
                        : "nvcc flag '" + U.Flag + "' removed";
  else
    D.Message = (IsMacro ? U.Flag : "nvcc flag '" + U.Flag + "'") +
                " not removed: " + U.Note;
  if (U.Removable && !U.Note.empty())
    D.Message += " (" + U.Note + ")";
  return D;
}

/// The removals of \p Uses as Replacements, overlapping ranges merged.
clang::tooling::Replacements removals(llvm::StringRef Path,
                                      const std::vector<FlagUse> &Uses) {
  clang::tooling::Replacements Out;
  for (const ScriptEdit &E : mergedEdits(Uses))
    llvm::cantFail(Out.add(
        clang::tooling::Replacement(Path, E.Begin, E.End - E.Begin, E.Text)));
  return Out;
}

/// Scans \p Path as a build script (\p IsScript) or a C++ source.
llvm::Expected<FileResult> scanFile(const std::string &Path, bool IsScript) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return llvm::createStringError("cannot read '" + Path +
                                   "': " + Buffer.getError().message());
  FileResult R;
  R.Path = Path;
  R.Old = (*Buffer)->getBuffer().str();
  ScriptKind Kind = scriptKindOf(Path);
  if (IsScript && Kind == ScriptKind::Unknown)
    return llvm::createStringError(
        "'" + Path + "' is no build script cuda-lower reads (CMakeLists.txt, "
                     "*.cmake, CMakePresets.json, CMakeUserPresets.json, "
                     "Makefile, *.mk, setup.py)");
  R.Uses = IsScript ? scanBuildScript(Kind, R.Old) : scanSourceGuards(R.Old);
  R.Edits = removals(Path, R.Uses);
  auto New = clang::tooling::applyAllReplacements(R.Old, R.Edits);
  if (!New)
    return New.takeError();
  R.New = std::move(*New);
  return R;
}

/// Prints the diagnostics of \p Results, then the diffs or writes the files.
/// \returns true if every use was removed (and written).
bool emitResults(const ToolOptions &Opts,
                 const std::vector<FileResult> &Results, llvm::raw_ostream &Out,
                 llvm::raw_ostream &Err) {
  bool AllRemoved = true;
  for (const FileResult &R : Results)
    for (const FlagUse &U : R.Uses) {
      printDiagnostic(Err, diagnosticFor(displayPath(R.Path), R.Old, U),
                      Opts.Color);
      AllRemoved &= U.Removable;
    }
  for (const FileResult &R : Results) {
    if (R.Edits.empty())
      continue;
    if (Opts.Mode != OutputMode::InPlace) {
      // Named as the lowering's diffs name files: relative to where the
      // user is, for `git apply` there.
      Out << unifiedDiff(displayPath(R.Path), R.Old, R.Edits);
      continue;
    }
    if (llvm::Error E = writeFileAtomically(R.Path, R.New, R.Old)) {
      Err << "cuda-lower: error: " << displayPath(R.Path) << ": "
          << llvm::toString(std::move(E)) << '\n';
      AllRemoved = false;
    }
  }
  return AllRemoved;
}

} // namespace

int runMigrateBuild(const ToolOptions &Opts, const MigrateBuildOptions &M,
                    llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  auto Fail = [&](llvm::Error E, int Code) {
    Err << "cuda-lower: error: " << llvm::toString(std::move(E)) << '\n';
    return Code;
  };
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  auto RootOr = findProjectRoot(
      Opts.InRoot,
      Opts.Sources.empty() ? std::string(Cwd) + "/." : Opts.Sources.front(),
      *llvm::vfs::getRealFileSystem());
  if (!RootOr)
    return Fail(RootOr.takeError(), UsageError);
  std::string Root = *RootOr;
  auto Sources = contractSources(Opts, Root);
  if (!Sources)
    return Fail(Sources.takeError(), UsageError);

  std::vector<std::string> Scripts, CxxFiles;
  std::string BuildDir;
  if (!Opts.BuildPath.empty())
    BuildDir = llvm::sys::fs::is_directory(Opts.BuildPath)
                   ? Opts.BuildPath
                   : llvm::sys::path::parent_path(Opts.BuildPath).str();
  collectFiles(Root, BuildDir, Scripts, CxxFiles);
  if (!M.Scripts.empty())
    Scripts = M.Scripts;
  // The toolchain files the build names: read where they are; edited only
  // under the root (one outside it may serve other projects).
  std::vector<std::string> OutsideToolchains;
  if (M.Scripts.empty())
    for (const std::string &T : toolchainFiles(BuildDir, Scripts)) {
      bool Seen = llvm::any_of(Scripts, [&](const std::string &S) {
        return llvm::sys::fs::equivalent(S, T);
      });
      if (Seen)
        continue;
      if (llvm::StringRef(T).starts_with(Root + "/"))
        Scripts.push_back(T);
      else
        OutsideToolchains.push_back(T);
    }
  if (Scripts.empty() && OutsideToolchains.empty())
    return Fail(llvm::createStringError("no build script found under " + Root +
                                        " (CMakeLists.txt, *.cmake, "
                                        "CMakePresets.json, Makefile, *.mk, "
                                        "setup.py); nothing to migrate"),
                RewritesNeeded);
  std::vector<FileResult> Results;
  for (const std::string &S : Scripts) {
    auto R = scanFile(S, /*IsScript=*/true);
    if (!R)
      return Fail(R.takeError(), UsageError);
    Results.push_back(std::move(*R));
  }
  for (const std::string &T : OutsideToolchains) {
    auto R = scanFile(T, /*IsScript=*/true);
    if (!R)
      return Fail(R.takeError(), UsageError);
    for (FlagUse &U : R->Uses) {
      U.Removable = false;
      U.Note = "in the toolchain file of the build, outside the project "
               "root; not edited";
    }
    R->Edits = clang::tooling::Replacements();
    R->New = R->Old;
    Results.push_back(std::move(*R));
  }
  for (const std::string &S : CxxFiles) {
    auto R = scanFile(S, /*IsScript=*/false);
    if (!R)
      return Fail(R.takeError(), UsageError);
    Results.push_back(std::move(*R));
  }

  if (!M.AssumeLowered) {
    auto Failing = sourcesNeedingFlags(Opts, *Sources, Results);
    if (!Failing.empty()) {
      for (const Failure &F : Failing) {
        Err << displayPath(F.Source) << ": error: still needs the nvcc flags "
            << "(cuda-lower --check exits " << F.Code << "); lower it first ["
            << RuleName << "]\n";
        if (!F.FirstError.empty())
          Err << "  first error: " << F.FirstError << '\n';
      }
      Err << "cuda-lower: error: " << Failing.size() << " of "
          << Sources->size()
          << " sources still need the flags; the build was not changed\n";
      return RewritesNeeded;
    }
  }
  bool AnyEdit = llvm::any_of(
      Results, [](const FileResult &R) { return !R.Edits.empty(); });
  if (!emitResults(Opts, Results, Out, Err))
    return RewritesNeeded;
  return Opts.Mode == OutputMode::Check && AnyEdit ? RewritesNeeded : Success;
}

} // namespace cudalower

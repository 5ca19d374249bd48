//===--- CompilationSetup.h - How each source is parsed ---------*- C++ -*-===//
#pragma once

#include "Driver/NvccFlags.h"
#include "Nvcc/PredefinedMacros.h"
#include "Driver/PreludeCache.h"
#include "cudalower/Options.h"
#include "cudalower/Rule.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
}

namespace cudalower {

/// The passes \p Sel parses, host first: the rules' parse and verification
/// go through them in the same order.
std::vector<CompilationPass> passesFor(PassSelection Sel);

/// Finds the CUDA toolkit: \p Explicit, then $CUDA_PATH, $CUDA_HOME, the
/// parent of the directory holding `nvcc` on PATH, then the built-in default.
/// A candidate counts only if it has include/cuda_runtime.h.
llvm::Expected<std::string> findCudaPath(llvm::StringRef Explicit);

/// The directory whose files the user owns: \p Explicit if given, else the
/// enclosing git work tree of \p FirstSource, else its directory; looked
/// up in \p FS.
llvm::Expected<std::string> findProjectRoot(llvm::StringRef Explicit,
                                            llvm::StringRef FirstSource,
                                            llvm::vfs::FileSystem &FS);

/// How a parse should read the code.
enum class Semantics {
  /// As nvcc with --extended-lambda --expt-relaxed-constexpr reads it: the
  /// flags the input was written for.
  WithNvccFlags,
  /// As plain nvcc reads it: the flags' macros are undefined. Used to
  /// verify the output.
  PlainNvcc,
};

/// Checks that \p Arch (e.g. "sm_90") is an NVIDIA GPU architecture Clang
/// knows; \p From says where it came from, for the message.
llvm::Error checkGpuArch(llvm::StringRef Arch, const llvm::Twine &From);

/// Loads compile_commands.json at \p Json. An entry whose `directory` is
/// relative (the specification asks for an absolute one) is taken relative
/// to the folder holding the file, as the file's own relative paths are.
std::unique_ptr<clang::tooling::CompilationDatabase>
loadCompileDatabase(llvm::StringRef Json, std::string &Error);

/// The compile database of a build, as -p names it.
struct BuildDatabase {
  std::string File; ///< The compile_commands.json read, as named.
  std::unique_ptr<clang::tooling::CompilationDatabase> Database;
};

/// Loads the database -p \p BuildPath names: a directory holding
/// compile_commands.json, or that file. The error says which file and why
/// (missing, or what the loader could not read).
llvm::Expected<BuildDatabase> loadBuildDatabase(llvm::StringRef BuildPath);

/// Checks the sources exist in \p FS and are C++/CUDA; returns their real
/// paths.
llvm::Expected<std::vector<std::string>>
resolveSources(const std::vector<std::string> &Sources,
               llvm::vfs::FileSystem &FS);

/// A source outside every project root \p Roots (with trailing separators)
/// would be parsed but never edited, and --check would pass on it: the root
/// must hold every source. \p InRoot is --in-root, for the message.
llvm::Error checkSourcesUnderRoot(const std::vector<std::string> &Sources,
                                  const std::vector<std::string> &Roots,
                                  llvm::StringRef InRoot);

/// Builds the Clang command lines for every source, once per pass.
class CompilationSetup {
public:
  static llvm::Expected<std::unique_ptr<CompilationSetup>>
  create(const ToolOptions &Opts);
  ~CompilationSetup();

  /// The argv (starting with a compiler name) that parses \p File (absolute)
  /// for \p Pass, including -fsyntax-only and the file itself.
  std::vector<std::string>
  commandFor(llvm::StringRef File, CompilationPass Pass,
             Semantics Sem = Semantics::WithNvccFlags) const;
  /// commandFor, with a precompiled prelude when the cache has one for it
  /// (PreludeCache.h): the parses of the rules and of verification. An
  /// exported command never names one. \p Text: the file as the parse
  /// reads it, whose leading `#include <...>` lines the prelude may hold.
  std::vector<std::string>
  parseCommandFor(llvm::StringRef File, CompilationPass Pass,
                  Semantics Sem = Semantics::WithNvccFlags,
                  llvm::StringRef Text = {}) const;
  /// The project's root (with a trailing separator): no precompiled
  /// prelude holds a file under it.
  void setOwnedFiles(const OwnedFiles &Owned) {
    if (Prelude)
      Prelude->setOwnedFiles(Owned);
  }
  /// The directory the command runs in: its entry's, else the directory
  /// the tool was run in.
  std::string directoryFor(llvm::StringRef File) const;
  /// The directory the tool was run in (where the user is).
  const std::string &toolDirectory() const { return ToolDirectory; }
  /// Reads the compile command of every source now (option files expanded,
  /// the GPU architecture checked), so that a bad one is a usage error
  /// naming it before anything is parsed. commandFor and directoryFor then
  /// use what was read here; with a compile database, a source must be
  /// prepared before they are asked about it.
  llvm::Error prepare(llvm::ArrayRef<std::string> Sources);
  const std::string &cudaPath() const { return CudaPath; }

  /// Whole-project runs (lib/Driver/ProjectSources.h).
  /// The compile database of -p, if any, and its file.
  const clang::tooling::CompilationDatabase *database() const {
    return Database.get();
  }
  const std::string &databaseFile() const { return DatabaseFile; }
  /// Warnings and notes about the commands (a source without an entry, a
  /// flag Clang does not know), each a line, for the caller to print.
  const std::vector<std::string> &messages() const { return Messages; }

private:
  /// Drops the flags of \p Args Clang does not know, with a note naming
  /// \p From.
  void dropUnknownFlags(std::vector<std::string> &Args, llvm::StringRef From);
  std::string DatabaseFile;
  std::vector<std::string> ExtraArgs, ExtraArgsBefore; ///< Checked copies.
  std::vector<std::string> Messages;

  /// A source's entry in the database, as commandFor uses it.
  struct SourceCommand {
    std::string Directory; ///< Empty: no entry; parse in the working dir.
    ParsedCompileCommand Parsed;
  };
  CompilationSetup() = default;
  llvm::Expected<SourceCommand> readCommand(llvm::StringRef File) const;
  SourceCommand commandOf(llvm::StringRef File) const;
  std::map<std::string, SourceCommand> Prepared;

  /// nvcc's predefined macros for \p Archs, asked of nvcc once per set.
  const NvccPredefines &nvccPredefines(
      const std::vector<std::string> &Archs) const;

  /// The private header directory of host compiler \p Ccbin (-ccbin),
  /// asked of it once per compiler.
  const std::string &hostCompilerIncludeDir(const std::string &Ccbin) const;

  const ToolOptions *Opts = nullptr;
  std::string CudaPath;
  std::string ToolDirectory;
  std::shared_ptr<const clang::tooling::CompilationDatabase> Database;
  std::unique_ptr<PreludeCache> Prelude; ///< Null: --no-prelude-cache.
  mutable std::mutex PredefinesMutex;
  mutable std::map<std::vector<std::string>, NvccPredefines> Predefines;
  mutable std::mutex HostIncludeMutex;
  mutable std::map<std::string, std::string> HostIncludeDirs;
};

} // namespace cudalower

//===--- Options.h - What a cuda-lower run is asked to do -------*- C++ -*-===//
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
} // namespace clang::tooling

namespace cudalower {

/// Where the rewritten text goes.
enum class OutputMode {
  Stdout,  ///< Print the rewritten main file (one input only).
  File,    ///< Write the rewritten main file to ToolOptions::OutputFile.
  InPlace, ///< Rewrite every edited file the user owns, atomically.
  Diff,    ///< Print a unified diff of every edited file.
  Check,   ///< Like Diff, and exit with ExitCode::RewritesNeeded if any.
  /// Write every edited file under ToolOptions::OverlayDir, at its absolute
  /// path appended (`DIR/home/me/src/x.cu`); the originals are untouched.
  /// For cuda-lower-nvcc's private copies.
  Overlay,
  OutRoot, ///< Write the edited files under ToolOptions::OutRoot.
  /// Write no source and print no text: only the CI files (--export-fixes
  /// alone, as clang-tidy takes it), for any number of sources.
  FixesOnly,
};

/// With ToolOptions::LowerDependencies and OutputMode::OutRoot, the lowered
/// copies of the libraries' headers go under this directory of the
/// out-root, each at its absolute path (`OUT/.cuda-lower-deps/opt/lib/x.h`).
inline constexpr const char *DependencyDirName = ".cuda-lower-deps";

/// Which compilation passes to parse. Both is the only mode that sees code
/// under `#ifdef __CUDA_ARCH__` and its `#else`; the others exist for speed
/// and for debugging a rule.
enum class PassSelection { Both, HostOnly, DeviceOnly };

/// Process exit codes, documented in `--help` and docs/usage.md.
enum ExitCode : int {
  Success = 0,
  RewritesNeeded = 1, ///< --check found edits, or a rule reported an error.
  UsageError = 2,     ///< Bad options, missing files, unreadable database.
  ParseError = 3,     ///< A source did not parse; nothing was written.
  /// The tool crashed on a source: nothing was written for it, the other
  /// sources were processed.
  InternalError = 4,
};

/// Everything the library needs to run; tools fill it from their flags.
struct ToolOptions {
  std::vector<std::string> Sources;
  /// Directory holding compile_commands.json; empty for CUDA defaults.
  std::string BuildPath;
  /// The compile database in memory: the one the run loaded from BuildPath
  /// (once: every part of the run reads this), or the wrapper's one
  /// command. When set, BuildPath is not read again.
  std::shared_ptr<const clang::tooling::CompilationDatabase> Database;
  /// How messages name Database (its file, or what it holds).
  std::string DatabaseName;
  /// Arguments after `--`, appended to every compile command.
  std::vector<std::string> ExtraArgs;
  /// Toolkit root; empty means search CUDA_PATH, CUDA_HOME, nvcc on PATH,
  /// then /usr/local/cuda.
  std::string CudaPath;
  /// GPU architecture given to Clang when the command names none.
  std::string GpuArch = "sm_90";
  /// Edits land only in files under this directory; empty means the
  /// enclosing git work tree of the first source, else its directory.
  std::string InRoot;
  /// Further directories whose files are edited too (--in-root given more
  /// than once): a library the project uses, kept beside it.
  std::vector<std::string> MoreRoots;
  /// Also lower the headers of the libraries the project uses, wherever
  /// they are (any file outside the toolkit's and the system's include
  /// trees); with OutputMode::OutRoot or Overlay only: their lowered copies
  /// go under the out-root's DependencyDirName, never over the originals.
  bool LowerDependencies = false;
  /// OutputMode::Overlay: these headers of libraries (absolute paths) are
  /// lowered too; cuda-lower-nvcc names those its pre-scan found an
  /// annotated lambda in.
  std::vector<std::string> DependencyHeaders;
  OutputMode Mode = OutputMode::Stdout;
  std::string OutputFile;
  PassSelection Passes = PassSelection::Both;
  /// OutputMode::Overlay: the directory the edited files are written under.
  std::string OverlayDir;
  /// OutputMode::Overlay: put `#line` directives in what is written, so
  /// that a compiler names the original files and lines.
  bool LineMarkers = false;
  /// Rules to run; empty means every rule enabled by default.
  std::vector<std::string> EnabledRules;
  std::vector<std::string> DisabledRules;
  /// Per-rule options, as `rule.option=value` strings; runTool checks each
  /// against the options the rule declares (Rule::declaredOptions) and
  /// their types, and refuses an unknown key or a bad value (UsageError).
  std::vector<std::string> RuleOptions;
  bool Color = false;
  bool Quiet = false;
  /// Parse the output again, as plain nvcc reads it, before writing it, and
  /// report what still needs a flag (docs/usage.md#verification).
  bool Verify = true;
  /// Reuse precompiled CUDA preludes kept in the user's cache directory
  /// (docs/usage.md#precompiled-preludes); off: --no-prelude-cache.
  bool PreludeCache = true;
  /// Whole projects (docs/usage.md#whole-projects).
  /// Inserted after the compiler name of every command (--extra-arg-before).
  std::vector<std::string> ExtraArgsBefore;
  /// Sources parsed at once; 0 means one per core (-j).
  unsigned Jobs = 0;
  /// Progress is redrawn in place (stderr is a terminal) rather than
  /// printed as one line per source.
  bool ProgressOnTerminal = false;
  /// OutputMode::OutRoot: where the migrated copy of the --in-root tree
  /// goes; with CopyAll, unchanged files are copied too.
  std::string OutRoot;
  bool CopyAll = false;
  /// --shard K/N: only the K-th of N slices of the sources (sorted by path,
  /// every N-th), so that N runs share a migration (docs/scaling.md).
  std::string Shard;

  /// Test hook (hidden option): `RULE` or `RULE@NAME`: the rule crashes on
  /// its first match in every source (whose file name contains NAME), so
  /// that crash recovery can be tested.
  std::string TestCrashInRule;

  // --explain FILE:LINE[:COL] (lib/Explain): only the findings at that line
  // of the first source (and column, when not 0) are kept, with their edits.
  unsigned OnlyLine = 0;
  unsigned OnlyColumn = 0;
  // CI outputs, reports and configuration (docs/usage.md#ci,
  // docs/configuration.md).
  /// Write the fixes as clang-apply-replacements reads them (YAML).
  std::string ExportFixesFile;
  /// Write the findings as SARIF 2.1.0.
  std::string SarifFile;
  /// Rules (clang-tidy globs, `-` excludes) whose warnings are errors.
  std::string WarningsAsErrors;
  /// Write a report of the run; its format is ReportFormat ("json" or
  /// "csv"), or the file's extension when that is empty.
  std::string ReportFile;
  std::string ReportFormat;
  /// Change nothing; print a migration estimate per rule and per file.
  bool Analysis = false;
  /// The language standard (`c++20`) for sources whose compile command
  /// names none; empty: c++17.
  std::string DefaultStandard;
  /// --config: YAML text or a file; empty: each source's nearest
  /// .cuda-lower.yaml.
  std::string ConfigText;
  /// Print the configuration that applies to the first source and exit.
  bool DumpConfig = false;
};

} // namespace cudalower

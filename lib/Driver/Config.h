//===--- Config.h - .cuda-lower.yaml, --config, --dump-config ---*- C++ -*-===//
//
// A project states how cuda-lower runs on it in a `.cuda-lower.yaml`; the
// file nearest above a source applies to it, as clang-tidy's .clang-tidy
// does. The command line overrides the file. docs/configuration.md.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cudalower/Options.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudalower {

/// The name of the configuration file looked for above each source.
inline constexpr const char *ConfigFileName = ".cuda-lower.yaml";

/// One configuration, as read from YAML. Unset keys leave the command
/// line's (or the built-in) setting.
struct Config {
  std::optional<std::vector<std::string>> Rules;   ///< As --rules.
  std::optional<std::vector<std::string>> Disable; ///< As --disable.
  /// `rule.key: value`, as --rule-option.
  std::map<std::string, std::string> RuleOptions;
  std::optional<std::string> WarningsAsErrors;
  std::optional<std::string> InRoot; ///< Relative to the file's directory.
  /// Globs of sources, relative to the file's directory, left out of a run.
  std::vector<std::string> Exclude;
  std::optional<std::string> Standard; ///< `c++17`, `c++20`...
  std::optional<std::string> CudaPath;

  /// Where relative paths in it start: the file's directory, or the
  /// working directory for --config text.
  std::string Directory;
  /// Where it came from, for messages: a path, or "--config".
  std::string Origin;
};

/// Reads \p Text as a configuration; unknown keys and bad values are
/// errors naming \p Origin and the line.
llvm::Expected<Config> parseConfig(llvm::StringRef Text,
                                   llvm::StringRef Directory,
                                   llvm::StringRef Origin);

/// --config: the text of a file when \p Value names one, else \p Value
/// itself as YAML (relative paths from \p Cwd).
llvm::Expected<Config> readConfigOption(llvm::StringRef Value,
                                        llvm::StringRef Cwd,
                                        llvm::vfs::FileSystem &FS);

/// The configuration of the `.cuda-lower.yaml` nearest above \p File, or
/// nothing if there is none up to the file system root.
llvm::Expected<std::optional<Config>>
findConfigFor(llvm::StringRef File, llvm::vfs::FileSystem &FS);

/// \p C as YAML that parseConfig reads back to the same configuration,
/// with paths made absolute.
std::string dumpConfig(const Config &C);

/// \p CommandLine with every setting it leaves unset taken from \p C (the
/// command line wins); rule options are merged key by key.
ToolOptions applyConfig(const ToolOptions &CommandLine, const Config &C);

/// The effective configuration of \p Opts (after applyConfig), as
/// --dump-config prints it.
Config effectiveConfig(const ToolOptions &Opts, const Config &C);

/// True if \p Source matches one of \p C's Exclude globs.
bool isExcluded(const Config &C, llvm::StringRef Source);

/// The options of a run once configuration files are read.
struct SourceConfigs {
  /// Run-wide settings (root, toolkit, standard, and the rules of every
  /// source not listed in PerSource): the command line over the
  /// configuration of the first source (or --config). Held by pointer:
  /// CompilationSetup keeps its address.
  std::unique_ptr<ToolOptions> RunWide;
  /// The sources left after Exclude, in order.
  std::vector<std::string> Sources;
  /// Sources whose own configuration gives other rules, rule options or
  /// warnings-as-errors than RunWide.
  std::map<std::string, ToolOptions> PerSource;
};

/// Reads --config, or the `.cuda-lower.yaml` nearest above each of
/// \p Sources (real paths), and applies it under \p CommandLine.
llvm::Expected<SourceConfigs>
configureSources(const ToolOptions &CommandLine,
                 const std::vector<std::string> &Sources,
                 llvm::vfs::FileSystem &FS);

/// configureSources over \p CommandLine's sources, resolved in \p FS (none:
/// RunWide is the command line).
llvm::Expected<SourceConfigs> configureRun(const ToolOptions &CommandLine,
                                           llvm::vfs::FileSystem &FS);

/// --dump-config: the configuration that applies to the first source of
/// \p CommandLine (or to the working directory when there is none), the
/// command line included, as YAML.
llvm::Expected<std::string> dumpConfigFor(const ToolOptions &CommandLine,
                                          llvm::vfs::FileSystem &FS);

} // namespace cudalower

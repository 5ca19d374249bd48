//===--- Migration.h - Migrating a project off the nvcc flags ---*- C++ -*-===//
//
// The commands that finish a migration once the sources are lowered:
// --migrate-build, --export-compile-db and `verify` (docs/migration.md).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cudalower/Options.h"
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace cudalower {

/// What --migrate-build is given besides ToolOptions.
struct MigrateBuildOptions {
  /// Build scripts to edit; empty: every CMakeLists.txt, *.cmake, Makefile,
  /// *.mk and setup.py under the project root.
  std::vector<std::string> Scripts;
  /// The sources were lowered by this same run (verify's copy): skip the
  /// --check run of each.
  bool AssumeLowered = false;
};

/// Removes the nvcc flags from the build scripts and the `#error` guards
/// from the sources, once every source (Opts.Sources, else every source of
/// the compile database under the root) passes `--check`. Prints a diff
/// (Opts.Mode Diff/Check/Stdout) or writes (InPlace). \returns an ExitCode:
/// 1 if a source still needs the flags (nothing changed) or a use was left.
int runMigrateBuild(const ToolOptions &Opts, const MigrateBuildOptions &M,
                    llvm::raw_ostream &Out, llvm::raw_ostream &Err);

/// Writes a compile_commands.json (\p DbPath) that Clang tools read, from
/// the nvcc database of Opts.BuildPath; with \p ClangdPath, a .clangd
/// fragment too.
int runExportCompileDb(const ToolOptions &Opts, const std::string &DbPath,
                       const std::string &ClangdPath, llvm::raw_ostream &Err);

/// What `cuda-lower verify` is given besides ToolOptions.
struct VerifyOptions {
  std::string WorkDir;    ///< Where the builds and the report go.
  std::string RunCommand; ///< Run against both builds (shell), if not empty.
  std::string JsonReport; ///< Default: WorkDir/verify-report.json.
};

int runVerify(const ToolOptions &Opts, const VerifyOptions &V,
              llvm::raw_ostream &Out, llvm::raw_ostream &Err);

} // namespace cudalower

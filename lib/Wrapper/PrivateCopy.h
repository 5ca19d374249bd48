//===--- PrivateCopy.h - Lowering one input into a private overlay -*- C++ -*-//
#pragma once

#include "Wrapper/NvccCommandLine.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace cudalower {

/// How one CUDA input is to be compiled.
struct LoweredInput {
  enum Outcome {
    Unchanged, ///< Nothing to lower: nvcc compiles the original.
    Lowered,   ///< nvcc compiles Compile, with IncludeArgs first.
    Failed,    ///< The lowering failed or is incomplete; see Why.
  } Result = Unchanged;
  std::string Compile;                  ///< The file nvcc is given.
  std::vector<std::string> IncludeArgs; ///< -I of the overlay, first.
  std::string OverlayRoot; ///< Prefix of every private path (no '/' last).
  std::string Why;         ///< For Failed: one line.
  std::string Diagnostics; ///< The tool's, in Clang's format.
  /// What the user is told whatever the options: the library headers
  /// lowered (once per build).
  std::string Notes;
};

/// The private directory of \p Input: next to its object, named after it
/// (`obj/x.cu.o` -> `obj/x.cu.o.cuda-lower`), absolute; the same for the
/// same command in the same directory, so that caches keyed by paths hit.
std::string privateDirFor(llvm::StringRef Input, const NvccRequest &Req);

/// Pre-scans \p Input (an argument of \p Args, nvcc's arguments with option
/// files expanded) and, if it may need lowering, lowers it and every
/// project file it reaches into \p PrivateDir/root, mirroring their
/// absolute paths, with `#line` directives naming the originals. Every
/// file is written by renaming a complete temporary file. When the last
/// lowering into \p PrivateDir had the same key (\p Tool, the version and
/// build of the wrapper; the command; every project file's contents), its
/// result is used again without parsing (LoweringCache.h).
LoweredInput lowerInput(llvm::StringRef Input, llvm::ArrayRef<std::string> Args,
                        llvm::StringRef PrivateDir, const WrapperOptions &Opts,
                        llvm::StringRef Tool);

/// Rewrites the dependency file \p DepFile so that it names the originals:
/// every path under \p OverlayRoot loses that prefix.
void rewriteDepFile(llvm::StringRef DepFile, llvm::StringRef OverlayRoot);

/// Clang-format diagnostics (`file:line:col: warning: text [rule]` and
/// their source and caret lines) in nvcc's format, one line each
/// (`file(line): warning: text [rule]`).
std::string toNvccFormat(llvm::StringRef ClangDiagnostics);

} // namespace cudalower

//===--- Verification.h - Proving plain nvcc builds the output -*- C++ -*-===//
//
// The contract of the tool: exit 0 means plain nvcc (no --extended-lambda,
// no --expt-relaxed-constexpr) builds what was written. Before anything is
// written, every source is parsed again, in memory, over the rewritten
// files, the way plain nvcc reads it; what it finds is reported here.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Driver/CompilationSetup.h"
#include "Driver/OwnedFiles.h"
#include "Engine/EditCollector.h"
#include "Output/Emit.h"
#include "Output/Progress.h"
#include "cudalower/Diagnostic.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <set>
#include <string>
#include <vector>

namespace cudalower {

/// What verification is given: the sources that parsed, how to parse them,
/// and the files as the edits leave them.
struct VerificationInput {
  const std::vector<std::string> &Sources;
  const CompilationSetup &Setup;
  PassSelection Passes;
  const std::vector<RewrittenFile> &Files;
  const EditCollector &Edits;
  OwnedFiles Owned; ///< The files the rewrite may have edited.
  /// Cross-space errors the input had (crossSpaceKeys): the same in the
  /// output is no new problem. Clang is stricter than nvcc on some of them
  /// (a __device__ call in a host decltype), and nvcc only warns on others.
  const std::set<std::string> &ToleratedInInput;
  /// Test hook (--test-crash-in-rule=verify): crash in every parse.
  bool TestCrash = false;
  /// The files as they are, under the rewritten ones (null: the disk); its
  /// working directory is never changed (each source gets a view of its own).
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> BaseFS = nullptr;
  /// Sources verified at once (threads); the result does not depend on it.
  unsigned Jobs = 1;
  /// Told of each source verified, in source order (null: no progress).
  ProgressLine *Progress = nullptr;
};

/// What verification found.
struct VerificationResult {
  /// Errors [verify], located in the files as they were read. Two kinds:
  /// the rewrite broke the code (a Clang error the input did not have,
  /// naming the edit that caused it), or the output still needs one of the
  /// flags (an annotated lambda, a constexpr or std host function called
  /// from device code, an #error that only the flags' macros avoid).
  std::vector<Diagnostic> Problems;
  /// Rewritten files that must not be written: those of a source whose
  /// rewrite broke, and, transitively, those of every source that read one;
  /// each mapped to the source whose verification failed.
  llvm::StringMap<std::string> Withheld;
  /// The tool crashed while verifying: every rewritten file is withheld.
  bool Crashed = false;
};

/// Parses every source again over the rewritten files, as plain nvcc reads
/// them, in the passes the rules saw.
VerificationResult verifyOutput(const VerificationInput &In);

} // namespace cudalower

//===--- LambdaFlagHeaders.h - Headers --extended-lambda brings -*- C++ -*-===//
//
// nvcc: with --extended-lambda, cuda_runtime.h includes <functional> and
// <utility> (and through them, in libstdc++, <unordered_map>, <vector>,
// <array>...); code that uses such a name without its header builds with
// the flag only (BGHT's examples/histogram.cu).
// Clang: the same, under each semantics the parses emulate.
// cuda-lower: the rules' parse reads the code as nvcc with the flag does,
// and records which files only the flag's two #include lines reached
// (LambdaFlagInclusions); the rule nvcc-lambda-flag-includes adds the
// standard header of each std name the user's code takes from such a file.
// What is left (a name no standard header is known for) verification, which
// reads the output as plain nvcc does, reports with the cause and the
// header to include (exit 1, nothing written). Tests: lit
// nvcc-lambda-flag-includes/, engine/verify-extended-lambda-includes.cu;
// unit LambdaFlagInclusions.*, NvccLambdaFlagIncludes.*,
// VerificationTest.AStdNameOnlyTheLambdaFlagIncludedIsExplained.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/FileEntry.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include <memory>

namespace clang {
class Diagnostic;
class PPCallbacks;
class SourceManager;
} // namespace clang

namespace cudalower {

/// Which files of a translation unit the code reaches only through the
/// `#include <functional>` and `#include <utility>` that cuda_runtime.h
/// makes under __CUDACC_EXTENDED_LAMBDA__.
///
/// A file counts as reached without the flag when its first inclusion does
/// not pass through those two lines, or when an #include outside them names
/// it or a file that included it (skipped, when the flag's inclusion came
/// first and defined its include guard). Inclusions inside a precompiled
/// prelude are seen through the SourceManager's include locations; the
/// #includes skipped there are not seen, so a file reached only that way counts
/// as the flag's (the rule then adds a standard header that the code uses
/// anyway).
class LambdaFlagInclusions {
public:
  /// Callbacks for the preprocessor of the translation unit; \p this must
  /// outlive it.
  std::unique_ptr<clang::PPCallbacks> callbacks(const clang::SourceManager &SM);

  /// True if \p File was read, and only through the flag's #include lines.
  bool onlyTheFlagReaches(clang::FileEntryRef File,
                          const clang::SourceManager &SM) const;

  /// True if \p Loc's file is cuda_runtime.h and its #include there names
  /// <functional> or <utility>: one of the flag's two lines.
  static bool isFlagInclude(clang::SourceLocation IncludeLoc,
                            llvm::StringRef Included,
                            const clang::SourceManager &SM);

  /// True if an `#include <Name>` outside the flag's lines was read.
  bool namedOutside(llvm::StringRef Name) const {
    return NamedOutside.contains(Name);
  }

private:
  friend class FlagInclusionCallbacks;
  /// True if a file whose inclusion led to \p FID was named by an #include
  /// outside the flag's lines: that #include reaches \p FID as well.
  bool includerReachedOutside(clang::FileID FID,
                              const clang::SourceManager &SM) const;
  /// Files an #include outside the flag's lines named (entered, or skipped
  /// because the flag's inclusion came first).
  llvm::DenseSet<const clang::FileEntry *> ReachedOutside;
  /// The names of those #include <...> lines as written.
  llvm::StringSet<> NamedOutside;
};

/// True for "no member (or template) named X in namespace 'std'": in the
/// output of a source whose parse found X, a name only a header that
/// --extended-lambda includes declared (verification says so).
bool isMissingStdName(const clang::Diagnostic &Info);

} // namespace cudalower

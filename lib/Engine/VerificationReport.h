//===--- VerificationReport.h - Verification's findings, located -*- C++ -*-=//
//
// Verification finds its problems in the rewritten text; the user reads the
// files as they wrote them. This maps each problem back there, words it, and
// names the edit that caused a broken rewrite.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Engine/Ownership.h"
#include "Engine/Verification.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringMap.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class NamedDecl;
class SourceManager;
} // namespace clang

namespace cudalower {

/// Why the output does not build with plain nvcc.
enum class ProblemKind {
  BrokenRewrite,         ///< A Clang error the input did not have.
  NeedsRelaxedConstexpr, ///< A constexpr host function used in device code.
  HostUseInDeviceCode,   ///< Another host function used in device code.
  ErrorDirective,        ///< An #error that the flags' macros avoided.
  AnnotatedLambda,       ///< A lambda still annotated __host__/__device__.
  UnsupportedInDevice,   ///< throw, try or typeid in device code.
};

/// One problem, located in the rewritten text.
struct RawProblem {
  ProblemKind Kind;
  std::string File; ///< Canonical path; empty if Clang gave no location.
  unsigned Offset = 0;
  std::string Message;
  /// For a cross-space error: what it refers to (see crossSpaceKeys).
  std::string Target;
  /// A cross-space error that the input may have had without nvcc minding:
  /// host code naming a __device__ function (Clang refuses it even in a
  /// decltype, nvcc only in evaluated code), or an overload set whose
  /// candidates were on the wrong side. Device code calling a host function
  /// is never excused: nvcc refuses it with the flags too.
  bool ExcusedIfInInput = false;
  /// Where what the problem refers to is declared, for "it is declared in
  /// FILE:LINE": the line is the one of the file as the user wrote it.
  struct Declaration {
    std::string Shown; ///< The path as Clang showed it.
    std::string File;  ///< Canonical path.
    unsigned Offset = 0; ///< In the text verification read.
    unsigned Line = 0;   ///< Likewise.
    bool OutsideRoot = false;
  };
  std::optional<Declaration> Declared;
  /// For an #error: the #include lines that reached it, innermost first
  /// (canonical path, offset in the text read). One an edit wrote makes it
  /// the tool's doing, not the flags'.
  std::vector<std::pair<std::string, unsigned>> IncludedFrom;
  /// "no member/template named X in namespace 'std'": a name the input's
  /// parse found, declared there by a header that only --extended-lambda
  /// includes (cuda_runtime.h includes <functional> and <utility> under it).
  bool StdNameMissing = false;
};

/// Where \p D is declared, for "declared in FILE:LINE" (the reporter
/// gives the line in the file as the user wrote it).
std::optional<RawProblem::Declaration>
whereDeclared(const clang::NamedDecl *D, const clang::SourceManager &SM,
              FileOwnership &Owned);

/// The #include lines through which \p Loc's file was reached, innermost
/// first.
std::vector<std::pair<std::string, unsigned>>
includeChain(const clang::SourceManager &SM, clang::SourceLocation Loc);

/// Maps \p NewOffset in a file rewritten by \p Edits back to the file as it
/// was read: an offset inside text an edit wrote maps to that edit's offset.
/// \p InsideEdit, if given, is set to that edit's offset, or -1 if the
/// offset lies in unchanged text.
unsigned mapToOriginal(const clang::tooling::Replacements &Edits,
                       unsigned NewOffset, int64_t *InsideEdit = nullptr);

/// Turns the problems of the rewritten text into diagnostics on the files
/// as the user wrote them.
class ProblemReporter {
public:
  explicit ProblemReporter(const VerificationInput &In);

  /// Keeps \p Text, read by a verification parse, for \p Path: a file no
  /// edit changed reads there as it did for the rules, and its problems are
  /// located in it (the file is not read again).
  void addParsedText(llvm::StringRef Path, llvm::StringRef Text);
  /// Whether the text of \p Path is known (rewritten or added).
  bool hasText(llvm::StringRef Path) const;

  Diagnostic toDiagnostic(const RawProblem &P) const;

private:
  const RewrittenFile *lookup(llvm::StringRef Path) const;
  llvm::StringRef originalText(llvm::StringRef Path) const;
  std::string blame(const std::string &File, unsigned Offset,
                    int64_t InsideEdit, llvm::StringRef Text) const;
  std::string declaredIn(const RawProblem::Declaration &D) const;
  std::optional<RawProblem> atIncludeTheToolWrote(const RawProblem &P) const;

  const VerificationInput &In;
  llvm::StringMap<const RewrittenFile *> ByPath;
  llvm::StringMap<std::string> Unchanged;
};

/// The report of a crash while verifying \p Source, in the format of the
/// engine's crash reports.
Diagnostic crashProblem(const std::string &Source, CompilationPass Pass);

} // namespace cudalower

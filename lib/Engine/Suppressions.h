//===--- Suppressions.h - `// cuda-lower: ignore` comments ------*- C++ -*-===//
//
// In the spirit of clang-tidy's NOLINT family: a comment turns off the
// findings of some or all rules on its line, on the next line, or between
// ignore-begin and ignore-end. A suppressed finding is dropped before the
// edits are merged, so its fix is not applied either. Verification is not a
// rule and is never suppressed: code kept as it is still has to build with
// plain nvcc for the run to exit 0 (docs/configuration.md#suppressions).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Engine/RuleGlobs.h"
#include "cudalower/Diagnostic.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
class SourceManager;
}

namespace cudalower {

/// The rule name of the diagnostics about suppression comments themselves.
inline constexpr llvm::StringLiteral SuppressionRule = "cuda-lower-suppression";

/// The suppression comments of one file:
///   `// cuda-lower: ignore`             this line
///   `// cuda-lower: ignore-next-line`   the next line
///   `// cuda-lower: ignore-begin` ... `// cuda-lower: ignore-end`
/// each optionally followed by `(rule, glob-*, ...)`; without a list every
/// rule is meant. An ignore-end closes the innermost open ignore-begin with
/// the same list.
class SuppressionDirectives {
public:
  /// Reads the comments of \p Text, the text of \p File.
  static SuppressionDirectives scan(llvm::StringRef File, llvm::StringRef Text);

  /// True if a comment turns off \p Rule on 1-based \p Line.
  bool suppresses(unsigned Line, llvm::StringRef Rule) const;

  /// Errors [cuda-lower-suppression]: an ignore-begin without its end, an
  /// ignore-end without its begin, a rule list that does not parse, or a
  /// directive that is none of the four.
  const std::vector<Diagnostic> &problems() const { return Problems; }

private:
  struct Span {
    unsigned First, Last; ///< 1-based lines, inclusive.
    RuleGlobs Rules;      ///< Empty: every rule.
  };
  std::vector<Span> Spans;
  std::vector<Diagnostic> Problems;
};

/// Suppression for one translation unit: reads each file's comments once,
/// when a finding first lands in it.
class SuppressionFilter {
public:
  /// True if a comment suppresses \p D.
  bool suppresses(const Diagnostic &D, const clang::SourceManager &SM);
  /// The problems of the comments of every file seen and of the main file,
  /// each once (the engine merges repeats across passes and TUs).
  std::vector<Diagnostic> takeProblems(const clang::SourceManager &SM);

private:
  const SuppressionDirectives &directivesOf(const std::string &File,
                                            const clang::SourceManager &SM);
  llvm::StringMap<SuppressionDirectives> Files;
  llvm::StringMap<bool> Reported;
};

} // namespace cudalower

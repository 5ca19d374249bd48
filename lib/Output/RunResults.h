//===--- RunResults.h - What a run found, for reports and CI ----*- C++ -*-===//
//
// The CI outputs (--export-fixes, --sarif, --report, the summary and
// --analysis) all read one run's results as data; the engine fills this once,
// after verification, with the files as they were (or would be) written.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Output/Emit.h"
#include "cudalower/Diagnostic.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace cudalower {

/// A rule as reports describe it (from the rule registry).
struct RuleMeta {
  std::string Name;
  std::string Summary;
  bool DefaultOn = false;
};

/// One run's results.
struct RunResults {
  /// Every source asked for, and those that parsed (real paths).
  std::vector<std::string> Sources;
  std::vector<std::string> Parsed;
  /// The rules' findings, merged, in the order the engine keeps them.
  std::vector<Diagnostic> Findings;
  /// Verification's problems: what plain nvcc would still reject.
  std::vector<Diagnostic> Problems;
  /// One error per source that did not parse (its first Clang error, rule
  /// clang-diagnostic-error) or that the tool crashed on (rule crash).
  std::vector<Diagnostic> Failures;
  /// The files the edits change, without those verification withheld.
  std::vector<RewrittenFile> Files;
  /// For Files[I], one entry per replacement of Files[I].Edits, in order:
  /// the index into Findings of the finding that made it.
  std::vector<std::vector<size_t>> Owners;
  /// The rules that ran, in registry order.
  std::vector<RuleMeta> Rules;
  /// The directory the tool ran in (for relative paths).
  std::string WorkingDirectory;
  double Seconds = 0;
  /// Files were written (-i, -o); false for --analysis, --check, --diff
  /// and stdout.
  bool Written = false;
};

} // namespace cudalower

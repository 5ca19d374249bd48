//===--- RunOutputs.h - The end of a run: reports and CI files --*- C++ -*-===//
#pragma once

#include "Engine/EditCollector.h"
#include "Rules/Registry.h"
#include "Output/RunResults.h"
#include "cudalower/Options.h"
#include "llvm/Support/Error.h"

namespace llvm {
class raw_ostream;
}

namespace cudalower {

/// Checks the options of the CI outputs before anything is parsed: the
/// report format, the --warnings-as-errors globs.
llvm::Error checkRunOutputOptions(const ToolOptions &Opts);

/// What the engine knows once the files are emitted.
struct RunEnd {
  const std::vector<std::string> &Sources;
  const std::vector<std::string> &Parsed;
  const EditCollector &Collector;
  const std::vector<Diagnostic> &Problems;
  /// One per source that did not parse or crashed (SourceFailures.h).
  const std::vector<Diagnostic> &Failures;
  /// The files as emitted (those verification withheld removed).
  const std::vector<RewrittenFile> &Files;
  const std::vector<const RuleInfo *> &Rules;
  double Seconds;
};

/// \p End as data for the reports.
RunResults collectResults(const ToolOptions &Opts, const RunEnd &End);

/// Writes --export-fixes, --sarif and --report, and prints the --analysis
/// estimate (to \p Out) or the summary (to \p Err: with -i or several
/// sources, when anything was found or changed, not with -q). \returns UsageError if a file could not be
/// written, else Success.
int writeRunOutputs(const ToolOptions &Opts, const RunResults &R,
                    llvm::raw_ostream &Out, llvm::raw_ostream &Err);

} // namespace cudalower

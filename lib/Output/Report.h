//===--- Report.h - Counts, summary, --report and --analysis ----*- C++ -*-===//
#pragma once

#include "Output/RunResults.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <map>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace cudalower {

/// How one finding ended.
enum class Outcome {
  Rewritten,    ///< An edit of its fix is in the output.
  NotRewritten, ///< It needed a rewrite the tool could not make (why: reason).
  Reported,     ///< A finding without a fix (another rule's edit covers it,
                ///< or the rule only reports).
  Failed,       ///< A source that did not parse or crashed the tool: nothing
                ///< of it was written (RunResults::Failures).
};

/// What happened to each finding (indexed like RunResults::Findings).
std::vector<Outcome> outcomes(const RunResults &R);

/// Why \p D was not rewritten: its stated reason, else its message.
std::string reasonOf(const Diagnostic &D);

struct RuleCounts {
  unsigned Findings = 0, Rewritten = 0, NotRewritten = 0, Reported = 0;
};

struct FileCounts {
  bool Changed = false;
  unsigned Findings = 0, Rewritten = 0, NotRewritten = 0;
  unsigned Problems = 0; ///< Verification's.
};

/// The counts every report shows.
struct RunStats {
  unsigned Scanned = 0;   ///< Sources asked for.
  unsigned Failed = 0;    ///< Sources that did not parse or crashed.
  unsigned Changed = 0;   ///< Files with edits (sources and headers).
  unsigned Unchanged = 0; ///< Sources that parsed and need no edit.
  std::map<std::string, RuleCounts> PerRule; ///< Every rule that ran.
  std::map<std::string, FileCounts> PerFile; ///< Files with findings or edits.
  unsigned Problems = 0;
};
RunStats computeStats(const RunResults &R);

/// The summary printed at the end of a run: counts of files, rewrites and
/// findings per rule, and the time taken.
void printSummary(llvm::raw_ostream &OS, const RunResults &R);

/// --analysis: the migration estimate, per rule and per file, with every
/// place that cannot be lowered and why.
void printAnalysis(llvm::raw_ostream &OS, const RunResults &R);

/// --report in JSON: the counts, per rule, per file, and every finding.
llvm::json::Value reportJson(const RunResults &R);
/// --report in CSV: one row per finding and verification problem.
std::string reportCsv(const RunResults &R);

/// The report format \p Format names, or the one \p Path's extension names
/// when \p Format is empty: "json" or "csv".
llvm::Expected<std::string> reportFormatFor(llvm::StringRef Path,
                                            llvm::StringRef Format);
/// Writes the report to \p Path (atomically) in \p Format ("json", "csv").
llvm::Error writeReport(llvm::StringRef Path, llvm::StringRef Format,
                        const RunResults &R);

} // namespace cudalower

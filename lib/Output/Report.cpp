//===--- Report.cpp - Counts, summary, --report and --analysis ------------===//

#include "Output/Report.h"
#include "Output/DiagnosticPrinter.h"
#include "Output/FileWriter.h"
#include "cudalower/Version.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

namespace cudalower {

std::vector<Outcome> outcomes(const RunResults &R) {
  std::vector<Outcome> Out(R.Findings.size(), Outcome::Reported);
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    const Diagnostic &D = R.Findings[I];
    if (D.Level == DiagLevel::Error || !D.NotRewrittenReason.empty())
      Out[I] = Outcome::NotRewritten;
  }
  for (const std::vector<size_t> &Owners : R.Owners)
    for (size_t I : Owners)
      Out[I] = Outcome::Rewritten;
  return Out;
}

std::string reasonOf(const Diagnostic &D) {
  return D.NotRewrittenReason.empty() ? D.Message : D.NotRewrittenReason;
}

RunStats computeStats(const RunResults &R) {
  RunStats S;
  S.Scanned = R.Sources.size();
  S.Failed = R.Sources.size() - R.Parsed.size();
  S.Changed = R.Files.size();
  std::set<std::string> ChangedPaths;
  for (const RewrittenFile &F : R.Files) {
    ChangedPaths.insert(F.Path);
    S.PerFile[F.Path].Changed = true;
  }
  for (const std::string &P : R.Parsed)
    S.Unchanged += !ChangedPaths.count(P);
  for (const RuleMeta &M : R.Rules)
    S.PerRule[M.Name];
  std::vector<Outcome> Ends = outcomes(R);
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    const Diagnostic &D = R.Findings[I];
    RuleCounts &RC = S.PerRule[D.Rule];
    FileCounts &FC = S.PerFile[D.File];
    ++RC.Findings;
    ++FC.Findings;
    switch (Ends[I]) {
    case Outcome::Rewritten:
      ++RC.Rewritten, ++FC.Rewritten;
      break;
    case Outcome::NotRewritten:
      ++RC.NotRewritten, ++FC.NotRewritten;
      break;
    case Outcome::Reported:
      ++RC.Reported;
      break;
    case Outcome::Failed:
      break;
    }
  }
  for (const Diagnostic &P : R.Problems) {
    ++S.Problems;
    ++S.PerFile[P.File].Problems;
  }
  return S;
}

namespace {

const char *outcomeName(Outcome O) {
  switch (O) {
  case Outcome::Rewritten:
    return "rewritten";
  case Outcome::NotRewritten:
    return "not-rewritten";
  case Outcome::Reported:
    return "reported";
  case Outcome::Failed:
    return "failed";
  }
  return "";
}

const char *levelName(DiagLevel L) {
  return L == DiagLevel::Error ? "error"
         : L == DiagLevel::Warning ? "warning"
                                   : "note";
}

std::string where(const Diagnostic &D) {
  return displayPath(D.File) + ":" + std::to_string(D.Line) + ":" +
         std::to_string(D.Column);
}

void printRuleTable(llvm::raw_ostream &OS, const RunStats &S) {
  OS << llvm::format("  %-32s %8s %9s %13s\n", "rule", "findings",
                     "rewritten", "not rewritten");
  for (const auto &[Name, C] : S.PerRule)
    OS << llvm::format("  %-32s %8u %9u %13u\n", Name.c_str(), C.Findings,
                       C.Rewritten, C.NotRewritten);
}

} // namespace

void printSummary(llvm::raw_ostream &OS, const RunResults &R) {
  RunStats S = computeStats(R);
  OS << "cuda-lower: " << S.Scanned << " source(s) scanned, " << S.Changed
     << " file(s) " << (R.Written ? "changed" : "to change") << ", "
     << S.Unchanged << " source(s) unchanged, " << S.Failed
     << " failed; " << S.Problems << " verification problem(s); "
     << llvm::format("%.2f s", R.Seconds) << '\n';
  for (const auto &[Name, C] : S.PerRule)
    if (C.Findings)
      OS << "  " << Name << ": " << C.Rewritten << " rewritten, "
         << C.NotRewritten << " not rewritten, " << C.Reported
         << " reported\n";
}

void printAnalysis(llvm::raw_ostream &OS, const RunResults &R) {
  RunStats S = computeStats(R);
  OS << "Migration estimate (nothing was written)\n\n"
     << "Sources: " << S.Scanned << " scanned, " << S.Failed
     << " did not parse, " << S.Unchanged << " need no edit\n"
     << "Files to rewrite: " << S.Changed << "\n\nPer rule:\n";
  printRuleTable(OS, S);
  OS << "\nPer file:\n";
  for (const auto &[Path, C] : S.PerFile)
    OS << "  " << displayPath(Path) << ": " << C.Rewritten
       << " rewritten, " << C.NotRewritten << " not rewritten, "
       << C.Problems << " verification problem(s)"
       << (C.Changed ? "" : ", unchanged") << '\n';
  std::vector<Outcome> Ends = outcomes(R);
  unsigned Manual = 0;
  std::string Places;
  llvm::raw_string_ostream PS(Places);
  for (size_t I = 0; I < R.Findings.size(); ++I)
    if (Ends[I] == Outcome::NotRewritten && ++Manual)
      PS << "  " << where(R.Findings[I]) << ": [" << R.Findings[I].Rule
         << "] " << reasonOf(R.Findings[I]) << '\n';
  for (const Diagnostic &P : R.Problems)
    if (++Manual)
      PS << "  " << where(P) << ": [" << P.Rule << "] " << P.Message << '\n';
  OS << "\nCannot be lowered (" << Manual << "):\n" << Places;
  if (!R.Failures.empty()) {
    OS << "\nDid not parse (" << R.Failures.size() << "):\n";
    for (const Diagnostic &F : R.Failures)
      OS << "  " << where(F) << ": [" << F.Rule << "] " << F.Message << '\n';
  }
  OS << "\n"
     << (Manual || S.Failed
             ? "Verdict: " + std::to_string(Manual + S.Failed) +
                   " place(s) or source(s) need work by hand before plain "
                   "nvcc builds the output\n"
             : std::string("Verdict: plain nvcc builds the output after "
                           "`cuda-lower -i`\n"));
}

llvm::json::Value reportJson(const RunResults &R) {
  RunStats S = computeStats(R);
  llvm::json::Array Rules, Files, Findings;
  for (const auto &[Name, C] : S.PerRule)
    Rules.push_back(llvm::json::Object{{"name", Name},
                                       {"findings", C.Findings},
                                       {"rewritten", C.Rewritten},
                                       {"notRewritten", C.NotRewritten},
                                       {"reported", C.Reported}});
  for (const auto &[Path, C] : S.PerFile)
    Files.push_back(llvm::json::Object{{"file", displayPath(Path)},
                                       {"changed", C.Changed},
                                       {"findings", C.Findings},
                                       {"rewritten", C.Rewritten},
                                       {"notRewritten", C.NotRewritten},
                                       {"problems", C.Problems}});
  std::vector<Outcome> Ends = outcomes(R);
  auto Add = [&](const Diagnostic &D, Outcome O) {
    Findings.push_back(llvm::json::Object{
        {"file", displayPath(D.File)},
        {"line", D.Line},
        {"column", D.Column},
        {"rule", D.Rule},
        {"level", levelName(D.Level)},
        {"outcome", outcomeName(O)},
        {"reason", O == Outcome::NotRewritten || O == Outcome::Failed
                       ? reasonOf(D)
                       : ""},
        {"message", D.Message}});
  };
  for (size_t I = 0; I < R.Findings.size(); ++I)
    Add(R.Findings[I], Ends[I]);
  for (const Diagnostic &P : R.Problems)
    Add(P, Outcome::NotRewritten);
  for (const Diagnostic &F : R.Failures)
    Add(F, Outcome::Failed);
  return llvm::json::Object{
      {"tool", llvm::json::Object{{"name", "cuda-lower"},
                                  {"version", CUDALOWER_VERSION_STRING}}},
      {"seconds", R.Seconds},
      {"written", R.Written},
      {"files", llvm::json::Object{{"scanned", S.Scanned},
                                   {"changed", S.Changed},
                                   {"unchanged", S.Unchanged},
                                   {"failed", S.Failed}}},
      {"verificationProblems", S.Problems},
      {"rules", std::move(Rules)},
      {"perFile", std::move(Files)},
      {"findings", std::move(Findings)}};
}

namespace {

/// A CSV field as RFC 4180 quotes it: in quotes when it holds a comma, a
/// quote or a line break, with quotes doubled.
std::string csvField(llvm::StringRef F) {
  if (F.find_first_of(",\"\r\n") == llvm::StringRef::npos)
    return F.str();
  std::string Out = "\"";
  for (char C : F)
    Out += C == '"' ? std::string("\"\"") : std::string(1, C);
  return Out + "\"";
}

} // namespace

std::string reportCsv(const RunResults &R) {
  std::string Out = "file,line,column,rule,level,outcome,reason,message\r\n";
  auto Row = [&](const Diagnostic &D, Outcome O) {
    std::string Fields[] = {displayPath(D.File),
                            std::to_string(D.Line),
                            std::to_string(D.Column),
                            D.Rule,
                            levelName(D.Level),
                            outcomeName(O),
                            O == Outcome::NotRewritten ||
                                    O == Outcome::Failed
                                ? reasonOf(D)
                                : "",
                            D.Message};
    for (size_t I = 0; I < std::size(Fields); ++I)
      Out += (I ? "," : "") + csvField(Fields[I]);
    Out += "\r\n";
  };
  std::vector<Outcome> Ends = outcomes(R);
  for (size_t I = 0; I < R.Findings.size(); ++I)
    Row(R.Findings[I], Ends[I]);
  for (const Diagnostic &P : R.Problems)
    Row(P, Outcome::NotRewritten);
  for (const Diagnostic &F : R.Failures)
    Row(F, Outcome::Failed);
  return Out;
}

llvm::Expected<std::string> reportFormatFor(llvm::StringRef Path,
                                            llvm::StringRef Format) {
  std::string F =
      Format.empty()
          ? llvm::sys::path::extension(Path).ltrim('.').lower()
          : Format.lower();
  if (F == "json" || F == "csv")
    return F;
  return llvm::createStringError(
      Format.empty()
          ? "--report: cannot tell the format of '" + Path.str() +
                "' from its extension; name it .json or .csv, or give "
                "--report-format"
          : "--report-format: unknown format '" + Format.str() +
                "' (json or csv)");
}

llvm::Error writeReport(llvm::StringRef Path, llvm::StringRef Format,
                        const RunResults &R) {
  if (Format == "csv")
    return writeFileAtomically(Path, reportCsv(R));
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::formatv("{0:2}", reportJson(R)) << '\n';
  return writeFileAtomically(Path, Text);
}

} // namespace cudalower

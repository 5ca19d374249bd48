//===--- RunOutputs.cpp - The end of a run: reports and CI files ----------===//

#include "Engine/RunOutputs.h"
#include "Engine/RuleGlobs.h"
#include "Output/ExportFixes.h"
#include "Output/Report.h"
#include "Output/Sarif.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalower {

llvm::Error checkRunOutputOptions(const ToolOptions &Opts) {
  if (!Opts.ReportFile.empty() || !Opts.ReportFormat.empty()) {
    auto Format = reportFormatFor(Opts.ReportFile, Opts.ReportFormat);
    if (!Format)
      return Format.takeError();
  }
  auto Globs = RuleGlobs::parse(Opts.WarningsAsErrors);
  if (!Globs)
    return llvm::createStringError("--warnings-as-errors: " +
                                   toString(Globs.takeError()));
  return llvm::Error::success();
}

namespace {

/// For each replacement of \p F, the finding that made it (the first, when
/// the collector merged several).
std::vector<size_t> ownersOf(const RewrittenFile &F,
                             llvm::ArrayRef<EditOrigin> Origins) {
  std::vector<size_t> Owners;
  size_t I = 0;
  for (const clang::tooling::Replacement &R : F.Edits) {
    // The file's replacements and their origins are one list, in order;
    // the offset is checked so that a mismatch cannot misattribute.
    while (I < Origins.size() && Origins[I].Offset < R.getOffset())
      ++I;
    assert(I < Origins.size() && Origins[I].Offset == R.getOffset() &&
           !Origins[I].Diags.empty() && "a replacement without an origin");
    Owners.push_back(I < Origins.size() && !Origins[I].Diags.empty()
                         ? Origins[I].Diags.front()
                         : 0);
    ++I;
  }
  return Owners;
}

} // namespace

RunResults collectResults(const ToolOptions &Opts, const RunEnd &End) {
  RunResults R;
  R.Sources = End.Sources;
  R.Parsed = End.Parsed;
  R.Findings = End.Collector.diagnostics();
  R.Problems = End.Problems;
  R.Failures = End.Failures;
  R.Files = End.Files;
  for (const RewrittenFile &F : R.Files)
    R.Owners.push_back(ownersOf(F, End.Collector.origins(F.Path)));
  for (const RuleInfo *I : End.Rules)
    R.Rules.push_back({I->Name.str(), I->Summary.str(), I->DefaultOn});
  llvm::SmallString<256> Cwd;
  if (!llvm::sys::fs::current_path(Cwd))
    R.WorkingDirectory = Cwd.str().str();
  R.Seconds = End.Seconds;
  R.Written = !Opts.Analysis && (Opts.Mode == OutputMode::InPlace ||
                                 Opts.Mode == OutputMode::File);
  return R;
}

int writeRunOutputs(const ToolOptions &Opts, const RunResults &R,
                    llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  int Code = Success;
  auto Write = [&](const char *Option, llvm::StringRef Path, auto Writer) {
    if (Path.empty())
      return;
    if (llvm::Error E = Writer(Path)) {
      Err << "cuda-lower: error: " << Option << ": cannot write '" << Path
          << "': " << toString(std::move(E)) << '\n';
      Code = UsageError;
    }
  };
  Write("--export-fixes", Opts.ExportFixesFile,
        [&](llvm::StringRef P) { return writeExportedFixes(P, R); });
  Write("--sarif", Opts.SarifFile,
        [&](llvm::StringRef P) { return writeSarif(P, R); });
  Write("--report", Opts.ReportFile, [&](llvm::StringRef P) {
    return writeReport(P, cantFail(reportFormatFor(P, Opts.ReportFormat)),
                       R);
  });
  // A run that finds nothing stays silent, as CI tools' clean runs do.
  bool Found = !R.Findings.empty() || !R.Problems.empty() ||
               !R.Files.empty() || R.Parsed.size() < R.Sources.size();
  if (Opts.Analysis)
    printAnalysis(Out, R);
  else if (!Opts.Quiet && Found &&
           (Opts.Mode == OutputMode::InPlace || R.Sources.size() > 1))
    printSummary(Err, R);
  return Code;
}

} // namespace cudalower

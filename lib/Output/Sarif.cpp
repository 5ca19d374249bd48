//===--- Sarif.cpp - SARIF 2.1.0 for code-scanning pages ------------------===//

#include "Output/Sarif.h"
#include "Output/DiagnosticPrinter.h"
#include "Output/FileWriter.h"
#include "Output/Report.h"
#include "cudalower/Version.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalower {

unsigned codePointColumn(llvm::StringRef Line, unsigned ByteColumn) {
  unsigned Points = 1;
  for (size_t I = 0; I + 1 < ByteColumn && I < Line.size(); ++I)
    Points += (static_cast<unsigned char>(Line[I]) & 0xC0) != 0x80;
  return Points;
}

namespace {

/// A file as SARIF names it: relative to the working directory (the
/// %SRCROOT% base) when under it, else a file:// URI.
llvm::json::Object artifactLocation(llvm::StringRef File) {
  std::string Shown = displayPath(File);
  if (llvm::sys::path::is_absolute(Shown))
    return llvm::json::Object{{"uri", "file://" + Shown}};
  return llvm::json::Object{{"uri", Shown}, {"uriBaseId", "%SRCROOT%"}};
}

const char *sarifLevel(DiagLevel L) {
  return L == DiagLevel::Error ? "error"
         : L == DiagLevel::Warning ? "warning"
                                   : "note";
}

llvm::json::Object location(const Diagnostic &D) {
  return llvm::json::Object{
      {"physicalLocation",
       llvm::json::Object{
           {"artifactLocation", artifactLocation(D.File)},
           {"region",
            llvm::json::Object{
                {"startLine", D.Line},
                {"startColumn", codePointColumn(D.SourceLine, D.Column)}}}}}};
}

/// The rules as reportingDescriptors, and each one's index.
class RuleTable {
public:
  explicit RuleTable(const std::vector<RuleMeta> &Rules) {
    for (const RuleMeta &M : Rules)
      add(M.Name, M.Summary, "docs/rules/" + M.Name + ".md");
  }
  /// The index of \p Rule, added on first use (verify, suppressions).
  size_t indexOf(llvm::StringRef Rule) {
    auto It = Index.find(Rule);
    if (It != Index.end())
      return It->second;
    return add(Rule.str(), summaryOf(Rule), "docs/usage.md");
  }
  llvm::json::Array take() { return std::move(Descriptors); }

private:
  /// What the results that no rule reports are about.
  static const char *summaryOf(llvm::StringRef Rule) {
    if (Rule == "verify")
      return "the output still needs a flag of nvcc, or a rewrite broke it";
    if (Rule == "clang-diagnostic-error")
      return "the source does not parse (Clang's first error); nothing of it "
             "is written";
    if (Rule == "crash")
      return "cuda-lower crashed on the source; nothing of it is written";
    return "reported by cuda-lower";
  }

  size_t add(const std::string &Name, const std::string &Summary,
             const std::string &Help) {
    Index[Name] = Descriptors.size();
    Descriptors.push_back(llvm::json::Object{
        {"id", Name},
        {"name", Name},
        {"shortDescription", llvm::json::Object{{"text", Summary}}},
        {"helpUri", Help}});
    return Index[Name];
  }
  llvm::StringMap<size_t> Index;
  llvm::json::Array Descriptors;
};

/// The fix of finding \p Index: the output's replacements it owns.
llvm::json::Array fixesOf(const RunResults &R, size_t Index) {
  llvm::json::Array Changes;
  for (size_t F = 0; F < R.Files.size(); ++F) {
    llvm::json::Array Replacements;
    size_t I = 0;
    for (const clang::tooling::Replacement &Rep : R.Files[F].Edits)
      if (R.Owners[F][I++] == Index)
        Replacements.push_back(llvm::json::Object{
            {"deletedRegion",
             llvm::json::Object{{"byteOffset", Rep.getOffset()},
                                {"byteLength", Rep.getLength()}}},
            {"insertedContent",
             llvm::json::Object{{"text", Rep.getReplacementText()}}}});
    if (!Replacements.empty())
      Changes.push_back(llvm::json::Object{
          {"artifactLocation", artifactLocation(R.Files[F].Path)},
          {"replacements", std::move(Replacements)}});
  }
  if (Changes.empty())
    return {};
  return llvm::json::Array{llvm::json::Object{
      {"description",
       llvm::json::Object{{"text", "apply the rewrite of " +
                                       R.Findings[Index].Rule}}},
      {"artifactChanges", std::move(Changes)}}};
}

llvm::json::Object result(const Diagnostic &D, size_t RuleIndex,
                          llvm::json::Array Fixes) {
  llvm::json::Array Related;
  for (const Diagnostic &N : D.Notes) {
    llvm::json::Object L = location(N);
    L["message"] = llvm::json::Object{{"text", N.Message}};
    Related.push_back(std::move(L));
  }
  llvm::json::Object Res{{"ruleId", D.Rule},
                         {"ruleIndex", RuleIndex},
                         {"level", sarifLevel(D.Level)},
                         {"message", llvm::json::Object{{"text", D.Message}}},
                         {"locations", llvm::json::Array{location(D)}}};
  if (!Related.empty())
    Res["relatedLocations"] = std::move(Related);
  if (!Fixes.empty())
    Res["fixes"] = std::move(Fixes);
  return Res;
}

} // namespace

llvm::json::Value sarifLog(const RunResults &R) {
  RuleTable Rules(R.Rules);
  llvm::json::Array Results;
  for (size_t I = 0; I < R.Findings.size(); ++I)
    Results.push_back(result(R.Findings[I],
                             Rules.indexOf(R.Findings[I].Rule),
                             fixesOf(R, I)));
  for (const Diagnostic &P : R.Problems)
    Results.push_back(result(P, Rules.indexOf(P.Rule), {}));
  for (const Diagnostic &F : R.Failures)
    Results.push_back(result(F, Rules.indexOf(F.Rule), {}));
  std::string Root = R.WorkingDirectory;
  if (!llvm::StringRef(Root).ends_with("/"))
    Root += '/';
  llvm::json::Object Driver{{"name", "cuda-lower"},
                            {"version", CUDALOWER_VERSION_STRING},
                            {"rules", Rules.take()}};
  llvm::json::Object Run{
      {"tool", llvm::json::Object{{"driver", std::move(Driver)}}},
      {"originalUriBaseIds",
       llvm::json::Object{
           {"%SRCROOT%", llvm::json::Object{{"uri", "file://" + Root}}}}},
      {"columnKind", "unicodeCodePoints"},
      {"results", std::move(Results)}};
  return llvm::json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", llvm::json::Array{std::move(Run)}}};
}

llvm::Error writeSarif(llvm::StringRef Path, const RunResults &R) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::formatv("{0:2}", sarifLog(R)) << '\n';
  return writeFileAtomically(Path, Text);
}

} // namespace cudalower

// The CI outputs read a run's results as data: counts, outcomes, the
// report in JSON and CSV, the SARIF log and the exported fixes.

#include "Output/ExportFixes.h"
#include "Output/Report.h"
#include "Output/Sarif.h"
#include "llvm/Support/JSON.h"
#include <gtest/gtest.h>

using namespace cudalower;
using clang::tooling::Replacement;

namespace {

Diagnostic finding(llvm::StringRef Rule, unsigned Line,
                   llvm::StringRef Reason = "") {
  Diagnostic D;
  D.Rule = Rule.str();
  D.File = "/src/a.cu";
  D.Line = Line;
  D.Column = 3;
  D.Offset = Line * 10;
  D.SourceLine = "  x, \"y\"";
  D.Message = "message " + std::to_string(Line);
  D.NotRewrittenReason = Reason.str();
  return D;
}

/// Three findings of a.cu: one rewritten (two edits), one not rewritten,
/// one reported only; b.cu parsed and unchanged, c.cu failed.
RunResults sample() {
  RunResults R;
  R.Sources = {"/src/a.cu", "/src/b.cu", "/src/c.cu"};
  R.Parsed = {"/src/a.cu", "/src/b.cu"};
  R.Findings = {finding("rule-a", 1), finding("rule-a", 2, "in a macro"),
                finding("rule-b", 3)};
  RewrittenFile F;
  F.Path = "/src/a.cu";
  llvm::cantFail(F.Edits.add(Replacement(F.Path, 10, 1, "X")));
  llvm::cantFail(F.Edits.add(Replacement(F.Path, 12, 0, "Y")));
  R.Files = {F};
  R.Owners = {{0, 0}};
  R.Rules = {{"rule-a", "does a", true}, {"rule-b", "does b", true}};
  return R;
}

TEST(Report, OutcomesFollowTheWrittenEdits) {
  std::vector<Outcome> O = outcomes(sample());
  EXPECT_EQ(O, (std::vector<Outcome>{Outcome::Rewritten, Outcome::NotRewritten,
                                     Outcome::Reported}));
}

TEST(Report, CountsFilesAndRules) {
  RunStats S = computeStats(sample());
  EXPECT_EQ(S.Scanned, 3u);
  EXPECT_EQ(S.Failed, 1u);
  EXPECT_EQ(S.Changed, 1u);
  EXPECT_EQ(S.Unchanged, 1u);
  EXPECT_EQ(S.PerRule["rule-a"].Rewritten, 1u);
  EXPECT_EQ(S.PerRule["rule-a"].NotRewritten, 1u);
  EXPECT_EQ(S.PerRule["rule-b"].Reported, 1u);
  EXPECT_EQ(S.PerFile["/src/a.cu"].Findings, 3u);
}

TEST(Report, CsvQuotesFieldsWithCommasAndQuotes) {
  RunResults R = sample();
  R.Findings[1].Message = "a, \"b\"";
  std::string Csv = reportCsv(R);
  EXPECT_NE(Csv.find(",not-rewritten,in a macro,\"a, \"\"b\"\"\"\r\n"),
            std::string::npos)
      << Csv;
}

TEST(Report, FormatFromExtensionOrOption) {
  EXPECT_EQ(llvm::cantFail(reportFormatFor("r.JSON", "")), "json");
  EXPECT_EQ(llvm::cantFail(reportFormatFor("r.txt", "csv")), "csv");
  auto NoExtension = reportFormatFor("r.txt", "");
  EXPECT_FALSE(bool(NoExtension));
  llvm::consumeError(NoExtension.takeError());
  auto Bad = reportFormatFor("r.json", "xml");
  ASSERT_FALSE(bool(Bad));
  EXPECT_NE(toString(Bad.takeError()).find("unknown format 'xml'"),
            std::string::npos);
}

TEST(Report, JsonHasCountsAndFindings) {
  llvm::json::Value V = reportJson(sample());
  const llvm::json::Object &O = *V.getAsObject();
  EXPECT_EQ(O.getObject("files")->getInteger("failed"), 1);
  const llvm::json::Array &F = *O.getArray("findings");
  ASSERT_EQ(F.size(), 3u);
  EXPECT_EQ(F[1].getAsObject()->getString("reason"), "in a macro");
  EXPECT_EQ(F[0].getAsObject()->getString("outcome"), "rewritten");
}

TEST(Report, FailedSourcesAreRecordedWithTheirFirstError) {
  RunResults R = sample();
  Diagnostic F = finding("clang-diagnostic-error", 7,
                         "c.cu did not parse; nothing was written for it");
  F.File = "/src/c.cu";
  F.Level = DiagLevel::Error;
  R.Failures = {F};
  llvm::json::Value Json = reportJson(R);
  const llvm::json::Array &J = *Json.getAsObject()->getArray("findings");
  ASSERT_EQ(J.size(), 4u);
  EXPECT_EQ(J[3].getAsObject()->getString("outcome"), "failed");
  EXPECT_EQ(J[3].getAsObject()->getString("reason"), F.NotRewrittenReason);
  EXPECT_NE(reportCsv(R).find(",clang-diagnostic-error,error,failed,c.cu did "
                              "not parse"),
            std::string::npos);
  // Failures count once, as sources, not per rule.
  EXPECT_EQ(computeStats(R).PerRule.count("clang-diagnostic-error"), 0u);
  llvm::json::Value Sarif = sarifLog(R);
  const llvm::json::Object &Run =
      *(*Sarif.getAsObject()->getArray("runs"))[0].getAsObject();
  const llvm::json::Object &Last =
      *Run.getArray("results")->back().getAsObject();
  EXPECT_EQ(Last.getString("ruleId"), "clang-diagnostic-error");
  EXPECT_EQ(Last.getString("level"), "error");
  EXPECT_EQ(exportedFixes(R).Diagnostics.back().DiagnosticName,
            "clang-diagnostic-error");
  std::string Analysis;
  llvm::raw_string_ostream OS(Analysis);
  printAnalysis(OS, R);
  EXPECT_NE(Analysis.find("Did not parse (1):\n  /src/c.cu:7:3: "
                          "[clang-diagnostic-error] message 7"),
            std::string::npos)
      << Analysis;
}

TEST(Sarif, CodePointColumns) {
  EXPECT_EQ(codePointColumn("abc", 3), 3u);
  // "π" is two bytes: byte column 4 is the character after it, column 2.
  EXPECT_EQ(codePointColumn("\xcf\x80x", 3), 2u);
  EXPECT_EQ(codePointColumn("", 5), 1u);
}

TEST(Sarif, ResultsPointAtTheirRulesAndCarryFixes) {
  llvm::json::Value V = sarifLog(sample());
  const llvm::json::Object &Log = *V.getAsObject();
  EXPECT_EQ(Log.getString("version"), "2.1.0");
  const llvm::json::Object &Run = *(*Log.getArray("runs"))[0].getAsObject();
  const llvm::json::Array &Rules =
      *Run.getObject("tool")->getObject("driver")->getArray("rules");
  ASSERT_EQ(Rules.size(), 2u);
  const llvm::json::Array &Results = *Run.getArray("results");
  ASSERT_EQ(Results.size(), 3u);
  EXPECT_EQ(Results[2].getAsObject()->getInteger("ruleIndex"), 1);
  const llvm::json::Array *Fixes = Results[0].getAsObject()->getArray("fixes");
  ASSERT_TRUE(Fixes);
  const llvm::json::Array &Reps = *(*(*Fixes)[0].getAsObject()->getArray(
                                       "artifactChanges"))[0]
                                       .getAsObject()
                                       ->getArray("replacements");
  EXPECT_EQ(Reps.size(), 2u);
  EXPECT_FALSE(Results[1].getAsObject()->getArray("fixes"));
}

TEST(Sarif, RulesNotInTheRegistryAreAdded) {
  RunResults R = sample();
  Diagnostic P = finding("verify", 4);
  P.Level = DiagLevel::Error;
  R.Problems = {P};
  llvm::json::Value V = sarifLog(R);
  const llvm::json::Object &Run =
      *(*V.getAsObject()->getArray("runs"))[0].getAsObject();
  EXPECT_EQ(Run.getObject("tool")->getObject("driver")->getArray("rules")->size(),
            3u);
  EXPECT_EQ((*Run.getArray("results"))[3].getAsObject()->getString("level"),
            "error");
}

TEST(ExportFixes, EachReplacementUnderItsFinding) {
  clang::tooling::TranslationUnitDiagnostics TU = exportedFixes(sample());
  EXPECT_EQ(TU.MainSourceFile, "/src/a.cu");
  ASSERT_EQ(TU.Diagnostics.size(), 3u);
  EXPECT_EQ(TU.Diagnostics[0].Message.Fix["/src/a.cu"].size(), 2u);
  EXPECT_TRUE(TU.Diagnostics[1].Message.Fix.empty());
  EXPECT_EQ(TU.Diagnostics[1].DiagnosticName, "rule-a");
}

} // namespace

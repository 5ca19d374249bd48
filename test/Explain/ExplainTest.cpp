#include "Explain/Explain.h"
#include "Rules/Registry.h"
#include "RuleTester.h"
#include "llvm/Support/FileSystem.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

TEST(Explain, EveryDiagnosticNamesARuleAndItsPage) {
  for (const NvccDiagnosticInfo &D : nvccDiagnostics()) {
    EXPECT_TRUE(findRule(D.Rule)) << D.Rule.str() << " for " << D.Message.str();
    std::string Page =
        (CUDALOWER_SOURCE_DIR "/docs/rules/" + D.Rule + ".md").str();
    EXPECT_TRUE(llvm::sys::fs::exists(Page)) << Page;
    EXPECT_TRUE(D.Id.empty() || llvm::StringRef(D.Id).ends_with("-D"))
        << D.Id.str();
  }
}

TEST(Explain, EveryRuleIsExplainedOnce) {
  for (const RuleInfo &R : allRules())
    EXPECT_TRUE(explanationFor(R.Name)) << R.Name.str();
  for (const RuleExplanation &E : ruleExplanations()) {
    EXPECT_TRUE(findRule(E.Rule)) << E.Rule.str();
    EXPECT_TRUE(llvm::StringRef(E.Section).starts_with("§") ||
                llvm::StringRef(E.Section).starts_with("none"))
        << E.Section.str();
  }
  EXPECT_EQ(ruleExplanations().size(), allRules().size());
}

TEST(Explain, NumbersAreFoundInEverySpelling) {
  for (llvm::StringRef Q : {"20013-D", "20013", "#20013-D", " 20013-d "}) {
    auto Found = findNvccDiagnostics(Q);
    ASSERT_EQ(Found.size(), 1u) << Q.str();
    EXPECT_EQ(Found[0]->Rule, "constexpr-host-call");
  }
  EXPECT_TRUE(findNvccDiagnostics("3196-D").empty());
  EXPECT_TRUE(findNvccDiagnostics("-D").empty());
}

TEST(Explain, MessagesMatchWhateverTheirQuotesName) {
  auto Found = findNvccDiagnostics(
      "error: The enclosing parent function (\"run\") for an extended "
      "__device__ lambda cannot have private or protected access within its "
      "class");
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_EQ(Found[0]->Rule, "lower-extended-lambda");
  // One message, two rules: a std:: callee and a user's constexpr one.
  EXPECT_EQ(findNvccDiagnostics("calling a constexpr __host__ function(\"f\") "
                                "from a __device__ function(\"g\") is not "
                                "allowed")
                .size(),
            2u);
  // Too short to mean anything.
  EXPECT_TRUE(findNvccDiagnostics("a").empty());
}

TEST(Explain, PlacesAreFileLineAndColumn) {
  auto P = parseSourcePlace("src/a.cu:12");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->File, "src/a.cu");
  EXPECT_EQ(P->Line, 12u);
  EXPECT_EQ(P->Column, 0u);
  P = parseSourcePlace("c:/x/a.cu:12:7");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->File, "c:/x/a.cu");
  EXPECT_EQ(P->Line, 12u);
  EXPECT_EQ(P->Column, 7u);
  EXPECT_FALSE(parseSourcePlace("a.cu"));
  EXPECT_FALSE(parseSourcePlace("a.cu:0"));
  EXPECT_FALSE(parseSourcePlace(":12"));
}

/// The example of each numbered diagnostic gets a finding of its rule: the
/// table describes what the rules really do. (The errors' examples are the
/// rules' own lit cases; parsing them all here would cost ~10 s.)
TEST(Explain, NumberedExamplesAreFindingsOfTheirRules) {
  for (const NvccDiagnosticInfo &D : nvccDiagnostics()) {
    if (D.Id.empty())
      continue;
    test::LowerResult R = test::runRules(D.Example, D.Rule);
    EXPECT_NE(R.Diagnostics.find("[" + D.Rule.str() + "]"), std::string::npos)
        << D.Rule.str() << " on\n"
        << D.Example.str() << "\n"
        << R.Diagnostics;
  }
}

} // namespace

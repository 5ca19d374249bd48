#include "Nvcc/SpellingFixes.h"
#include "Rules/Registry.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

// Every kind has exactly one row: the parse's notes and the engine's
// rule-to-fix table are made from them.
TEST(SpellingFixes, EveryKindHasOneRow) {
  const ParseFixKind Kinds[] = {
      ParseFixKind::TemplateKeyword,     ParseFixKind::TypenameKeyword,
      ParseFixKind::DependentBaseMember, ParseFixKind::StaticMemberThis,
      ParseFixKind::NonLiteralConstexpr, ParseFixKind::HostOnlyConstexpr,
      ParseFixKind::AsmPercentEscape,    ParseFixKind::AsmOperandComma,
      ParseFixKind::RedeclaredSpace};
  EXPECT_EQ(spellingFixRows().size(), std::size(Kinds));
  for (ParseFixKind Kind : Kinds) {
    unsigned Rows = 0;
    for (const SpellingFixRow &Row : spellingFixRows())
      Rows += Row.Kind == Kind;
    EXPECT_EQ(Rows, 1u) << static_cast<int>(Kind);
  }
}

// Each kind is written by exactly one rule, which declares it
// (Rule::parseFixesWritten): with that rule off, the fix is never taken.
TEST(SpellingFixes, EveryKindIsWrittenByOneRule) {
  for (const SpellingFixRow &Row : spellingFixRows()) {
    std::vector<llvm::StringRef> Writers;
    for (const RuleInfo &R : allRules())
      if (llvm::is_contained(R.ParseFixes(), Row.Kind))
        Writers.push_back(R.Name);
    EXPECT_EQ(Writers.size(), 1u) << static_cast<int>(Row.Kind);
  }
}

// The parse applies the fixes of the enabled rules only.
TEST(SpellingFixes, TheEnabledRulesChooseTheFixes) {
  llvm::StringSet<> None, Asm{"nvcc-asm-escape"};
  EXPECT_TRUE(parseFixesFor(None).empty());
  EXPECT_EQ(parseFixesFor(Asm),
            std::set<ParseFixKind>{ParseFixKind::AsmPercentEscape});
  llvm::StringSet<> All;
  for (const RuleInfo &R : allRules())
    All.insert(R.Name);
  EXPECT_EQ(parseFixesFor(All).size(), spellingFixRows().size());
}

TEST(SpellingFixes, NotesAndSpellingsFillTheSite) {
  ParseFixSite Site;
  Site.Kind = ParseFixKind::StaticMemberThis;
  Site.Text = "Table::";
  Site.Name = "has_payload";
  EXPECT_EQ(describeSpellingFix(Site),
            "nvcc accepts 'this->has_payload' in a constant expression; "
            "Clang needs 'Table::has_payload' here");
  EXPECT_EQ(userSpellingOf(Site), "'Table::has_payload'");
  Site.Kind = ParseFixKind::TemplateKeyword;
  Site.Text = "template ";
  Site.Name = "view";
  EXPECT_EQ(userSpellingOf(Site), "'template'");
  Site.Kind = ParseFixKind::AsmPercentEscape;
  Site.Text = "%";
  Site.Name = "%laneid";
  EXPECT_EQ(userSpellingOf(Site), "'%%laneid'");
}

} // namespace

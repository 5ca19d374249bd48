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
      ParseFixKind::AsmPercentEscape,    ParseFixKind::AsmOperandComma};
  EXPECT_EQ(spellingFixRows().size(), std::size(Kinds));
  for (ParseFixKind Kind : Kinds) {
    unsigned Rows = 0;
    for (const SpellingFixRow &Row : spellingFixRows())
      Rows += Row.Kind == Kind;
    EXPECT_EQ(Rows, 1u) << static_cast<int>(Kind);
  }
}

// Each row's owning rule exists: with it off, the fix is never taken.
TEST(SpellingFixes, EveryRowNamesARule) {
  for (const SpellingFixRow &Row : spellingFixRows())
    EXPECT_NE(findRule(Row.Rule), nullptr) << Row.Rule;
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

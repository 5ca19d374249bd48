#include "Engine/EditCollector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

const char *const File = "/src/a.cu";
// Long enough for every offset the tests use.
const char *const Text = "0123456789abcdefghijklmnopqrstuvwxyz\n";

Edit edit(unsigned Offset, unsigned Length, std::string NewText) {
  Edit E;
  E.File = File;
  E.Offset = Offset;
  E.Length = Length;
  E.Text = std::move(NewText);
  return E;
}

Diagnostic finding(std::string Rule, unsigned Offset, std::vector<Edit> Edits,
                   std::string Message = "use a functor") {
  Diagnostic D;
  D.Rule = std::move(Rule);
  D.File = File;
  D.Offset = Offset;
  D.Message = std::move(Message);
  D.Edits = std::move(Edits);
  return D;
}

void finalize(EditCollector &C) {
  if (llvm::Error E = C.finalize())
    ADD_FAILURE() << llvm::toString(std::move(E));
}

/// Text after applying every accepted edit in File.
std::string applied(const EditCollector &C) {
  auto It = C.replacements().find(File);
  if (It == C.replacements().end())
    return Text;
  auto Out = clang::tooling::applyAllReplacements(Text, It->second);
  if (!Out) {
    ADD_FAILURE() << llvm::toString(Out.takeError());
    return "";
  }
  return *Out;
}

TEST(EditCollector, MergesIdenticalFindingsFromTwoPasses) {
  EditCollector C;
  C.add(finding("r", 2, {edit(2, 3, "X")}));
  C.add(finding("r", 2, {edit(2, 3, "X")}));
  finalize(C);
  ASSERT_EQ(C.diagnostics().size(), 1u);
  EXPECT_EQ(C.diagnostics()[0].Level, DiagLevel::Warning);
  EXPECT_FALSE(C.hasErrors());
  EXPECT_EQ(applied(C), "01X56789abcdefghijklmnopqrstuvwxyz\n");
}

TEST(EditCollector, DifferingFixesForOneFindingAreAnErrorWithoutEdits) {
  EditCollector C;
  C.add(finding("r", 2, {edit(2, 3, "host")}));
  C.add(finding("r", 2, {edit(2, 3, "device")}));
  finalize(C);
  ASSERT_EQ(C.diagnostics().size(), 1u);
  const Diagnostic &D = C.diagnostics()[0];
  EXPECT_EQ(D.Level, DiagLevel::Error);
  EXPECT_TRUE(D.Edits.empty());
  EXPECT_NE(D.Message.find("need different rewrites"), std::string::npos)
      << D.Message;
  EXPECT_TRUE(C.hasErrors());
  EXPECT_EQ(applied(C), Text);
}

TEST(EditCollector, AFixMissingFromOnePassIsADisagreementToo) {
  for (bool FixFirst : {true, false}) {
    EditCollector C;
    Diagnostic WithFix = finding("r", 2, {edit(2, 3, "X")});
    Diagnostic WithoutFix = finding("r", 2, {});
    C.add(FixFirst ? WithFix : WithoutFix);
    C.add(FixFirst ? WithoutFix : WithFix);
    finalize(C);
    ASSERT_EQ(C.diagnostics().size(), 1u);
    EXPECT_EQ(C.diagnostics()[0].Level, DiagLevel::Error) << FixFirst;
    EXPECT_EQ(applied(C), Text) << FixFirst;
  }
}

TEST(EditCollector, ADisagreementStaysWhenMoreTranslationUnitsReportIt) {
  // A header seen by two TUs, each parsed in two passes.
  EditCollector C;
  C.add(finding("r", 2, {edit(2, 3, "host")}));
  C.add(finding("r", 2, {edit(2, 3, "device")}));
  C.add(finding("r", 2, {edit(2, 3, "host")}));
  C.add(finding("r", 2, {edit(2, 3, "device")}));
  finalize(C);
  ASSERT_EQ(C.diagnostics().size(), 1u);
  EXPECT_EQ(C.diagnostics()[0].Level, DiagLevel::Error);
  EXPECT_EQ(applied(C), Text);
}

TEST(EditCollector, OverlappingFixFromAnotherRuleIsDroppedAndNamesTheFirst) {
  EditCollector C;
  C.add(finding("first-rule", 2, {edit(2, 5, "A")}));
  C.add(finding("second-rule", 4, {edit(20, 1, "Z"), edit(4, 5, "B")}));
  finalize(C);
  ASSERT_EQ(C.diagnostics().size(), 2u);
  EXPECT_EQ(C.diagnostics()[0].Level, DiagLevel::Warning);
  const Diagnostic &Dropped = C.diagnostics()[1];
  EXPECT_EQ(Dropped.Level, DiagLevel::Error);
  EXPECT_TRUE(Dropped.Edits.empty());
  EXPECT_NE(Dropped.Message.find("conflicts with a fix of [first-rule]"),
            std::string::npos)
      << Dropped.Message;
  // All or nothing: the second fix's edit that did not overlap is gone too.
  EXPECT_EQ(applied(C), "01A789abcdefghijklmnopqrstuvwxyz\n");
}

TEST(EditCollector, IdenticalEditsFromTwoFixesAreAppliedOnce) {
  EditCollector C;
  C.add(finding("r1", 2, {edit(0, 0, "#include <x>\n"), edit(2, 1, "A")}));
  C.add(finding("r2", 9, {edit(0, 0, "#include <x>\n"), edit(9, 1, "B")}));
  finalize(C);
  EXPECT_FALSE(C.hasErrors());
  EXPECT_EQ(applied(C), "#include <x>\n01A345678Babcdefghijklmnopqrstuvwxyz\n");
}

TEST(EditCollector, InsertionsAtOneOffsetAreConcatenatedInOrder) {
  EditCollector C;
  C.add(finding("r1", 1, {edit(3, 0, "a")}));
  C.add(finding("r2", 2, {edit(3, 0, "b")}));
  C.add(finding("r3", 3, {edit(3, 0, "c")}));
  finalize(C);
  EXPECT_FALSE(C.hasErrors());
  EXPECT_EQ(applied(C), "012abc3456789abcdefghijklmnopqrstuvwxyz\n");
}

TEST(EditCollector, InsertionAtTheEdgeOfAReplacementIsNoConflict) {
  EditCollector C;
  C.add(finding("r1", 2, {edit(2, 3, "R")}));
  C.add(finding("r2", 2, {edit(2, 0, "<"), edit(5, 0, ">")}));
  finalize(C);
  EXPECT_FALSE(C.hasErrors());
  EXPECT_EQ(applied(C), "01<R>56789abcdefghijklmnopqrstuvwxyz\n");
}

TEST(EditCollector, InsertionInsideAReplacementConflicts) {
  EditCollector C;
  C.add(finding("r1", 2, {edit(2, 3, "R")}));
  C.add(finding("r2", 3, {edit(3, 0, "!")}));
  finalize(C);
  EXPECT_EQ(C.diagnostics()[1].Level, DiagLevel::Error);
  EXPECT_EQ(applied(C), "01R56789abcdefghijklmnopqrstuvwxyz\n");
}

/// Copy edits read the text they copy from disk: a real file for them.
class CopyEditTest : public ::testing::Test {
protected:
  static constexpr const char *Source = "A(x + y);\n//tail\n";

  void SetUp() override {
    int FD;
    ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("copy", "cu", FD, Path));
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Source;
  }
  void TearDown() override { llvm::sys::fs::remove(Path); }

  Edit at(llvm::StringRef Find, llvm::StringRef NewText, bool Insert = false) {
    Edit E;
    E.File = std::string(Path);
    E.Offset = llvm::StringRef(Source).find(Find);
    E.Length = Insert ? 0 : Find.size();
    E.Text = NewText.str();
    return E;
  }
  /// Copies the text of \p Find, edits inside it included, to before
  /// "//tail", between "<" and ">\n".
  Edit copyOf(llvm::StringRef Find) {
    Edit E = at("//tail", "<", /*Insert=*/true);
    E.IsCopy = true;
    E.CopyOffset = llvm::StringRef(Source).find(Find);
    E.CopyLength = Find.size();
    E.TextAfterCopy = ">\n";
    return E;
  }
  Diagnostic fix(std::string Rule, std::vector<Edit> Edits) {
    Diagnostic D = finding(std::move(Rule), Edits.front().Offset, Edits);
    D.File = std::string(Path);
    return D;
  }
  std::string result(EditCollector &C) {
    finalize(C);
    auto Out = clang::tooling::applyAllReplacements(
        Source, C.replacements().at(std::string(Path)));
    return Out ? *Out : llvm::toString(Out.takeError());
  }

  llvm::SmallString<128> Path;
};

TEST_F(CopyEditTest, AnEditInsideMovedCodeMovesWithIt) {
  for (bool MoveFirst : {true, false}) {
    EditCollector C;
    Diagnostic Move = fix("mover", {copyOf("x + y"), at("x + y", "moved")});
    Diagnostic Rename = fix("renamer", {at("y", "z")});
    C.add(MoveFirst ? Move : Rename);
    C.add(MoveFirst ? Rename : Move);
    EXPECT_EQ(result(C), "A(moved);\n<x + z>\n//tail\n") << MoveFirst;
    EXPECT_FALSE(C.hasErrors());
  }
}

TEST(CopyEdit, ReindentChangesOnlyLeadingWhitespaceAfterTheFirstLine) {
  // Code moved two levels up: lines that start with the old indentation get
  // the new one; the first line and less-indented lines (a directive) stay.
  const std::string Source = "    {\n      f(a,\n        b);\n#if X\n    }\n//tail\n";
  llvm::SmallString<128> Path;
  int FD;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("reindent", "cu", FD, Path));
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Source;
  }
  Edit E;
  E.File = std::string(Path);
  E.Offset = Source.find("//tail");
  E.IsCopy = true;
  E.CopyOffset = Source.find('{');
  E.CopyLength = Source.find('}') + 1 - E.CopyOffset;
  E.TextAfterCopy = "\n";
  E.CopyIndentFrom = "    ";
  E.CopyIndentTo = "  ";
  Diagnostic D = finding("mover", E.Offset, {E});
  D.File = std::string(Path);
  EditCollector C;
  C.add(D);
  finalize(C);
  auto Out = clang::tooling::applyAllReplacements(
      Source, C.replacements().at(std::string(Path)));
  llvm::sys::fs::remove(Path);
  ASSERT_TRUE(static_cast<bool>(Out));
  EXPECT_EQ(*Out, Source.substr(0, Source.find("//tail")) +
                      "{\n    f(a,\n      b);\n#if X\n  }\n//tail\n");
}

TEST_F(CopyEditTest, AnEditInsideCopiedCodeLandsInBothPlaces) {
  EditCollector C;
  C.add(fix("copier", {copyOf("x + y")}));
  C.add(fix("renamer", {at("y", "z")}));
  EXPECT_EQ(result(C), "A(x + z);\n<x + z>\n//tail\n");
}

} // namespace

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

// A macro's expansion is one place to show findings at, but the uses in its
// body are many: spelled apart, they are findings of their own, each merged
// only with its repeat from the other pass.
TEST(EditCollector, FindingsSpelledApartInOneExpansionAreTwo) {
  EditCollector C;
  for (int Pass = 0; Pass < 2; ++Pass) {
    Diagnostic First = finding("r", 2, {edit(4, 1, "X")});
    First.MacroSpelling = "f.cu:4";
    Diagnostic Second = finding("r", 2, {edit(8, 1, "Y")});
    Second.MacroSpelling = "f.cu:8";
    C.add(First);
    C.add(Second);
  }
  finalize(C);
  ASSERT_EQ(C.diagnostics().size(), 2u);
  EXPECT_FALSE(C.hasErrors());
  EXPECT_EQ(applied(C), "0123X567Y9abcdefghijklmnopqrstuvwxyz\n");
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

TEST(EditCollector, TheFirstAcceptedOfTheOverlappedEditsIsNamed) {
  // The edit a new one overlaps is found by offset; of several, the one
  // accepted first is named, whatever its offset.
  EditCollector C;
  C.add(finding("later-offset", 10, {edit(10, 2, "L")}));
  C.add(finding("earlier-offset", 4, {edit(4, 2, "E")}));
  C.add(finding("wide", 3, {edit(3, 10, "W")}));
  finalize(C);
  ASSERT_EQ(C.diagnostics().size(), 3u);
  EXPECT_NE(C.diagnostics()[2].Message.find("[later-offset]"),
            std::string::npos)
      << C.diagnostics()[2].Message;
  EXPECT_EQ(applied(C), "0123E6789Lcdefghijklmnopqrstuvwxyz\n");
}

TEST(EditCollector, AFailedFixLeavesNoTraceInAnyFile) {
  EditCollector C;
  C.add(finding("r1", 2, {edit(2, 3, "A")}));
  Edit Elsewhere = edit(1, 1, "X");
  Elsewhere.File = "/src/other.cu";
  // Its edit of the other file is accepted, then its second edit conflicts:
  // the whole fix goes, the other file's entry with it.
  C.add(finding("r2", 3, {Elsewhere, edit(3, 1, "B")}));
  // This fix overlaps only the edit that was taken back.
  Edit Again = edit(1, 2, "Y");
  Again.File = "/src/other.cu";
  C.add(finding("r3", 1, {Again}));
  finalize(C);
  ASSERT_EQ(C.diagnostics().size(), 3u);
  EXPECT_EQ(C.diagnostics()[1].Level, DiagLevel::Error);
  EXPECT_EQ(C.diagnostics()[2].Level, DiagLevel::Warning);
  auto Other = C.replacements().find("/src/other.cu");
  ASSERT_NE(Other, C.replacements().end());
  ASSERT_EQ(Other->second.size(), 1u);
  EXPECT_EQ(Other->second.begin()->getReplacementText(), "Y");
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

/// Every kind of edit that rules make at the start of a declaration, as
/// they meet there: the include line of std-to-cuda-std, a functor written
/// by lower-extended-lambda (a copy edit), another whole-line declaration,
/// an annotation in front of the declaration, and a replacement or deletion
/// starting there.
class EditsAtOneOffsetTest : public ::testing::Test {
protected:
  static constexpr const char *Source =
      "#include <algorithm>\nconstexpr int sq(int x);\nint a = f(1);\n";

  void SetUp() override {
    int FD;
    ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("meet", "cu", FD, Path));
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Source;
  }
  void TearDown() override { llvm::sys::fs::remove(Path); }

  enum Kind { Include, Functor, Declaration, Annotation, Replace, Delete };
  static constexpr Kind AllKinds[] = {Include,    Functor, Declaration,
                                      Annotation, Replace, Delete};

  Diagnostic make(Kind K) {
    unsigned At = llvm::StringRef(Source).find("constexpr");
    Edit E;
    E.File = std::string(Path);
    E.Offset = At;
    std::string Rule;
    switch (K) {
    case Include:
      Rule = "std-to-cuda-std";
      E.Text = "#include <cuda/std/utility>\n";
      break;
    case Functor:
      Rule = "lower-extended-lambda";
      E.Text = "struct L { int v = ";
      E.IsCopy = true;
      E.CopyOffset = llvm::StringRef(Source).find("f(1)");
      E.CopyLength = 4;
      E.TextAfterCopy = "; };\n";
      break;
    case Declaration:
      Rule = "exec-space-deduced-return";
      E.Text = "__device__ int sq(int);\n";
      break;
    case Annotation:
      Rule = "constexpr-host-call";
      E.Text = "__host__ __device__ ";
      break;
    case Replace:
      Rule = "replacer";
      E.Length = 9;
      E.Text = "inline";
      break;
    case Delete:
      Rule = "deleter";
      E.Length = 10;
      break;
    }
    Diagnostic D = finding(Rule, At, {E});
    D.File = std::string(Path);
    return D;
  }

  std::string result(std::vector<Diagnostic> Findings) {
    EditCollector C;
    for (Diagnostic &D : Findings)
      C.add(std::move(D));
    finalize(C);
    EXPECT_FALSE(C.hasErrors());
    auto It = C.replacements().find(std::string(Path));
    if (It == C.replacements().end())
      return Source;
    auto Out = clang::tooling::applyAllReplacements(Source, It->second);
    return Out ? *Out : llvm::toString(Out.takeError());
  }

  llvm::SmallString<128> Path;
};

TEST_F(EditsAtOneOffsetTest, TheIncludeLineComesBeforeTheAnnotation) {
  // The issue's case: std::min and a constexpr helper in one file.
  for (bool IncludeFirst : {true, false}) {
    std::vector<Diagnostic> F = {make(Include), make(Annotation)};
    if (!IncludeFirst)
      std::swap(F[0], F[1]);
    EXPECT_EQ(result(F), "#include <algorithm>\n"
                         "#include <cuda/std/utility>\n"
                         "__host__ __device__ constexpr int sq(int x);\n"
                         "int a = f(1);\n");
  }
}

TEST_F(EditsAtOneOffsetTest, EveryPairMeetsInOneOrderWhicheverComesFirst) {
  // Lines first (preprocessor, then code), then text in front of the
  // declaration, then what replaces it; the order of reports never matters.
  auto Rank = [](Kind K) {
    switch (K) {
    case Include:
      return 0;
    case Functor:
    case Declaration:
      return 1;
    case Annotation:
      return 2;
    case Replace:
    case Delete:
      return 3;
    }
    return 4;
  };
  for (Kind A : AllKinds)
    for (Kind B : AllKinds) {
      if (A >= B || (Rank(A) == 3 && Rank(B) == 3))
        continue; // the same edit, or two replacements: a conflict
      std::string AB = result({make(A), make(B)});
      std::string BA = result({make(B), make(A)});
      EXPECT_EQ(AB, BA) << A << " and " << B;
      // What each wrote, found in the result, in rank order.
      auto Marker = [](Kind K) -> std::string {
        switch (K) {
        case Include:
          return "#include <cuda/std/utility>";
        case Functor:
          return "struct L";
        case Declaration:
          return "__device__ int sq(int);";
        case Annotation:
          return "__host__ __device__ ";
        case Replace:
          return "inline";
        case Delete:
          return "int sq(int x);";
        }
        return "";
      };
      size_t PosA = AB.find(Marker(A)), PosB = AB.find(Marker(B));
      ASSERT_NE(PosA, std::string::npos) << AB;
      ASSERT_NE(PosB, std::string::npos) << AB;
      // Braces: gtest's EXPECT_* expands to an if/else.
      if (Rank(A) != Rank(B)) {
        EXPECT_EQ(PosA < PosB, Rank(A) < Rank(B)) << AB;
      }
      // Every line the edits wrote is whole, and the original lines
      // around them survive.
      EXPECT_EQ(AB.rfind("#include <algorithm>\n", 0), 0u) << AB;
      EXPECT_NE(AB.find("int a = f(1);\n"), std::string::npos) << AB;
    }
}

TEST_F(EditsAtOneOffsetTest, LinesAtOneOffsetAreOrderedByRuleThenText) {
  Diagnostic Second = make(Include);
  Second.Rule = "std-to-cuda-std";
  Second.Edits[0].Text = "#include <cuda/std/limits>\n";
  Second.Message = "another";
  std::string Expected = "#include <algorithm>\n"
                         "#include <cuda/std/limits>\n"
                         "#include <cuda/std/utility>\n"
                         "constexpr int sq(int x);\n"
                         "int a = f(1);\n";
  EXPECT_EQ(result({make(Include), Second}), Expected);
  EXPECT_EQ(result({Second, make(Include)}), Expected);
}

} // namespace

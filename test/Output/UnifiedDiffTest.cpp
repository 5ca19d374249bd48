#include "Output/UnifiedDiff.h"
#include <gtest/gtest.h>

using namespace cudalower;
using clang::tooling::Replacement;
using clang::tooling::Replacements;

namespace {

Replacements diffEdits(std::vector<Replacement> List) {
  Replacements Out;
  for (const Replacement &R : List)
    if (llvm::Error E = Out.add(R))
      ADD_FAILURE() << llvm::toString(std::move(E));
  return Out;
}

Replacement at(llvm::StringRef Old, llvm::StringRef Find, unsigned Length,
               llvm::StringRef Text) {
  size_t Offset = Old.find(Find);
  EXPECT_NE(Offset, llvm::StringRef::npos) << Find.str();
  return Replacement("f.cu", Offset, Length, Text);
}

/// "l1\n" .. "lN\n".
std::string numberedLines(unsigned N) {
  std::string Out;
  for (unsigned I = 1; I <= N; ++I)
    Out += "l" + std::to_string(I) + "\n";
  return Out;
}

TEST(UnifiedDiff, OneEditInOneLine) {
  std::string Old = "a\nb\nc\nint x = f();\nd\ne\nf\ng\n";
  EXPECT_EQ(unifiedDiff("f.cu", Old, diffEdits({at(Old, "f()", 1, "g")})),
            "--- a/f.cu\n+++ b/f.cu\n"
            "@@ -1,7 +1,7 @@\n"
            " a\n b\n c\n-int x = f();\n+int x = g();\n d\n e\n f\n");
}

TEST(UnifiedDiff, InsertedWholeLinesShowOnlyPlusLines) {
  std::string Old = numberedLines(8);
  EXPECT_EQ(unifiedDiff("f.cu", Old, diffEdits({at(Old, "l5", 0, "new1\nnew2\n")})),
            "--- a/f.cu\n+++ b/f.cu\n"
            "@@ -2,6 +2,8 @@\n"
            " l2\n l3\n l4\n+new1\n+new2\n l5\n l6\n l7\n");
}

TEST(UnifiedDiff, LinesAppendedAtTheEnd) {
  std::string Old = "a\nb\n";
  EXPECT_EQ(unifiedDiff("f.cu", Old,
                        diffEdits({Replacement("f.cu", Old.size(), 0, "c\n")})),
            "--- a/f.cu\n+++ b/f.cu\n"
            "@@ -1,2 +1,3 @@\n"
            " a\n b\n+c\n");
}

TEST(UnifiedDiff, TextWrittenIntoAnEmptyFile) {
  EXPECT_EQ(unifiedDiff("f.cu", "", diffEdits({Replacement("f.cu", 0, 0, "a\n")})),
            "--- a/f.cu\n+++ b/f.cu\n"
            "@@ -0,0 +1,1 @@\n"
            "+a\n");
}

TEST(UnifiedDiff, RemovedLinesShowOnlyMinusLines) {
  std::string Old = numberedLines(5);
  EXPECT_EQ(unifiedDiff("f.cu", Old, diffEdits({at(Old, "l3", 6, "")})),
            "--- a/f.cu\n+++ b/f.cu\n"
            "@@ -1,5 +1,3 @@\n"
            " l1\n l2\n-l3\n-l4\n l5\n");
}

TEST(UnifiedDiff, FarEditsMakeTwoHunks) {
  std::string Old = numberedLines(20);
  EXPECT_EQ(unifiedDiff("f.cu", Old,
                        diffEdits({at(Old, "l2\n", 2, "X"), at(Old, "l18", 3, "Y")})),
            "--- a/f.cu\n+++ b/f.cu\n"
            "@@ -1,5 +1,5 @@\n"
            " l1\n-l2\n+X\n l3\n l4\n l5\n"
            "@@ -15,6 +15,6 @@\n"
            " l15\n l16\n l17\n-l18\n+Y\n l19\n l20\n");
}

TEST(UnifiedDiff, LaterHunksCountLinesAddedByEarlierOnes) {
  std::string Old = numberedLines(20);
  EXPECT_EQ(unifiedDiff("f.cu", Old,
                        diffEdits({at(Old, "l2\n", 0, "new\n"),
                               at(Old, "l18", 3, "Y")})),
            "--- a/f.cu\n+++ b/f.cu\n"
            "@@ -1,4 +1,5 @@\n"
            " l1\n+new\n l2\n l3\n l4\n"
            "@@ -15,6 +16,6 @@\n"
            " l15\n l16\n l17\n-l18\n+Y\n l19\n l20\n");
}

TEST(UnifiedDiff, NearEditsShareOneHunk) {
  std::string Old = numberedLines(20);
  EXPECT_EQ(unifiedDiff("f.cu", Old,
                        diffEdits({at(Old, "l5", 2, "X"), at(Old, "l11", 3, "Y")})),
            "--- a/f.cu\n+++ b/f.cu\n"
            "@@ -2,13 +2,13 @@\n"
            " l2\n l3\n l4\n-l5\n+X\n l6\n l7\n l8\n l9\n l10\n-l11\n+Y\n"
            " l12\n l13\n l14\n");
}

TEST(UnifiedDiff, NoNewlineAtEndOfFile) {
  std::string Old = "a\nb";
  EXPECT_EQ(unifiedDiff("f.cu", Old, diffEdits({at(Old, "b", 1, "c")})),
            "--- a/f.cu\n+++ b/f.cu\n"
            "@@ -1,2 +1,2 @@\n"
            " a\n-b\n\\ No newline at end of file\n"
            "+c\n\\ No newline at end of file\n");
}

TEST(UnifiedDiff, CrlfLineEndingsAreKept) {
  std::string Old = "a\r\nb\r\nc\r\n";
  EXPECT_EQ(unifiedDiff("f.cu", Old, diffEdits({at(Old, "b", 1, "x")})),
            "--- a/f.cu\n+++ b/f.cu\n"
            "@@ -1,3 +1,3 @@\n"
            " a\r\n-b\r\n+x\r\n c\r\n");
}

TEST(UnifiedDiff, EditsThatChangeNothingGiveNoDiff) {
  std::string Old = "a\nb\n";
  EXPECT_EQ(unifiedDiff("f.cu", Old, diffEdits({at(Old, "b", 1, "b")})), "");
  EXPECT_EQ(unifiedDiff("f.cu", Old, Replacements()), "");
}

TEST(UnifiedDiff, AnEditThatChangesNothingMakesNoHunk) {
  std::string Old = numberedLines(20);
  EXPECT_EQ(unifiedDiff("f.cu", Old,
                        diffEdits({at(Old, "l2\n", 2, "l2"), at(Old, "l18", 3, "Y")})),
            "--- a/f.cu\n+++ b/f.cu\n"
            "@@ -15,6 +15,6 @@\n"
            " l15\n l16\n l17\n-l18\n+Y\n l19\n l20\n");
}

} // namespace

namespace {

TEST(DiffFileName, PlainNamesAsTheyAre) {
  EXPECT_EQ(diffFileName("a/", "src/x.cu"), "a/src/x.cu");
}

TEST(DiffFileName, ANameWithASpaceEndsWithATab) {
  EXPECT_EQ(diffFileName("b/", "my src/x y.cu"), "b/my src/x y.cu\t");
}

TEST(DiffFileName, QuotesAndBackslashesAreQuotedAsGitDoes) {
  EXPECT_EQ(diffFileName("a/", "q\"b\\c\td.cu"), "\"a/q\\\"b\\\\c\\td.cu\"");
  EXPECT_EQ(diffFileName("a/", "bell\a.cu"), "\"a/bell\\007.cu\"");
}

} // namespace

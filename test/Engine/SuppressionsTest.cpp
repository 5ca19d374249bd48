// Suppression comments and rule globs, on text.

#include "Engine/RuleGlobs.h"
#include "Engine/Suppressions.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

TEST(RuleGlobs, LastMatchDecides) {
  RuleGlobs G = llvm::cantFail(RuleGlobs::parse("lower-*, -lower-x,std-*"));
  EXPECT_TRUE(G.contains("lower-extended-lambda"));
  EXPECT_FALSE(G.contains("lower-x"));
  EXPECT_TRUE(G.contains("std-to-cuda-std"));
  EXPECT_FALSE(G.contains("constexpr-global"));
  EXPECT_TRUE(llvm::cantFail(RuleGlobs::parse("")).empty());
}

TEST(RuleGlobs, OnlyStarIsSpecial) {
  RuleGlobs G = llvm::cantFail(RuleGlobs::parse("a[b]"));
  EXPECT_TRUE(G.contains("a[b]"));
  EXPECT_FALSE(G.contains("ab"));
}

TEST(RuleGlobs, SurvivesCopies) {
  // GlobPattern refers to its text: a copy must not refer to freed memory.
  RuleGlobs Copy;
  {
    RuleGlobs G = llvm::cantFail(RuleGlobs::parse(std::string("rule-") + "*"));
    Copy = G;
  }
  EXPECT_TRUE(Copy.contains("rule-a"));
}

TEST(Suppressions, LineNextLineAndRanges) {
  SuppressionDirectives S = SuppressionDirectives::scan(
      "f.cu", "a(); // cuda-lower: ignore\n"          // 1
              "// cuda-lower: ignore-next-line(r1)\n" // 2
              "b();\n"                                // 3
              "/* cuda-lower: ignore-begin(r*) */\n"  // 4
              "c();\n"                                // 5
              "// cuda-lower: ignore-end(r*)\n"       // 6
              "d();\n");                              // 7
  EXPECT_TRUE(S.problems().empty());
  EXPECT_TRUE(S.suppresses(1, "any"));
  EXPECT_FALSE(S.suppresses(2, "r1"));
  EXPECT_TRUE(S.suppresses(3, "r1"));
  EXPECT_FALSE(S.suppresses(3, "r2"));
  EXPECT_TRUE(S.suppresses(5, "r2"));
  EXPECT_FALSE(S.suppresses(5, "x"));
  EXPECT_FALSE(S.suppresses(7, "r1"));
}

TEST(Suppressions, EndClosesTheInnermostBeginWithItsList) {
  SuppressionDirectives S = SuppressionDirectives::scan(
      "f.cu", "// cuda-lower: ignore-begin\n"        // 1
              "// cuda-lower: ignore-begin(a)\n"     // 2
              "x;\n"                                 // 3
              "// cuda-lower: ignore-end\n"          // 4
              "y;\n"                                 // 5
              "// cuda-lower: ignore-end(a)\n"       // 6
              "z;\n");                               // 7
  EXPECT_TRUE(S.problems().empty());
  EXPECT_TRUE(S.suppresses(3, "b"));  // inside both
  EXPECT_TRUE(S.suppresses(5, "a"));  // the plain end closed the plain begin
  EXPECT_FALSE(S.suppresses(5, "b"));
  EXPECT_FALSE(S.suppresses(7, "a"));
}

TEST(Suppressions, UnmatchedAndUnknownAreReported) {
  SuppressionDirectives S = SuppressionDirectives::scan(
      "f.cu", "// cuda-lower: ignore-end\n"
              "int x; // cuda-lower: ignore-begin(a)\r\n"
              "// cuda-lower: ignored\n");
  ASSERT_EQ(S.problems().size(), 3u);
  EXPECT_EQ(S.problems()[0].Line, 1u);
  EXPECT_NE(S.problems()[0].Message.find("without a matching ignore-begin"),
            std::string::npos);
  EXPECT_EQ(S.problems()[1].Line, 3u);
  EXPECT_NE(S.problems()[1].Message.find("unknown cuda-lower directive"),
            std::string::npos);
  EXPECT_EQ(S.problems()[2].Line, 2u);
  EXPECT_EQ(S.problems()[2].Column, 11u);
  EXPECT_EQ(S.problems()[2].Offset, 36u);
  EXPECT_EQ(S.problems()[2].Rule, SuppressionRule);
  EXPECT_FALSE(S.suppresses(2, "a"));
}

TEST(Suppressions, OnlyInComments) {
  SuppressionDirectives S = SuppressionDirectives::scan(
      "f.cu", "const char *s = \"cuda-lower: ignore\";\n");
  EXPECT_FALSE(S.suppresses(1, "r"));
  EXPECT_TRUE(S.problems().empty());
}

} // namespace

#include "Output/DiagnosticPrinter.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

TEST(ExcerptAround, AShortLineIsShownWhole) {
  SourceExcerpt E = excerptAround("int x = f();", 9);
  EXPECT_EQ(E.Text, "int x = f();");
  EXPECT_EQ(E.Column, 9u);
}

TEST(ExcerptAround, ALongLineIsCutAroundTheColumn) {
  std::string Line = std::string(20000, 'a') + "HERE" + std::string(20000, 'b');
  SourceExcerpt E = excerptAround(Line, 20001, 160);
  EXPECT_LE(E.Text.size(), 166u);
  EXPECT_EQ(E.Text.substr(0, 3), "...");
  EXPECT_EQ(E.Text.substr(E.Text.size() - 3), "...");
  EXPECT_EQ(E.Text.substr(E.Column - 1, 4), "HERE");
}

TEST(ExcerptAround, NeverCutsInsideAUtf8Character) {
  std::string Line;
  for (int I = 0; I < 200; ++I)
    Line += "\xC3\xA9"; // é
  SourceExcerpt E = excerptAround(Line, 201, 101);
  llvm::StringRef Body = llvm::StringRef(E.Text).drop_front(3).drop_back(3);
  EXPECT_EQ(Body.size() % 2, 0u);
  EXPECT_EQ(static_cast<unsigned char>(Body.front()), 0xC3u);
}

// 32 KB on one line, one finding per statement: stderr stays small.
TEST(PrintDiagnostic, ShowsAWindowOfALongLine) {
  cudalower::Diagnostic D;
  D.Rule = "r";
  D.File = "/x/a.cu";
  D.Line = 1;
  D.Column = 16001;
  D.Message = "m";
  D.SourceLine = std::string(32000, ';');
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  printDiagnostic(OS, D, /*Color=*/false);
  EXPECT_LT(Out.size(), 400u);
}

TEST(RelativeLocations, ShowsClangsPathsAsTheToolDoes) {
  EXPECT_EQ(relativeLocations("In file included from /w/p/a.cu:3:\n"
                              "/w/p/inc/b.cuh:7:2: error: oops\n"
                              "/other/c.h:1:1: note: here\n",
                              "/w/p"),
            "In file included from a.cu:3:\n"
            "inc/b.cuh:7:2: error: oops\n"
            "/other/c.h:1:1: note: here\n");
}

TEST(RelativeLocations, LeavesOtherTextAlone) {
  // Not a location (no line number), and a longer path that only contains
  // the directory.
  EXPECT_EQ(relativeLocations("'/w/p/x.h' file not found\n/q/w/p/y.cu:1:1: e\n",
                              "/w/p"),
            "'/w/p/x.h' file not found\n/q/w/p/y.cu:1:1: e\n");
}

TEST(RelativeLocations, WorksAfterAColourSequence) {
  EXPECT_EQ(relativeLocations("\x1b[1m/w/p/a.cu:1:2: \x1b[0m", "/w/p"),
            "\x1b[1ma.cu:1:2: \x1b[0m");
}

} // namespace

TEST(DisplayPath, RelativeUnderTheWorkingDirectory) {
  EXPECT_EQ(displayPath("/w/tcnn/src/a.cu", "/w/tcnn"), "src/a.cu");
  EXPECT_EQ(displayPath("/w/tcnn/src/a.cu", "/w/tcnn/"), "src/a.cu");
  EXPECT_EQ(displayPath("/w/a.cu", "/"), "w/a.cu");
}

// A sibling whose name starts with the directory's is not under it.
TEST(DisplayPath, AbsoluteOutsideIt) {
  EXPECT_EQ(displayPath("/w/tcnn-out", "/w/tcnn"), "/w/tcnn-out");
  EXPECT_EQ(displayPath("/w/tcnn2/a.cu", "/w/tcnn"), "/w/tcnn2/a.cu");
  EXPECT_EQ(displayPath("/v/a.cu", "/w"), "/v/a.cu");
}

#include "Output/LineMarkers.h"
#include <gtest/gtest.h>

using namespace cudalower;
using clang::tooling::Replacement;
using clang::tooling::Replacements;

namespace {

Replacements edits(std::initializer_list<Replacement> L) {
  Replacements R;
  for (const Replacement &E : L)
    llvm::cantFail(R.add(E));
  return R;
}

TEST(LineMarkers, UneditedTextGetsOneMarker) {
  EXPECT_EQ(withLineMarkers("a\nb\n", {}, "/p/x.cu"),
            "#line 1 \"/p/x.cu\"\na\nb\n");
}

// An include guard stays the file's first directive, so that
// preprocessors skip a second #include of the copy as they skip the
// original's: the first marker goes before the guard's #define.
TEST(LineMarkers, TheFirstMarkerLeavesAnIncludeGuardFirst) {
  std::string Guarded = "// c\n#ifndef G_H\n#define G_H\nint x;\n#endif\n";
  EXPECT_EQ(
      withLineMarkers(Guarded, {}, "g.h"),
      "// c\n#ifndef G_H\n#line 3 \"g.h\"\n#define G_H\nint x;\n#endif\n");
  // An edit inside the guard keeps it first, and is marked as before.
  EXPECT_EQ(withLineMarkers(
                Guarded, edits({Replacement("g.h", 29, 0, "int y;\n")}), "g.h"),
            "// c\n#ifndef G_H\n#line 3 \"g.h\"\n#define G_H\nint y;\n"
            "#line 4 \"g.h\"\nint x;\n#endif\n");
  // An edit before the #define, another macro defined, or code first: the
  // marker stays at the top.
  EXPECT_EQ(
      withLineMarkers(Guarded, edits({Replacement("g.h", 0, 4, "")}), "g.h")
          .substr(0, 14),
      "#line 1 \"g.h\"\n");
  for (const char *Text :
       {"#ifndef A\n#define B\n#endif\n",
        "int x;\n#ifndef G\n#define G\n#endif\n", "#pragma once\nint x;\n"})
    EXPECT_EQ(withLineMarkers(Text, {}, "g.h"),
              "#line 1 \"g.h\"\n" + std::string(Text));
}

// Lines inserted before line 2 shift it: a marker puts it back.
TEST(LineMarkers, InsertedLinesAreFollowedByAMarker) {
  std::string Old = "a\nb\n";
  EXPECT_EQ(withLineMarkers(Old, edits({Replacement("f", 2, 0, "n1\nn2\n")}),
                            "f"),
            "#line 1 \"f\"\na\nn1\nn2\n#line 2 \"f\"\nb\n");
}

// A body moved up keeps its own line numbers, and the code after the
// place it was taken from gets its own back.
TEST(LineMarkers, MovedBodyKeepsItsLines) {
  std::string Old = "int x;\n"                        // 1
                    "void f() {\n"                    // 2
                    "  before();\n"                   // 3
                    "  g([=] __device__ {\n"          // 4
                    "    work(1);\n"                  // 5
                    "  });\n"                         // 6
                    "  after();\n"                    // 7
                    "}\n";                            // 8
  size_t LambdaBegin = Old.find("[=]");
  size_t LambdaEnd = Old.find("}", LambdaBegin) + 1;
  auto R = edits({Replacement("f", Old.find("void"), 0,
                              "struct L {\n  void operator()() const {\n"
                              "    work(1);\n  }\n};\n"),
                  Replacement("f", LambdaBegin, LambdaEnd - LambdaBegin,
                              "L{}")});
  EXPECT_EQ(withLineMarkers(Old, R, "f"), "#line 1 \"f\"\n"
                                          "int x;\n"
                                          "struct L {\n"
                                          "  void operator()() const {\n"
                                          "#line 5 \"f\"\n"
                                          "    work(1);\n"
                                          "  }\n"
                                          "};\n"
                                          "#line 2 \"f\"\n"
                                          "void f() {\n"
                                          "  before();\n"
                                          "  g(L{});\n"
                                          "#line 7 \"f\"\n"
                                          "  after();\n"
                                          "}\n");
}

// A directive after a backslash would end up inside a macro definition.
TEST(LineMarkers, NoMarkerInsideAContinuedLine) {
  std::string Old = "#define M \\\n  x\nb\n";
  auto R = edits({Replacement("f", Old.find("x"), 0, "y \\\n  ")});
  std::string Got = withLineMarkers(Old, R, "f");
  EXPECT_EQ(Got.find("\\\n#line"), std::string::npos) << Got;
}

TEST(LineMarkers, PathIsEscaped) {
  EXPECT_EQ(lineMarker(3, "a\"b\\c"), "#line 3 \"a\\\"b\\\\c\"\n");
}

} // namespace

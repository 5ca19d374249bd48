#include "Editing/FunctorLayout.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

/// A fresh directory holding \p File and, if given, a .clang-format.
class StyleDir : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("layout", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }
  std::string write(llvm::StringRef Name, llvm::StringRef Text) {
    llvm::SmallString<128> Path(Dir);
    llvm::sys::path::append(Path, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << Text;
    return std::string(Path);
  }
  llvm::SmallString<128> Dir;
};

TEST_F(StyleDir, ProjectClangFormatWins) {
  write(".clang-format", "BasedOnStyle: Google\nIndentWidth: 8\n");
  std::string File = write("a.cu", "void f() {\n  g();\n}\n");
  auto Style = styleForFile(File, "void f() {\n  g();\n}\n", "  ");
  ASSERT_TRUE(Style);
  EXPECT_EQ(Style->IndentWidth, 8u);
  EXPECT_EQ(Style->ColumnLimit, 80u); // Google's, not the file's
}

TEST_F(StyleDir, WithoutClangFormatTheFileSetsIndentAndLineLength) {
  std::string Long(100, 'x');
  std::string Code = "void f() {\n    g(); // " + Long + "\n}\n";
  std::string File = write("a.cu", Code);
  auto Style = styleForFile(File, Code, "    ");
  ASSERT_TRUE(Style);
  EXPECT_EQ(Style->IndentWidth, 4u);
  EXPECT_EQ(Style->ColumnLimit, 120u);
  EXPECT_EQ(Style->BreakTemplateDeclarations,
            clang::format::FormatStyle::BTDS_Yes);

  auto Tabs = styleForFile(File, "void f() {\n\tg();\n}\n", "\t");
  ASSERT_TRUE(Tabs);
  EXPECT_EQ(Tabs->UseTab, clang::format::FormatStyle::UT_ForIndentation);
  EXPECT_EQ(Tabs->ColumnLimit, 80u);
}

TEST_F(StyleDir, DisabledFormattingIsRespected) {
  write(".clang-format", "DisableFormat: true\n");
  std::string File = write("a.cu", "void f();\n");
  EXPECT_FALSE(styleForFile(File, "void f();\n", "  "));
}

TEST(FormatAt, IndentsEveryNonBlankLine) {
  auto Style = clang::format::getLLVMStyle();
  auto Out = formatAt(Style, "struct S {\nint a;\n\nint b;\n};\n", "    ");
  ASSERT_TRUE(Out);
  EXPECT_EQ(*Out, "    struct S {\n      int a;\n\n      int b;\n    };\n");
}

TEST(FormatAt, ColumnLimitCountsTheIndentation) {
  auto Style = clang::format::getLLVMStyle();
  Style.ColumnLimit = 60;
  std::string Decl = "int function_with_a_long_name(int first, int second);\n";
  ASSERT_GT(Decl.size(), 50u);
  // Fits at column 0, not at column 10: the declaration is broken.
  EXPECT_EQ(formatAt(Style, Decl, "")->find('\n'), Decl.size() - 1);
  EXPECT_LT(formatAt(Style, Decl, std::string(10, ' '))->find('\n'),
            Decl.size() - 1);
}

/// Functor-like declarations of the shapes lower-extended-lambda writes:
/// comments above, templates, one-line and multi-line bodies, an unnamed
/// namespace, a line too long for the limit, trailing comments.
std::vector<std::string> functorLikePieces() {
  return {
      "// device lambda #1 of f(), lowered by cuda-lower.\n"
      "struct f_lambda_1 {\nint *p; float a;\n"
      "__device__ void operator()(int i) const { body(); }\n};\n\n",
      "// device lambda #2 of f(), lowered by cuda-lower.\n"
      "template <class T>\nstruct f_lambda_2 {\nT *p; // the data\n"
      "int n; // its size\n__device__ auto operator()(int i) const "
      "-> decltype(p[i]) { body(); //\n}\n};\n\n",
      "// host device lambda #1 of g(), lowered by cuda-lower.\nnamespace {\n"
      "struct g_lambda_1 {\nconst very_long_type_name_number_one first_member;"
      " const very_long_type_name_number_two second_member;\n"
      "__host__ __device__ float operator()(float v, float w, float x) const "
      "{ body(); }\n};\n} // namespace\n\n",
  };
}

TEST(FormatEachAt, EachPieceComesOutAsFormattedAlone) {
  for (const char *Base : {"LLVM", "Google", "Mozilla", "WebKit", "GNU"}) {
    clang::format::FormatStyle Style;
    ASSERT_TRUE(clang::format::getPredefinedStyle(
        Base, clang::format::FormatStyle::LK_Cpp, &Style));
    for (llvm::StringRef Indent : {"", "    "}) {
      std::vector<std::string> Pieces = functorLikePieces();
      // The joint run itself, not formatEachAt's fallback to one run each.
      std::optional<std::vector<std::string>> Together =
          formatJointlyAt(Style, Pieces, Indent);
      ASSERT_TRUE(Together) << Base;
      ASSERT_EQ(Together->size(), Pieces.size());
      for (size_t I = 0; I < Pieces.size(); ++I) {
        std::optional<std::string> Alone = formatAt(Style, Pieces[I], Indent);
        ASSERT_TRUE(Alone) << Base << " piece " << I;
        EXPECT_EQ(llvm::StringRef((*Together)[I]).rtrim(),
                  llvm::StringRef(*Alone).rtrim())
            << Base << " piece " << I;
      }
    }
  }
}

TEST(FormatEachAt, APieceHoldingTheBoundaryIsFormattedAlone) {
  auto Style = clang::format::getLLVMStyle();
  std::vector<std::string> Pieces = {
      "struct A {\nint a;\n};\n",
      "// cuda-lower: piece boundary\nstruct B {\nint b;\n};\n"};
  EXPECT_FALSE(formatJointlyAt(Style, Pieces, ""));
  std::vector<std::optional<std::string>> Out =
      formatEachAt(Style, Pieces, "");
  ASSERT_EQ(Out.size(), 2u);
  EXPECT_EQ(*Out[0], "struct A {\n  int a;\n};\n");
  EXPECT_EQ(*Out[1], "// cuda-lower: piece boundary\nstruct B {\n  int b;\n};\n");
}

} // namespace

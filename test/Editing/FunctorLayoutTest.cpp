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

} // namespace

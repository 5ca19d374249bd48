#include "Output/Emit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace cudalower;
using clang::tooling::Replacement;
using clang::tooling::Replacements;

namespace {

std::map<std::string, Replacements> edit(llvm::StringRef File, unsigned Offset,
                                         unsigned Length, llvm::StringRef Text) {
  Replacements R;
  llvm::cantFail(R.add(Replacement(File, Offset, Length, Text)));
  return {{File.str(), R}};
}

std::string newText(const std::map<std::string, Replacements> &Edits,
                    const std::map<std::string, std::string> &Parsed) {
  auto Files = applyEdits(Edits, Parsed);
  if (!Files)
    return "error: " + llvm::toString(Files.takeError());
  return Files->empty() ? "<unchanged>" : Files->front().New;
}

// The edits were computed on the parsed text; the file on disk may have
// changed since (the user saved it): they apply to the parsed text.
TEST(ApplyEdits, AppliesToTheParsedTextNotTheFileOnDisk) {
  llvm::SmallString<128> Path;
  int FD;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("emit", "cu", FD, Path));
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << "// a line the user added\nint f();\n";
  }
  std::string Got = newText(edit(Path, 4, 1, "g"), {{Path.str().str(), "int f();\n"}});
  llvm::sys::fs::remove(Path);
  EXPECT_EQ(Got, "int g();\n");
}

TEST(ApplyEdits, InsertedLinesFollowACrlfFile) {
  EXPECT_EQ(newText(edit("f.cu", 0, 0, "struct F {\n};\n"),
                    {{"f.cu", "int a;\r\nint b;\r\n"}}),
            "struct F {\r\n};\r\nint a;\r\nint b;\r\n");
}

TEST(ApplyEdits, CopiedCrlfTextIsNotConvertedTwice) {
  EXPECT_EQ(newText(edit("f.cu", 0, 0, "x\r\ny\n"), {{"f.cu", "a\r\n"}}),
            "x\r\ny\r\na\r\n");
}

TEST(ApplyEdits, InsertedLinesFollowACrOnlyFile) {
  EXPECT_EQ(newText(edit("f.cu", 0, 0, "x\ny\r\n"), {{"f.cu", "a\rb\r"}}),
            "x\ry\ra\rb\r");
}

TEST(ApplyEdits, AnLfFileIsLeftAsItIs) {
  EXPECT_EQ(newText(edit("f.cu", 0, 0, "x\n"), {{"f.cu", "a\r\nb\nc\n"}}),
            "x\na\r\nb\nc\n");
}

} // namespace

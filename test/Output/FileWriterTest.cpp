#include "Output/FileWriter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace cudalower;
namespace fs = llvm::sys::fs;

namespace {

/// The error's message, or "" for success.
std::string errorText(llvm::Error E) {
  return E ? llvm::toString(std::move(E)) : "";
}

/// A fresh directory, removed with everything in it at the end of the test.
class FileWriterTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("cudalower-writer", Dir));
  }
  void TearDown() override { fs::remove_directories(Dir); }

  std::string path(llvm::StringRef Name) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  void write(llvm::StringRef Path, llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }
  std::string read(llvm::StringRef Path) {
    auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false);
    return Buffer ? (*Buffer)->getBuffer().str() : "<unreadable>";
  }
  std::vector<std::string> entries() {
    std::vector<std::string> Names;
    std::error_code EC;
    for (fs::directory_iterator It(Dir, EC), End; It != End && !EC;
         It.increment(EC))
      Names.push_back(llvm::sys::path::filename(It->path()).str());
    std::sort(Names.begin(), Names.end());
    return Names;
  }

  llvm::SmallString<128> Dir;
};

TEST_F(FileWriterTest, ReplacesTheContents) {
  std::string P = path("a.cu");
  write(P, "old text that is longer than the new one\n");
  ASSERT_EQ(errorText(writeFileAtomically(P, "new\r\n\xEF\xBB\xBF")), "");
  EXPECT_EQ(read(P), "new\r\n\xEF\xBB\xBF");
}

TEST_F(FileWriterTest, KeepsThePermissions) {
  std::string P = path("a.cu");
  write(P, "old");
  ASSERT_FALSE(fs::setPermissions(P, fs::perms(0750)));
  ASSERT_EQ(errorText(writeFileAtomically(P, "new")), "");
  auto Perms = fs::getPermissions(P);
  ASSERT_TRUE(bool(Perms));
  EXPECT_EQ(static_cast<unsigned>(*Perms), 0750u);
}

TEST_F(FileWriterTest, NewFileGetsTheUsualPermissions) {
  mode_t Mask = umask(022);
  std::string P = path("new.cu");
  llvm::Error E = writeFileAtomically(P, "text");
  umask(Mask);
  ASSERT_EQ(errorText(std::move(E)), "");
  EXPECT_EQ(read(P), "text");
  auto Perms = fs::getPermissions(P);
  ASSERT_TRUE(bool(Perms));
  EXPECT_EQ(static_cast<unsigned>(*Perms), 0644u);
}

TEST_F(FileWriterTest, LeavesNoTemporaryFile) {
  std::string P = path("a.cu");
  write(P, "old");
  ASSERT_EQ(errorText(writeFileAtomically(P, "new")), "");
  EXPECT_EQ(entries(), std::vector<std::string>{"a.cu"});
}

TEST_F(FileWriterTest, FailsCleanlyInAMissingDirectory) {
  std::string P = path("no/such/dir/a.cu");
  EXPECT_NE(errorText(writeFileAtomically(P, "new")).find("no/such/dir/a.cu"),
            std::string::npos);
  EXPECT_TRUE(entries().empty());
}

} // namespace

#include "Output/FileWriter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>
#include <chrono>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <thread>
#include <unistd.h>

using namespace cudalower;
namespace fs = llvm::sys::fs;

namespace {

bool isFileChanged(llvm::Error E) {
  bool Changed = E.isA<FileChangedError>();
  llvm::consumeError(std::move(E));
  return Changed;
}

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

TEST_F(FileWriterTest, WritesWhenTheFileStillHoldsTheParsedText) {
  std::string P = path("a.cu");
  write(P, "parsed");
  ASSERT_EQ(errorText(writeFileAtomically(P, "new", llvm::StringRef("parsed"))),
            "");
  EXPECT_EQ(read(P), "new");
}

TEST_F(FileWriterTest, LeavesAFileThatChangedSinceItWasParsed) {
  std::string P = path("a.cu");
  write(P, "parsed, then edited by the user");
  EXPECT_TRUE(
      isFileChanged(writeFileAtomically(P, "new", llvm::StringRef("parsed"))));
  EXPECT_EQ(read(P), "parsed, then edited by the user");
  EXPECT_EQ(entries(), std::vector<std::string>{"a.cu"});
}

TEST_F(FileWriterTest, AFileRemovedSinceItWasParsedIsNotRecreated) {
  std::string P = path("a.cu");
  EXPECT_TRUE(
      isFileChanged(writeFileAtomically(P, "new", llvm::StringRef("parsed"))));
  EXPECT_TRUE(entries().empty());
}

// Another run holding the lock (here, this test) makes the writer wait; what
// that run wrote is then seen, and not overwritten.
TEST_F(FileWriterTest, WaitsForTheLockThenChecksAgain) {
  std::string P = path("a.cu");
  write(P, "parsed");
  int Holder = ::open(P.c_str(), O_RDONLY);
  ASSERT_GE(Holder, 0);
  ASSERT_EQ(::flock(Holder, LOCK_EX), 0);
  bool Changed = false;
  std::thread Writer([&] {
    Changed = isFileChanged(
        writeFileAtomically(P, "mine", llvm::StringRef("parsed")));
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(read(P), "parsed") << "wrote without the lock";
  write(P, "theirs");
  ::close(Holder); // releases the lock
  Writer.join();
  EXPECT_TRUE(Changed);
  EXPECT_EQ(read(P), "theirs");
}

TEST_F(FileWriterTest, KeepsOwnerGroupModeAndExtendedAttributes) {
  if (::geteuid() != 0)
    GTEST_SKIP() << "giving a file to another user needs root";
  std::string P = path("a.cu");
  write(P, "old");
  ASSERT_EQ(::chown(P.c_str(), 65534, 65534), 0);
  ASSERT_EQ(::chmod(P.c_str(), 02640), 0);
  if (::setxattr(P.c_str(), "user.origin", "kept", 4, 0) != 0)
    GTEST_SKIP() << "no user extended attributes here";
  ASSERT_EQ(errorText(writeFileAtomically(P, "new", llvm::StringRef("old"))),
            "");
  struct stat St;
  ASSERT_EQ(::stat(P.c_str(), &St), 0);
  EXPECT_EQ(St.st_uid, 65534u);
  EXPECT_EQ(St.st_gid, 65534u);
  EXPECT_EQ(St.st_mode & 07777, 02640u);
  char Value[16] = {};
  EXPECT_EQ(::getxattr(P.c_str(), "user.origin", Value, sizeof(Value)), 4);
  EXPECT_STREQ(Value, "kept");
  EXPECT_EQ(read(P), "new");
}

TEST_F(FileWriterTest, RefusesAFileWithSeveralHardLinks) {
  std::string P = path("a.cu"), Q = path("b.cu");
  write(P, "old");
  ASSERT_EQ(::link(P.c_str(), Q.c_str()), 0);
  EXPECT_NE(errorText(writeFileAtomically(P, "new")).find("has 2 hard links"),
            std::string::npos);
  EXPECT_EQ(read(P), "old");
  EXPECT_EQ(read(Q), "old");
}

TEST_F(FileWriterTest, WritesThroughASymbolicLink) {
  std::string P = path("real.cu"), L = path("link.cu");
  write(P, "old");
  ASSERT_EQ(::symlink("real.cu", L.c_str()), 0);
  ASSERT_EQ(errorText(writeFileAtomically(L, "new", llvm::StringRef("old"))),
            "");
  struct stat St;
  ASSERT_EQ(::lstat(L.c_str(), &St), 0);
  EXPECT_TRUE(S_ISLNK(St.st_mode));
  EXPECT_EQ(read(P), "new");
}

TEST_F(FileWriterTest, StreamsToANonRegularFile) {
  std::string P = path("pipe");
  ASSERT_EQ(::mkfifo(P.c_str(), 0600), 0);
  std::string Got;
  std::thread Reader([&] { Got = read(P); });
  EXPECT_EQ(errorText(writeFileAtomically(P, "through the pipe")), "");
  Reader.join();
  EXPECT_EQ(Got, "through the pipe");
  struct stat St;
  ASSERT_EQ(::lstat(P.c_str(), &St), 0);
  EXPECT_TRUE(S_ISFIFO(St.st_mode));
}

TEST_F(FileWriterTest, ANameAtTheSystemLimitStillGetsATemporaryFile) {
  std::string P = path(std::string(252, 'n') + ".cu"); // 255 bytes
  write(P, "old");
  ASSERT_EQ(errorText(writeFileAtomically(P, "new", llvm::StringRef("old"))),
            "");
  EXPECT_EQ(read(P), "new");
  EXPECT_EQ(entries().size(), 1u);
}

} // namespace

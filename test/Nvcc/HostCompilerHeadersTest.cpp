#include "Nvcc/HostCompilerHeaders.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

/// A scratch directory holding fake compilers: shell scripts that print
/// what a compiler asked `-print-file-name=include` would.
class HostCompilerHeadersTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(
        llvm::sys::fs::createUniqueDirectory("host-headers", Scratch));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Scratch); }

  /// Writes an executable script \p Name that prints \p Output.
  std::string fakeCompiler(llvm::StringRef Name, llvm::StringRef Output) {
    llvm::SmallString<256> Path(Scratch);
    llvm::sys::path::append(Path, Name);
    std::error_code EC;
    llvm::raw_fd_ostream Out(Path, EC);
    EXPECT_FALSE(EC);
    Out << "#!/bin/sh\necho '" << Output << "'\n";
    Out.close();
    llvm::sys::fs::setPermissions(Path, llvm::sys::fs::all_read |
                                            llvm::sys::fs::all_exe |
                                            llvm::sys::fs::owner_write);
    return std::string(Path);
  }

  llvm::SmallString<128> Scratch;
};

TEST_F(HostCompilerHeadersTest, TheDirectoryTheCompilerNames) {
  std::string Compiler = fakeCompiler("g++", Scratch.str());
  EXPECT_EQ(queryPrivateIncludeDir(Compiler), Scratch.str());
}

TEST_F(HostCompilerHeadersTest, NothingWhenTheCompilerKnowsNone) {
  // GCC prints the name back when it has no such file.
  EXPECT_EQ(queryPrivateIncludeDir(fakeCompiler("g++", "include")), "");
  EXPECT_EQ(queryPrivateIncludeDir(fakeCompiler("cc", "/no/such/dir")), "");
  EXPECT_EQ(queryPrivateIncludeDir(""), "");
}

TEST_F(HostCompilerHeadersTest, CcbinNamesACompilerOrItsDirectory) {
  std::string Compiler = fakeCompiler("g++", "x");
  EXPECT_EQ(hostCompilerFor(Compiler), Compiler);
  EXPECT_EQ(hostCompilerFor(Scratch.str()), Compiler);
  EXPECT_EQ(hostCompilerFor("/no/such/compiler"), "");
}

} // namespace

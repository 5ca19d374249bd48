#include "Driver/ClangFlagCheck.h"
#include "Driver/ProjectSources.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include <gtest/gtest.h>

using namespace cudalower;
using clang::tooling::CompileCommand;

namespace {

CompileCommand command(std::string File, std::vector<std::string> Argv) {
  return CompileCommand("/p", std::move(File), std::move(Argv), "");
}

TEST(ProjectSourcesTest, CudaEntries) {
  EXPECT_TRUE(isCudaEntry(command("a.cu", {"clang++", "-c", "a.cu"})));
  EXPECT_TRUE(isCudaEntry(command("a.cpp", {"/opt/cuda/bin/nvcc", "a.cpp"})));
  EXPECT_TRUE(isCudaEntry(command("a.cpp", {"clang++", "-x", "cuda", "a.cpp"})));
  EXPECT_TRUE(isCudaEntry(command("a.cpp", {"nvcc.exe", "a.cpp"})));
  EXPECT_TRUE(isCudaEntry(command("a.cc", {"g++", "-xcu", "a.cc"})));
  EXPECT_FALSE(isCudaEntry(command("a.cpp", {"g++", "-c", "a.cpp"})));
  EXPECT_FALSE(isCudaEntry(command("a.cuh.cpp", {"g++", "a.cuh.cpp"})));
  // The last -x wins, as for the compiler.
  EXPECT_FALSE(isCudaEntry(
      command("a.cpp", {"clang++", "-x", "cuda", "-x", "c++", "a.cpp"})));
}

std::unique_ptr<clang::tooling::CompilationDatabase>
database(llvm::StringRef Json) {
  std::string Error;
  auto DB = clang::tooling::JSONCompilationDatabase::loadFromBuffer(
      Json, Error, clang::tooling::JSONCommandLineSyntax::Gnu);
  EXPECT_TRUE(DB) << Error;
  return DB;
}

TEST(ProjectSourcesTest, DatabaseOrderWithoutRepeatsOrHostEntries) {
  auto DB = database(R"([
    {"directory": "/p/build", "command": "nvcc -c ../z.cu", "file": "../z.cu"},
    {"directory": "/p", "command": "g++ -c host.cpp", "file": "host.cpp"},
    {"directory": "/p", "command": "nvcc -c sub/a.cu", "file": "sub/a.cu"},
    {"directory": "/p", "command": "nvcc -DX -c z.cu", "file": "z.cu"}])");
  ASSERT_TRUE(DB);
  EXPECT_EQ(cudaSourcesOf(*DB),
            (std::vector<std::string>{"/p/z.cu", "/p/sub/a.cu"}));
  EXPECT_EQ(cudaSourcesOf(*DB, {"/p/sub"}),
            (std::vector<std::string>{"/p/sub/a.cu"}));
  // A prefix of a name is not a directory holding it.
  EXPECT_TRUE(cudaSourcesOf(*DB, {"/p/su"}).empty());
}

TEST(ProjectSourcesTest, NamedFilesAreKeptAsGiven) {
  auto DB = database(
      R"([{"directory": "/p", "command": "nvcc -c a.cu", "file": "a.cu"}])");
  ASSERT_TRUE(DB);
  auto Selected = selectSources({"/elsewhere/b.cu"}, DB.get(), "db.json");
  ASSERT_TRUE(bool(Selected));
  EXPECT_EQ(*Selected, (std::vector<std::string>{"/elsewhere/b.cu"}));
  auto All = selectSources({}, DB.get(), "db.json");
  ASSERT_TRUE(bool(All));
  EXPECT_EQ(*All, (std::vector<std::string>{"/p/a.cu"}));
  auto NoDatabase = selectSources({}, nullptr, "");
  ASSERT_TRUE(bool(NoDatabase));
  EXPECT_TRUE(NoDatabase->empty());
}

TEST(ProjectSourcesTest, NoCudaEntryIsAnError) {
  auto DB = database(
      R"([{"directory": "/p", "command": "g++ -c a.cpp", "file": "a.cpp"}])");
  ASSERT_TRUE(DB);
  auto Selected = selectSources({}, DB.get(), "db.json");
  ASSERT_FALSE(bool(Selected));
  EXPECT_NE(llvm::toString(Selected.takeError()).find("db.json: no CUDA entry"),
            std::string::npos);
}

TEST(ClangFlagCheckTest, DropsOnlyUnknownFlags) {
  std::vector<std::string> Args = {"-Iinc", "-fno-such-flag", "-DX=1",
                                   "-isystem", "/sys", "--bogus=3",
                                   "-std=c++20"};
  std::vector<std::string> Dropped = dropUnknownClangFlags(Args);
  EXPECT_EQ(Dropped, (std::vector<std::string>{"-fno-such-flag", "--bogus=3"}));
  EXPECT_EQ(Args, (std::vector<std::string>{"-Iinc", "-DX=1", "-isystem",
                                            "/sys", "-std=c++20"}));
}

} // namespace

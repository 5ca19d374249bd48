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

TEST(ProjectSourcesTest, WhatMakesAnEntryCuda) {
  EXPECT_EQ(cudaSignOf(command("a.cu", {"g++", "-x", "c++", "a.cu"})),
            CudaSign::CuSource);
  EXPECT_EQ(cudaSignOf(command("a.cpp", {"/p/bin/proj-nvcc", "-x", "cu",
                                         "-c", "a.cpp"})),
            CudaSign::CudaLanguage);
  EXPECT_EQ(cudaSignOf(command("a.cpp", {"clang++", "-x", "cuda",
                                         "--cuda-gpu-arch=sm_80", "a.cpp"})),
            CudaSign::CudaLanguage);
  EXPECT_EQ(cudaSignOf(command("a.cpp", {"/usr/local/cuda/bin/nvcc", "a.cpp"})),
            CudaSign::Nvcc);
  // nvcc's flags under a compiler that is not nvcc: a project's script or
  // an MPI wrapper over nvcc.
  EXPECT_EQ(cudaSignOf(command("a.cpp", {"/p/bin/proj-nvcc", "-arch=sm_80",
                                         "-c", "a.cpp"})),
            CudaSign::CudaFlag);
  EXPECT_EQ(cudaSignOf(command("a.cpp", {"mpicxx", "-Xcompiler", "-fopenmp",
                                         "-c", "a.cpp"})),
            CudaSign::CudaFlag);
  EXPECT_EQ(cudaSignOf(command("a.cpp", {"./build.sh", "--extended-lambda",
                                         "a.cpp"})),
            CudaSign::CudaFlag);
  EXPECT_EQ(cudaSignOf(command("a.cpp", {"mpicxx", "-gencode",
                                         "arch=compute_80,code=sm_80",
                                         "a.cpp"})),
            CudaSign::CudaFlag);
}

TEST(ProjectSourcesTest, LaunchersBeforeTheCompilerAreSkipped) {
  for (std::vector<std::string> Launcher :
       {std::vector<std::string>{"ccache"},
        {"/usr/bin/sccache"},
        {"distcc"},
        {"env", "CCACHE_DIR=/c", "-u", "CUDA_PATH"},
        {"env", "A=1", "ccache"},
        {"/opt/tools/launch"}}) {
    std::vector<std::string> Argv = Launcher;
    llvm::append_range(Argv, std::vector<std::string>{
                                 "/usr/local/cuda/bin/nvcc", "-c", "a.cpp"});
    EXPECT_EQ(cudaSignOf(command("a.cpp", Argv)), CudaSign::Nvcc)
        << Launcher.front();
    Argv = Launcher;
    llvm::append_range(Argv, std::vector<std::string>{"g++", "-c", "a.cpp"});
    EXPECT_EQ(cudaSignOf(command("a.cpp", Argv)), CudaSign::None)
        << Launcher.front();
  }
}

TEST(ProjectSourcesTest, HostEntriesAreSkipped) {
  EXPECT_EQ(cudaSignOf(command("a.cpp", {"g++", "-O2", "-c", "a.cpp"})),
            CudaSign::None);
  EXPECT_EQ(cudaSignOf(command("a.cpp", {"/usr/bin/c++", "-fPIC", "-Iinc",
                                         "-DX=sm_80", "-c", "a.cpp"})),
            CudaSign::None);
  // Apple's Clang takes -arch for the CPU.
  EXPECT_EQ(cudaSignOf(command("a.cpp", {"clang++", "-arch", "arm64", "-c",
                                         "a.cpp"})),
            CudaSign::None);
  // A script with no CUDA sign, and one told another language.
  EXPECT_EQ(cudaSignOf(command("a.cpp", {"/p/bin/proj-cxx", "-c", "a.cpp"})),
            CudaSign::None);
  EXPECT_EQ(cudaSignOf(command("a.cpp", {"/p/bin/proj-nvcc", "-x", "c++",
                                         "-arch=sm_80", "a.cpp"})),
            CudaSign::None);
  EXPECT_EQ(cudaSignOf(command("a.cpp", {})), CudaSign::None);
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

TEST(ProjectSourcesTest, NoCudaEntryIsAnErrorNamingTheSkipped) {
  auto DB = database(
      R"([{"directory": "/p", "command": "g++ -c a.cpp", "file": "a.cpp"}])");
  ASSERT_TRUE(DB);
  std::string Note = "stale";
  auto Selected = selectSources({}, DB.get(), "db.json", &Note);
  ASSERT_FALSE(bool(Selected));
  EXPECT_EQ(llvm::toString(Selected.takeError()),
            "db.json: no CUDA entry: skipped 1 entry that compiles no CUDA "
            "(no nvcc, no -x cu, no .cu source, no flag only nvcc takes such "
            "as -arch=sm_80): /p/a.cpp; name the sources to process");
  EXPECT_EQ(Note, "");
}

TEST(ProjectSourcesTest, SkippedEntriesAreOneNote) {
  auto DB = database(R"([
    {"directory": "/p", "command": "g++ -c h1.cpp", "file": "h1.cpp"},
    {"directory": "/p", "command": "ccache nvcc -c k.cpp", "file": "k.cpp"},
    {"directory": "/p", "command": "g++ -c h2.cpp", "file": "h2.cpp"},
    {"directory": "/p", "command": "g++ -c h3.cpp", "file": "h3.cpp"},
    {"directory": "/p", "command": "g++ -c h3.cpp", "file": "h3.cpp"},
    {"directory": "/p", "command": "g++ -c h4.cpp", "file": "h4.cpp"},
    {"directory": "/p", "command": "g++ -c k.cpp", "file": "k.cpp"}])");
  ASSERT_TRUE(DB);
  std::string Note;
  auto Selected = selectSources({}, DB.get(), "db.json", &Note);
  ASSERT_TRUE(bool(Selected));
  EXPECT_EQ(*Selected, (std::vector<std::string>{"/p/k.cpp"}));
  // Each file once; k.cpp has a CUDA entry, so it is not skipped.
  EXPECT_EQ(Note, "cuda-lower: note: db.json: skipped 4 entries that compile "
                  "no CUDA (no nvcc, no -x cu, no .cu source, no flag only "
                  "nvcc takes such as -arch=sm_80): /p/h1.cpp, /p/h2.cpp, "
                  "/p/h3.cpp and 1 more\n");
  // Named sources: the database is not scanned, nothing is said.
  auto Named = selectSources({"/p/h1.cpp"}, DB.get(), "db.json", &Note);
  ASSERT_TRUE(bool(Named));
  EXPECT_EQ(Note, "");
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

namespace {

TEST(ShardTest, KOfNIsRead) {
  auto S = parseShard("2/8");
  ASSERT_TRUE(bool(S));
  EXPECT_EQ(S->Index, 2u);
  EXPECT_EQ(S->Count, 8u);
}

TEST(ShardTest, ABadShardIsAnError) {
  for (const char *Bad : {"0/2", "3/2", "2", "a/b", "1/0", ""}) {
    auto S = parseShard(Bad);
    EXPECT_FALSE(bool(S)) << Bad;
    if (!S) {
      EXPECT_NE(llvm::toString(S.takeError()).find("is not K/N"),
                std::string::npos);
    }
  }
}

TEST(ShardTest, ShardsTakeEverySourceOnceWhateverTheOrder) {
  std::vector<std::string> Listed = {"/p/e.cu", "/p/a.cu", "/p/d.cu",
                                     "/p/b.cu", "/p/c.cu", "/p/a.cu"};
  std::vector<std::string> All;
  for (unsigned K = 1; K <= 3; ++K)
    for (std::string &S : sourcesOfShard(Listed, {K, 3}))
      All.push_back(std::move(S));
  EXPECT_EQ(All, (std::vector<std::string>{"/p/a.cu", "/p/d.cu", "/p/b.cu",
                                           "/p/e.cu", "/p/c.cu"}));
  std::reverse(Listed.begin(), Listed.end());
  EXPECT_EQ(sourcesOfShard(Listed, {1, 3}),
            (std::vector<std::string>{"/p/a.cu", "/p/d.cu"}));
}

TEST(ShardTest, OneShardIsEverySource) {
  EXPECT_EQ(sourcesOfShard({"/p/b.cu", "/p/a.cu"}, {1, 1}),
            (std::vector<std::string>{"/p/a.cu", "/p/b.cu"}));
}

} // namespace

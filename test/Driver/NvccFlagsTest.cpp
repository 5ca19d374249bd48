#include "Driver/NvccFlags.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace cudalower;

static ParsedCompileCommand parse(std::vector<std::string> Argv) {
  return parseCompileCommand(Argv, "src/a.cu");
}

TEST(NvccFlags, KeepsPreprocessorFlagsInOrder) {
  auto P = parse({"nvcc", "-I", "inc", "-DN=4", "-isystem", "/x", "-UFOO",
                  "--include-path=other", "-c", "src/a.cu", "-o", "a.o"});
  EXPECT_EQ(P.PreprocessorArgs,
            (std::vector<std::string>{"-Iinc", "-DN=4", "-isystem", "/x",
                                      "-UFOO", "-I", "other"}));
}

TEST(NvccFlags, TranslatesArchSpellings) {
  EXPECT_EQ(parse({"nvcc", "-arch=sm_80", "src/a.cu"}).GpuArch, "sm_80");
  EXPECT_EQ(parse({"nvcc", "-arch", "compute_75", "src/a.cu"}).GpuArch,
            "sm_75");
  EXPECT_EQ(parse({"nvcc", "-gencode", "arch=compute_86,code=sm_86"}).GpuArch,
            "sm_86");
  EXPECT_EQ(parse({"nvcc", "--generate-code=arch=compute_90a,code=[sm_90a]"})
                .GpuArch,
            "sm_90a");
  EXPECT_EQ(parse({"nvcc", "-arch=native"}).GpuArch, "");
  EXPECT_EQ(parse({"clang++", "--cuda-gpu-arch=sm_70"}).GpuArch, "sm_70");
}

TEST(NvccFlags, FirstArchWins) {
  auto P = parse({"nvcc", "-gencode", "arch=compute_70,code=sm_70", "-gencode",
                  "arch=compute_80,code=sm_80"});
  EXPECT_EQ(P.GpuArch, "sm_70");
}

TEST(NvccFlags, KeepsEveryArchOnceForTheArchList) {
  auto P = parse({"nvcc", "-gencode", "arch=compute_90,code=sm_90", "-gencode",
                  "arch=compute_80,code=[sm_80,compute_80]", "-arch=sm_90",
                  "-code=sm_86"});
  EXPECT_EQ(P.GpuArch, "sm_90");
  EXPECT_EQ(P.GpuArchs, (std::vector<std::string>{"sm_90", "sm_80"}));
  EXPECT_TRUE(parse({"nvcc", "-arch=native"}).GpuArchs.empty());
}

TEST(NvccFlags, ReadsStdInEverySpelling) {
  EXPECT_EQ(parse({"nvcc", "-std=c++20"}).Std, "c++20");
  EXPECT_EQ(parse({"nvcc", "--std", "c++14"}).Std, "c++14");
  EXPECT_EQ(parse({"nvcc", "-std", "c++17"}).Std, "c++17");
  EXPECT_EQ(parse({"nvcc", "-Xcompiler", "-std=c++20"}).Std, "c++20");
}

TEST(NvccFlags, SplitsXcompiler) {
  auto P = parse({"nvcc", "-Xcompiler", "-DA=1,-fPIC,-Iz", "src/a.cu"});
  EXPECT_EQ(P.PreprocessorArgs, (std::vector<std::string>{"-DA=1", "-Iz"}));
  EXPECT_EQ(P.Ignored, (std::vector<std::string>{"-Xcompiler -fPIC"}));
}

// Kokkos's nvcc_wrapper hands its -isystem to the host compiler this way;
// nvcc gives it to both passes' preprocessing, so the parse needs it too.
TEST(NvccFlags, ReadsHostIncludePathsWithSeparateValues) {
  auto P = parse({"nvcc", "-Xcompiler", "-isystem,/t/desul,-isystem,/t/md",
                  "--compiler-options=-include,pre.h,-I,/i,-iquote/q",
                  "-Xcompiler", "-D X=1 -fopenmp", "src/a.cu"});
  EXPECT_EQ(P.PreprocessorArgs,
            (std::vector<std::string>{"-isystem", "/t/desul", "-isystem",
                                      "/t/md", "-include", "pre.h", "-I/i",
                                      "-iquote", "/q", "-DX=1"}));
  EXPECT_EQ(P.Ignored, (std::vector<std::string>{"-Xcompiler -fopenmp"}));
}

// An option whose value is missing is no preprocessor option to guess at.
TEST(NvccFlags, KeepsAHostIncludeOptionWithoutValueAsIgnored) {
  auto P = parse({"nvcc", "-Xcompiler", "-fPIC,-isystem", "src/a.cu"});
  EXPECT_TRUE(P.PreprocessorArgs.empty());
  EXPECT_EQ(P.Ignored, (std::vector<std::string>{"-Xcompiler -fPIC",
                                                 "-Xcompiler -isystem"}));
}

TEST(NvccFlags, RdcAndIgnoredFlags) {
  auto P = parse({"nvcc", "-rdc=true", "--expt-relaxed-constexpr",
                  "--extended-lambda", "-O3", "-Xptxas", "-v", "-ccbin",
                  "g++", "-x", "cu", "src/a.cu"});
  EXPECT_TRUE(P.RelocatableDeviceCode);
  EXPECT_TRUE(P.PreprocessorArgs.empty());
  EXPECT_EQ(P.Ignored,
            (std::vector<std::string>{"--expt-relaxed-constexpr",
                                      "--extended-lambda", "-O3",
                                      "-Xptxas -v"}));
  EXPECT_EQ(P.HostCompiler, "g++");
}

// Every option nvcc shows with a value takes its value apart too: left
// unread, the value would be taken for a source (after `-x cu`, every word
// is one). `-rdc true` is read as `-rdc=true`.
TEST(NvccFlags, ReadsTheSeparateValueOfEveryNvccOption) {
  auto P =
      parse({"nvcc", "-x", "cu", "-Werror", "all-warnings", "--default-stream",
             "per-thread", "-rdc", "true", "-m", "64", "-ftz", "true", "-time",
             "t.csv", "--diag-error", "20012", "src/a.cu"});
  EXPECT_TRUE(P.RelocatableDeviceCode);
  EXPECT_EQ(P.Ignored,
            (std::vector<std::string>{
                "-Werror all-warnings", "--default-stream per-thread", "-m 64",
                "-ftz true", "-time t.csv", "--diag-error 20012"}));
  EXPECT_FALSE(
      parse({"nvcc", "-rdc", "false", "src/a.cu"}).RelocatableDeviceCode);
}

// GCC and Clang spell -Werror and -time without a value: another compiler's
// command (or a compiler script's, such as Kokkos's nvcc_wrapper, which
// hands such options to the host compiler) keeps the next word.
TEST(NvccFlags, NvccOnlyValueOptionsKeepTheirMeaningElsewhere) {
  for (const char *Compiler : {"clang++", "nvcc_wrapper"}) {
    auto P =
        parse({Compiler, "-Werror", "-DX=1", "-time", "-DY=2", "src/a.cu"});
    EXPECT_EQ(P.PreprocessorArgs, (std::vector<std::string>{"-DX=1", "-DY=2"}))
        << Compiler;
  }
}

TEST(NvccFlags, HostCompilerInEverySpelling) {
  EXPECT_EQ(parse({"nvcc", "-ccbin=/opt/gcc/bin", "src/a.cu"}).HostCompiler,
            "/opt/gcc/bin");
  EXPECT_EQ(parse({"nvcc", "--compiler-bindir", "clang++", "src/a.cu"})
                .HostCompiler,
            "clang++");
  EXPECT_EQ(parse({"nvcc", "--compiler-bindir=g++-12", "src/a.cu"})
                .HostCompiler,
            "g++-12");
  EXPECT_EQ(parse({"nvcc", "src/a.cu"}).HostCompiler, "");
}

TEST(NvccFlags, ReadsTheCompilerAfterItsLaunchers) {
  // A launcher's own words are neither flags nor inputs; the compiler's
  // flags are read as nvcc's whatever runs it.
  auto P = parse({"env", "-u", "CUDA_PATH", "CCACHE_DIR=/c", "ccache",
                  "/p/bin/proj-nvcc", "-arch=sm_80", "-Xcompiler",
                  "-fPIC,-DFROM_SCRIPT", "--extended-lambda", "-rdc=true",
                  "-c", "src/a.cu"});
  EXPECT_EQ(P.GpuArch, "sm_80");
  EXPECT_EQ(P.PreprocessorArgs, (std::vector<std::string>{"-DFROM_SCRIPT"}));
  EXPECT_TRUE(P.RelocatableDeviceCode);
  EXPECT_EQ(P.Ignored,
            (std::vector<std::string>{"-Xcompiler -fPIC", "--extended-lambda",
                                      "-c"}));
  EXPECT_EQ(parse({"mpicxx", "-gencode", "arch=compute_86,code=sm_86",
                   "src/a.cu"})
                .GpuArch,
            "sm_86");
}

TEST(NvccFlags, CompilerIndex) {
  using V = std::vector<std::string>;
  EXPECT_EQ(compilerIndexOf(V{"nvcc", "-c", "a.cu"}), 0u);
  EXPECT_EQ(compilerIndexOf(V{"ccache", "nvcc", "a.cu"}), 1u);
  EXPECT_EQ(compilerIndexOf(V{"sccache", "/p/bin/proj-nvcc", "a.cu"}), 1u);
  EXPECT_EQ(compilerIndexOf(V{"distcc", "ccache", "g++-12", "a.cu"}), 2u);
  EXPECT_EQ(compilerIndexOf(V{"env", "A=1", "B=2", "nvcc", "a.cu"}), 3u);
  EXPECT_EQ(compilerIndexOf(V{"env", "-i", "-C", "/d", "clang++"}), 4u);
  // Any program before a compiler, whose name may carry a target or a
  // version.
  EXPECT_EQ(compilerIndexOf(V{"/opt/launch", "x86_64-linux-gnu-g++-12"}), 1u);
  EXPECT_EQ(compilerIndexOf(V{"time", "mpicxx", "a.cpp"}), 1u);
  // Not launchers: ccache as the compiler, a compiler before a word, a
  // program before a flag or a word that names no compiler.
  EXPECT_EQ(compilerIndexOf(V{"ccache", "a.cpp"}), 0u);
  EXPECT_EQ(compilerIndexOf(V{"ccache", "-c", "a.cpp"}), 0u);
  EXPECT_EQ(compilerIndexOf(V{"nvcc", "ccache"}), 0u);
  EXPECT_EQ(compilerIndexOf(V{"/p/build.sh", "release", "a.cpp"}), 0u);
  EXPECT_EQ(compilerIndexOf(V{"env"}), 0u);
  EXPECT_EQ(compilerIndexOf(V{}), 0u);
}

TEST(NvccFlags, CudaOnlyFlags) {
  using V = std::vector<std::string>;
  EXPECT_EQ(cudaOnlyFlagIn(V{"-O2", "-arch=sm_80"}), "-arch=sm_80");
  EXPECT_EQ(cudaOnlyFlagIn(V{"-arch", "compute_90a"}), "-arch compute_90a");
  EXPECT_EQ(cudaOnlyFlagIn(V{"--gpu-architecture=native"}),
            "--gpu-architecture=native");
  EXPECT_EQ(cudaOnlyFlagIn(V{"-gencode", "arch=compute_80,code=sm_80"}),
            "-gencode");
  EXPECT_EQ(cudaOnlyFlagIn(V{"-gencode=arch=compute_80,code=sm_80"}),
            "-gencode=arch=compute_80,code=sm_80");
  EXPECT_EQ(cudaOnlyFlagIn(V{"-Xcompiler", "-fPIC"}), "-Xcompiler");
  EXPECT_EQ(cudaOnlyFlagIn(V{"--extended-lambda"}), "--extended-lambda");
  EXPECT_EQ(cudaOnlyFlagIn(V{"--expt-relaxed-constexpr"}),
            "--expt-relaxed-constexpr");
  EXPECT_EQ(cudaOnlyFlagIn(V{"-rdc=true"}), "-rdc=true");
  EXPECT_EQ(cudaOnlyFlagIn(V{"-ccbin", "g++"}), "-ccbin");
  EXPECT_EQ(cudaOnlyFlagIn(V{"--cuda-gpu-arch=sm_70"}),
            "--cuda-gpu-arch=sm_70");
  // Host compilers' flags, Apple's -arch, a macro whose value looks like
  // an architecture.
  EXPECT_EQ(cudaOnlyFlagIn(V{"-O2", "-fPIC", "-std=c++17", "-Xlinker", "-z",
                             "-x", "c++", "-DARCH=sm_80", "-c", "a.cpp"}),
            "");
  EXPECT_EQ(cudaOnlyFlagIn(V{"-arch", "arm64", "-arch=x86_64"}), "");
  EXPECT_EQ(cudaOnlyFlagIn(V{"-arch"}), "");
}

TEST(NvccFlags, NormalizeGpuArch) {
  EXPECT_EQ(normalizeGpuArch("sm_90"), "sm_90");
  EXPECT_EQ(normalizeGpuArch("compute_80"), "sm_80");
  EXPECT_EQ(normalizeGpuArch("89"), "sm_89");
  EXPECT_EQ(normalizeGpuArch("all-major"), "");
}

namespace {

/// A fresh directory holding \p Files (name -> text).
class OptionFilesTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cudalower-optf", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }
  void file(llvm::StringRef Name, llvm::StringRef Text) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }
  std::vector<std::string> expand(std::vector<std::string> Argv) {
    if (llvm::Error E = expandOptionFiles(Argv, Dir))
      return {"error: " + llvm::toString(std::move(E))};
    return Argv;
  }
  llvm::SmallString<128> Dir;
};

TEST_F(OptionFilesTest, ExpandsEverySpellingRelativeToTheDirectory) {
  file("clang.rsp", "-Iinc \"-DNAME=two words\"\n-std=c++20");
  file("nvcc.opt", "-DA=1 -DB='x y'");
  file("more.opt", "-DC");
  EXPECT_EQ(expand({"clang++", "@clang.rsp", "-c", "a.cu"}),
            (std::vector<std::string>{"clang++", "-Iinc", "-DNAME=two words",
                                      "-std=c++20", "-c", "a.cu"}));
  EXPECT_EQ(expand({"nvcc", "--options-file", "nvcc.opt,more.opt", "a.cu"}),
            (std::vector<std::string>{"nvcc", "-DA=1", "-DB=x y", "-DC",
                                      "a.cu"}));
  EXPECT_EQ(expand({"nvcc", "-optf=more.opt", "-optf", "more.opt"}),
            (std::vector<std::string>{"nvcc", "-DC", "-DC"}));
}

TEST_F(OptionFilesTest, ExpandsNestedFiles) {
  file("outer.rsp", "-DOUTER @inner.rsp");
  file("inner.rsp", "-DINNER");
  EXPECT_EQ(expand({"clang++", "@outer.rsp"}),
            (std::vector<std::string>{"clang++", "-DOUTER", "-DINNER"}));
}

TEST_F(OptionFilesTest, AMissingOrLoopingFileIsAnError) {
  auto Missing = expand({"nvcc", "-optf", "nope.opt"});
  ASSERT_EQ(Missing.size(), 1u);
  EXPECT_NE(Missing[0].find("cannot read the options file"), std::string::npos);
  EXPECT_NE(Missing[0].find("nope.opt"), std::string::npos);
  file("self.rsp", "@self.rsp");
  auto Loop = expand({"clang++", "@self.rsp"});
  ASSERT_EQ(Loop.size(), 1u);
  EXPECT_NE(Loop[0].find("loop"), std::string::npos);
}

} // namespace

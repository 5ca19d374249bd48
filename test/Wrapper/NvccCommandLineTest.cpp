#include "Wrapper/NvccCommandLine.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

std::vector<std::string> words(std::initializer_list<const char *> W) {
  return std::vector<std::string>(W.begin(), W.end());
}

bool knownPrograms(llvm::StringRef W) {
  return W == "ccache" || W == "nvcc" || W == "/opt/cuda/bin/nvcc";
}

TEST(SplitWrapperCommand, CompilerPositionHasNoLauncher) {
  auto Cmd = llvm::cantFail(splitWrapperCommand(
      words({"-c", "x.cu", "-o", "x.o"}), knownPrograms));
  EXPECT_TRUE(Cmd.Launcher.empty());
  EXPECT_EQ(Cmd.Args, words({"-c", "x.cu", "-o", "x.o"}));
}

TEST(SplitWrapperCommand, LauncherPositionTakesTheCompiler) {
  auto Cmd = llvm::cantFail(splitWrapperCommand(
      words({"/opt/cuda/bin/nvcc", "-c", "x.cu"}), knownPrograms));
  EXPECT_EQ(Cmd.Launcher, words({"/opt/cuda/bin/nvcc"}));
  EXPECT_EQ(Cmd.Args, words({"-c", "x.cu"}));
}

TEST(SplitWrapperCommand, CcacheThenCompiler) {
  auto Cmd = llvm::cantFail(splitWrapperCommand(
      words({"ccache", "nvcc", "-c", "x.cu"}), knownPrograms));
  EXPECT_EQ(Cmd.Launcher, words({"ccache", "nvcc"}));
  EXPECT_EQ(Cmd.Args, words({"-c", "x.cu"}));
}

// An input named like a program is still an input: `nvcc` is a program,
// `nvcc.cu` a source.
TEST(SplitWrapperCommand, SourceFirstIsNoLauncher) {
  auto Cmd = llvm::cantFail(splitWrapperCommand(
      words({"x.cu", "-c"}), [](llvm::StringRef) { return true; }));
  EXPECT_TRUE(Cmd.Launcher.empty());
}

TEST(SplitWrapperCommand, WrapperOptionsAnywhere) {
  auto Cmd = llvm::cantFail(splitWrapperCommand(
      words({"--cuda-lower-strict", "nvcc", "-c", "--cuda-lower-verbose",
             "x.cu", "--cuda-lower-nvcc=/n"}),
      knownPrograms));
  EXPECT_TRUE(Cmd.Options.Strict);
  EXPECT_TRUE(Cmd.Options.Verbose);
  EXPECT_EQ(Cmd.Options.Nvcc, "/n");
  EXPECT_EQ(Cmd.Launcher, words({"nvcc"}));
  EXPECT_EQ(Cmd.Args, words({"-c", "x.cu"}));
}

// `--version` is nvcc's (CMake identifies the compiler by it); the
// wrapper's own is spelled as its other options are.
TEST(SplitWrapperCommand, VersionIsNvccsAndTheWrappersIsItsOwn) {
  auto Nvcc = llvm::cantFail(splitWrapperCommand(words({"--version"}),
                                                 knownPrograms));
  EXPECT_FALSE(Nvcc.Options.Version);
  EXPECT_EQ(Nvcc.Args, words({"--version"}));
  auto Own = llvm::cantFail(splitWrapperCommand(
      words({"--cuda-lower-version"}), knownPrograms));
  EXPECT_TRUE(Own.Options.Version);
  EXPECT_TRUE(Own.Args.empty());
}

TEST(SplitWrapperCommand, UnknownWrapperOptionIsAnError) {
  auto Cmd = splitWrapperCommand(words({"--cuda-lower-bogus"}), knownPrograms);
  ASSERT_FALSE(static_cast<bool>(Cmd));
  EXPECT_NE(llvm::toString(Cmd.takeError()).find("--cuda-lower-bogus"),
            std::string::npos);
}

TEST(ReadNvccRequest, CompileWithOutputAndDeps) {
  auto Args = words({"-I", "inc", "-x", "cu", "-c", "src/a.cpp", "-o",
                     "obj/a.o", "-MD", "-MT", "obj/a.o", "-MF", "obj/a.d"});
  NvccRequest R = readNvccRequest(Args);
  ASSERT_EQ(R.CudaInputs.size(), 1u);
  EXPECT_EQ(Args[R.CudaInputs[0]], "src/a.cpp"); // -x cu makes it CUDA
  EXPECT_TRUE(R.PassThroughReason.empty());
  EXPECT_TRUE(R.StopsBeforeLink);
  EXPECT_EQ(R.OutputFile, "obj/a.o");
  EXPECT_EQ(R.DepFile, "obj/a.d");
}

// The value of an option is never an input, even when it ends in .cu.
TEST(ReadNvccRequest, OptionValuesAreNotInputs) {
  auto Args = words({"-include", "pre.cu", "-o", "out.cu", "-c", "a.cu"});
  NvccRequest R = readNvccRequest(Args);
  ASSERT_EQ(R.CudaInputs.size(), 1u);
  EXPECT_EQ(Args[R.CudaInputs[0]], "a.cu");
}

// After `-x cu` every word is a source, so a value nvcc's table did not
// know (`-Werror all-warnings`, CMake's `--default-stream per-thread`) was
// taken for one.
TEST(ReadNvccRequest, ValuesAfterXCuAreNotInputs) {
  auto Args = words({"-x", "cu", "-Werror", "all-warnings", "--default-stream",
                     "per-thread", "-rdc", "true", "-c", "a.cpp"});
  NvccRequest R = readNvccRequest(Args);
  ASSERT_EQ(R.CudaInputs.size(), 1u);
  EXPECT_EQ(Args[R.CudaInputs[0]], "a.cpp");
}

TEST(ReadNvccRequest, DefaultDepFileFollowsTheOutput) {
  NvccRequest R = readNvccRequest(words({"-MD", "-c", "a.cu", "-o", "b.o"}));
  EXPECT_EQ(R.DepFile, "b.d");
}

TEST(ReadNvccRequest, PassThrough) {
  EXPECT_EQ(readNvccRequest(words({"--version"})).PassThroughReason,
            "an informational option");
  EXPECT_EQ(readNvccRequest(words({"-E", "a.cu"})).PassThroughReason,
            "preprocessing only");
  EXPECT_EQ(readNvccRequest(words({"a.o", "b.o", "-o", "app"}))
                .PassThroughReason,
            "no CUDA source to compile");
  EXPECT_EQ(readNvccRequest(words({"-dlink", "a.o", "-o", "d.o"}))
                .PassThroughReason,
            "a link step");
}

// sccache runs `nvcc --dryrun` and then the steps it lists itself: those
// steps must compile the lowered copy, so a dry run of a compile is no
// pass-through.
TEST(ReadNvccRequest, DryRunOfACompileIsLowered) {
  NvccRequest R =
      readNvccRequest(words({"--dryrun", "--keep", "-c", "a.cu", "-o", "a.o"}));
  EXPECT_TRUE(R.DryRun);
  EXPECT_TRUE(R.PassThroughReason.empty());
  ASSERT_EQ(R.CudaInputs.size(), 1u);
  EXPECT_EQ(readNvccRequest(words({"-dryrun", "-E", "a.cu"})).PassThroughReason,
            "preprocessing only");
}

TEST(ArgsForLowering, DropsWhatOnlyNvccsStepsRead) {
  EXPECT_EQ(argsForLowering(words({"--dryrun", "--keep", "--keep-dir", "/tmp/k",
                                   "-c", "a.cu", "-keep-dir=/x", "-save-temps",
                                   "-DX=1"})),
            words({"-c", "a.cu", "-DX=1"}));
  // The value of an option is never taken for one of them.
  EXPECT_EQ(argsForLowering(words({"-o", "--keep", "a.cu"})),
            words({"-o", "--keep", "a.cu"}));
}

TEST(IsLoweringFlag, EverySpelling) {
  for (const char *F : {"--extended-lambda", "-extended-lambda",
                        "--expt-extended-lambda", "--expt-relaxed-constexpr",
                        "-expt-relaxed-constexpr"})
    EXPECT_TRUE(isLoweringFlag(F)) << F;
  EXPECT_FALSE(isLoweringFlag("--expt-relaxed-constexpr-x"));
  EXPECT_FALSE(isLoweringFlag("-lineinfo"));
}

} // namespace

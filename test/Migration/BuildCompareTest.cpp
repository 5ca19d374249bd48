//===--- BuildCompareTest.cpp - verify's reading and comparing ------------===//

#include "Driver/CompileDbExport.h"
#include "Verify/BuildCompare.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

const char *const PtxasLog =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function '_Z1kPi' for 'sm_90'\n"
    "ptxas info    : Function properties for _Z1kPi\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 8 registers, used 0 barriers\n"
    "ptxas info    : Compiling entry function '_Z1gv' for 'sm_90'\n"
    "ptxas info    : Used 12 registers, used 1 barriers, 368 bytes cmem[0]\n";

TEST(BuildCompare, ReadsPtxasVerboseOutput) {
  EXPECT_EQ(registersFromPtxasLog(PtxasLog), (std::vector<unsigned>{8, 12}));
  EXPECT_EQ(kernelsFromPtxasLog(PtxasLog),
            (std::vector<std::string>{"_Z1gv", "_Z1kPi"}));
  EXPECT_TRUE(registersFromPtxasLog("warning: Used 3 registers\n").empty());
}

TEST(BuildCompare, ReadsCuobjdumpSymbols) {
  const char *Symbols =
      "symbol 2  value 0x0 size 0x80 ... STT_FUNC STB_GLOBAL STO_ENTRY _Z1kPi\n"
      "symbol 3  value 0x0 size 0x10 ... STT_FUNC STB_LOCAL  _Z6helperv\n";
  EXPECT_EQ(kernelsFromCuobjdump(Symbols), std::vector<std::string>{"_Z1kPi"});
}

BuildResult built(std::vector<std::string> Kernels,
                  std::vector<unsigned> Registers) {
  BuildResult B;
  B.Built = true;
  B.Kernels = std::move(Kernels);
  B.Registers = std::move(Registers);
  return B;
}

TEST(BuildCompare, KernelCountMattersNamesAndRegistersAreNotes) {
  TuComparison Same{"a.cu", built({"_Z1kIZ1fvEUliE_Ev"}, {8}),
                    built({"_Z1kI10f_lambda_1Ev"}, {8}), {}, {}};
  compareBuilds(Same);
  EXPECT_TRUE(Same.Problems.empty());
  EXPECT_TRUE(Same.Notes.empty());

  TuComparison Regs{"a.cu", built({"a"}, {8}), built({"b"}, {10}), {}, {}};
  compareBuilds(Regs);
  EXPECT_TRUE(Regs.Problems.empty());
  ASSERT_EQ(Regs.Notes.size(), 1u);
  EXPECT_EQ(Regs.Notes[0], "function 1 (in ptxas order): 8 registers before, "
                           "10 after");

  TuComparison Lost{"a.cu", built({"a", "b"}, {}), built({"a"}, {}), {}, {}};
  compareBuilds(Lost);
  EXPECT_EQ(Lost.Problems, std::vector<std::string>{"2 kernels before, 1 after"});
}

TEST(BuildCompare, AFailedBuildIsAProblem) {
  TuComparison C{"a.cu", built({}, {}), BuildResult(), {}, {}};
  compareBuilds(C);
  EXPECT_EQ(C.Problems, std::vector<std::string>{
                            "the lowered source did not build without the flags"});
}

TEST(CompileDbExport, WhichEntriesAreNvccs) {
  clang::tooling::CompileCommand Nvcc("/b", "a.cpp", {"/usr/local/cuda/bin/nvcc", "-c", "a.cpp"}, "");
  clang::tooling::CompileCommand Cu("/b", "k.cu", {"ccache", "k.cu"}, "");
  clang::tooling::CompileCommand Gcc("/b", "a.cpp", {"g++", "-c", "a.cpp"}, "");
  EXPECT_TRUE(isNvccEntry(Nvcc));
  EXPECT_TRUE(isNvccEntry(Cu));
  EXPECT_FALSE(isNvccEntry(Gcc));
}

TEST(CompileDbExport, ClangdFragmentNamesTheDatabase) {
  std::string F = clangdFragment("/p/build-clang");
  EXPECT_NE(F.find("CompileFlags:\n  CompilationDatabase: /p/build-clang\n"),
            std::string::npos);
}

} // namespace

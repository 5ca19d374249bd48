//===--- BuildScriptsTest.cpp - The build-script scanners' decisions ------===//

#include "Migration/BuildScripts.h"
#include "Migration/SourceGuards.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

/// \p Text with every removable use removed.
std::string migrated(llvm::StringRef Text, const std::vector<FlagUse> &Uses) {
  std::string Out;
  unsigned At = 0;
  for (auto [B, E] : mergedRemovals(Uses)) {
    Out += Text.slice(At, B).str();
    At = E;
  }
  return Out + Text.substr(At).str();
}

std::string cmake(llvm::StringRef Text) {
  return migrated(Text, scanBuildScript(ScriptKind::CMake, Text));
}

unsigned reported(ScriptKind Kind, llvm::StringRef Text) {
  unsigned N = 0;
  for (const FlagUse &U : scanBuildScript(Kind, Text))
    N += !U.Removable;
  return N;
}

TEST(BuildScripts, RecognisesTheThreeFlagsInBothSpellings) {
  for (const char *F : {"--extended-lambda", "-extended-lambda",
                        "--expt-extended-lambda", "-expt-extended-lambda",
                        "--expt-relaxed-constexpr", "-expt-relaxed-constexpr"})
    EXPECT_TRUE(isLoweredAwayFlag(F)) << F;
  for (const char *F : {"extended-lambda", "---extended-lambda",
                        "--extended-lambda=true", "-Xcudafe", "-O3"})
    EXPECT_FALSE(isLoweredAwayFlag(F)) << F;
}

TEST(BuildScripts, KindsByName) {
  EXPECT_EQ(scriptKindOf("a/CMakeLists.txt"), ScriptKind::CMake);
  EXPECT_EQ(scriptKindOf("cmake/cuda.cmake"), ScriptKind::CMake);
  EXPECT_EQ(scriptKindOf("Makefile"), ScriptKind::Make);
  EXPECT_EQ(scriptKindOf("rules.mk"), ScriptKind::Make);
  EXPECT_EQ(scriptKindOf("setup.py"), ScriptKind::SetupPy);
  EXPECT_EQ(scriptKindOf("build.py"), ScriptKind::Unknown);
}

TEST(CMakeScanner, RemovesAnArgumentAndKeepsTheCommand) {
  EXPECT_EQ(cmake("target_compile_options(t PRIVATE -O2 --extended-lambda)\n"),
            "target_compile_options(t PRIVATE -O2)\n");
  EXPECT_EQ(cmake("list(APPEND CUDA_NVCC_FLAGS --expt-relaxed-constexpr -g)\n"),
            "list(APPEND CUDA_NVCC_FLAGS -g)\n");
}

TEST(CMakeScanner, RemovesACommandLeftWithNothingToSet) {
  EXPECT_EQ(cmake("a()\nstring(APPEND CMAKE_CUDA_FLAGS \" --extended-lambda\")\nb()\n"),
            "a()\nb()\n");
  EXPECT_EQ(cmake("set(CMAKE_CUDA_FLAGS \"${CMAKE_CUDA_FLAGS} --extended-lambda\")\n"),
            "");
  EXPECT_EQ(cmake("add_compile_options(--extended-lambda)\n"), "");
}

TEST(CMakeScanner, GeneratorExpressionAsAWhole) {
  EXPECT_EQ(cmake("target_compile_options(t PUBLIC -g "
                  "$<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda>)"),
            "target_compile_options(t PUBLIC -g)");
  // A list inside the expression is not taken apart.
  EXPECT_EQ(reported(ScriptKind::CMake,
                     "add_compile_options($<$<COMPILE_LANGUAGE:CUDA>:"
                     "--extended-lambda;-g>)"),
            1u);
}

TEST(CMakeScanner, InterfaceOptionsSayTheyReachConsumers) {
  auto Uses = scanCMake("target_compile_options(lib INTERFACE --extended-lambda)");
  ASSERT_EQ(Uses.size(), 1u);
  EXPECT_TRUE(Uses[0].Removable);
  EXPECT_NE(Uses[0].Note.find("INTERFACE option of target 'lib'"),
            std::string::npos);
  Uses = scanCMake("target_compile_options(lib PRIVATE --extended-lambda)");
  EXPECT_TRUE(Uses[0].Note.empty());
}

TEST(CMakeScanner, ReportsOtherCommandsAndLeavesComments) {
  EXPECT_EQ(reported(ScriptKind::CMake,
                     "if(X MATCHES \"--extended-lambda\")\nendif()\n"),
            1u);
  EXPECT_EQ(reported(ScriptKind::CMake, "my_cuda_flags(--extended-lambda)"), 1u);
  EXPECT_TRUE(scanBuildScript(ScriptKind::CMake,
                              "# --extended-lambda\n#[[ --extended-lambda ]]\n")
                  .empty());
  // A bracket argument, and a file the lexer cannot finish: reported.
  EXPECT_EQ(reported(ScriptKind::CMake, "set(X [[--extended-lambda]])"), 1u);
  EXPECT_EQ(reported(ScriptKind::CMake, "set(X --extended-lambda"), 1u);
}

TEST(MakeScanner, Assignments) {
  auto Make = [](llvm::StringRef T) {
    return migrated(T, scanBuildScript(ScriptKind::Make, T));
  };
  EXPECT_EQ(Make("NVCCFLAGS = -O3 --extended-lambda -g\n"),
            "NVCCFLAGS = -O3 -g\n");
  EXPECT_EQ(Make("a = 1\nNVCCFLAGS += --expt-relaxed-constexpr\nb = 2\n"),
            "a = 1\nb = 2\n");
  // `=` empties a variable on purpose: the line stays.
  EXPECT_EQ(Make("NVCCFLAGS := --extended-lambda\n"), "NVCCFLAGS :=\n");
  EXPECT_EQ(Make("export F ?= -g \\\n  --extended-lambda\n"), "export F ?= -g\n");
  EXPECT_EQ(reported(ScriptKind::Make, "all:\n\tnvcc --extended-lambda a.cu\n"),
            1u);
}

TEST(BuildScripts, AStatementThatGoesTakesItsLineWhenAlone) {
  llvm::StringRef Text = "a\n  set(X --extended-lambda)\nb\n";
  std::vector<FlagUse> Uses(3);
  removeWholeStatement(Text, 4, 28, Uses, 1);
  EXPECT_EQ(Uses[0].RemoveLength, 0u); // before First: left alone
  EXPECT_EQ(Text.substr(Uses[1].RemoveOffset, Uses[1].RemoveLength),
            "  set(X --extended-lambda)\n");
  EXPECT_EQ(Uses[2].RemoveOffset, Uses[1].RemoveOffset);
  // Beside other text only the statement goes.
  removeWholeStatement("x; y;", 3, 5, Uses, 0);
  EXPECT_EQ(Uses[0].RemoveOffset, 3u);
  EXPECT_EQ(Uses[0].RemoveLength, 2u);
}

TEST(SetupPyScanner, ListItems) {
  auto Py = [](llvm::StringRef T) {
    return migrated(T, scanBuildScript(ScriptKind::SetupPy, T));
  };
  EXPECT_EQ(Py("{'nvcc': ['-O3', '--extended-lambda']}"), "{'nvcc': ['-O3']}");
  EXPECT_EQ(Py("['--extended-lambda', '-O3']"), "['-O3']");
  EXPECT_EQ(Py("[\"--extended-lambda\", '--expt-relaxed-constexpr']"), "[]");
  EXPECT_EQ(Py("['a', '--extended-lambda', 'b']"), "['a', 'b']");
  EXPECT_EQ(reported(ScriptKind::SetupPy, "f('--extended-lambda')"), 1u);
  EXPECT_EQ(reported(ScriptKind::SetupPy, "x = '-O3 --extended-lambda'"), 1u);
}

TEST(SourceGuards, RemovesOnlyTheThreeLineCheck) {
  llvm::StringRef Text = "#if !defined(__CUDACC_EXTENDED_LAMBDA__)\n"
                         "#error \"needs it\"\n"
                         "#endif\n"
                         "#  ifndef __CUDACC_RELAXED_CONSTEXPR__ // why\n"
                         "#    error x\n"
                         "#  endif\n"
                         "#ifdef __CUDACC_EXTENDED_LAMBDA__\n"
                         "int a;\n"
                         "#endif\n"
                         "// __CUDACC_EXTENDED_LAMBDA__ in a comment\n"
                         "#if 1 /* __CUDACC_EXTENDED_LAMBDA__ */\n"
                         "#endif\n";
  auto Uses = scanSourceGuards(Text);
  ASSERT_EQ(Uses.size(), 3u);
  EXPECT_TRUE(Uses[0].Removable);
  EXPECT_TRUE(Uses[1].Removable);
  EXPECT_FALSE(Uses[2].Removable);
  EXPECT_EQ(migrated(Text, Uses),
            "#ifdef __CUDACC_EXTENDED_LAMBDA__\nint a;\n#endif\n"
            "// __CUDACC_EXTENDED_LAMBDA__ in a comment\n"
            "#if 1 /* __CUDACC_EXTENDED_LAMBDA__ */\n#endif\n");
}

TEST(SourceGuards, AGuardWithMoreThanTheErrorIsReported) {
  auto Uses = scanSourceGuards("#ifndef __CUDACC_EXTENDED_LAMBDA__\n"
                               "#warning slow\n#error x\n#endif\n");
  ASSERT_EQ(Uses.size(), 1u);
  EXPECT_FALSE(Uses[0].Removable);
}

} // namespace

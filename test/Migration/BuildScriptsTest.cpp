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
  for (const ScriptEdit &E : mergedEdits(Uses)) {
    Out += Text.slice(At, E.Begin).str() + E.Text;
    At = E.End;
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
  EXPECT_EQ(scriptKindOf("CMakePresets.json"), ScriptKind::CMakePresets);
  EXPECT_EQ(scriptKindOf("CMakeUserPresets.json"), ScriptKind::CMakePresets);
  EXPECT_EQ(scriptKindOf("presets.json"), ScriptKind::Unknown);
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
  EXPECT_EQ(cmake("target_compile_options(t PRIVATE "
                  "$<BUILD_INTERFACE:--extended-lambda>)\n"),
            "");
  // Not a condition and a value: reported.
  EXPECT_EQ(reported(ScriptKind::CMake,
                     "add_compile_options($<IF:$<CONFIG:Debug>,"
                     "--extended-lambda,-O3>)"),
            1u);
}

// The issue's spelling: the expression quoted, as CMake's documentation
// writes it.
TEST(CMakeScanner, QuotedGeneratorExpressions) {
  EXPECT_EQ(cmake("target_compile_options(ops PUBLIC "
                  "\"$<$<COMPILE_LANGUAGE:CUDA>:--expt-relaxed-constexpr>\")\n"),
            "");
  EXPECT_EQ(cmake("target_compile_options(ops PUBLIC -g "
                  "\"$<$<COMPILE_LANGUAGE:CUDA>:--expt-relaxed-constexpr>\")\n"),
            "target_compile_options(ops PUBLIC -g)\n");
  EXPECT_EQ(cmake("add_compile_options("
                  "\"$<$<COMPILE_LANG_AND_ID:CUDA,NVIDIA>:--extended-lambda>\")"),
            "");
}

TEST(CMakeScanner, ListsInsideGeneratorExpressions) {
  EXPECT_EQ(cmake("add_compile_options(\"$<$<COMPILE_LANGUAGE:CUDA>:"
                  "--extended-lambda;--use_fast_math>\")"),
            "add_compile_options(\"$<$<COMPILE_LANGUAGE:CUDA>:--use_fast_math>\")");
  EXPECT_EQ(cmake("add_compile_options(\"$<$<COMPILE_LANGUAGE:CUDA>:"
                  "--use_fast_math;--extended-lambda>\")"),
            "add_compile_options(\"$<$<COMPILE_LANGUAGE:CUDA>:--use_fast_math>\")");
  EXPECT_EQ(cmake("add_compile_options($<$<COMPILE_LANGUAGE:CUDA>:"
                  "-g;--extended-lambda;--expt-relaxed-constexpr;-lineinfo>)"),
            "add_compile_options($<$<COMPILE_LANGUAGE:CUDA>:-g;-lineinfo>)");
  // A command line in one string, inside the expression.
  EXPECT_EQ(cmake("add_compile_options(\"$<$<COMPILE_LANGUAGE:CUDA>:"
                  "--extended-lambda --use_fast_math>\")"),
            "add_compile_options(\"$<$<COMPILE_LANGUAGE:CUDA>:--use_fast_math>\")");
  // Nested: the inner expression left empty goes, the outer keeps -G.
  EXPECT_EQ(cmake("add_compile_options(\"$<$<CONFIG:Debug>:-G;"
                  "$<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda>>\")"),
            "add_compile_options(\"$<$<CONFIG:Debug>:-G>\")");
  // Left with nothing: the expression goes, quotes and all.
  EXPECT_EQ(cmake("target_compile_options(t PRIVATE -O2 \"$<$<COMPILE_LANGUAGE:"
                  "CUDA>:--extended-lambda;--expt-relaxed-constexpr>\")"),
            "target_compile_options(t PRIVATE -O2)");
  // A plain list in a quoted argument.
  EXPECT_EQ(cmake("target_compile_options(t PRIVATE \"-O2;--extended-lambda\")"),
            "target_compile_options(t PRIVATE \"-O2\")");
}

TEST(CMakeScanner, FlagsVariables) {
  EXPECT_EQ(cmake("set(CMAKE_CUDA_FLAGS \"${CMAKE_CUDA_FLAGS} -O3 "
                  "--extended-lambda\")"),
            "set(CMAKE_CUDA_FLAGS \"${CMAKE_CUDA_FLAGS} -O3\")");
  EXPECT_EQ(cmake("string(APPEND CMAKE_CUDA_FLAGS \" --extended-lambda "
                  "--use_fast_math\")"),
            "string(APPEND CMAKE_CUDA_FLAGS \" --use_fast_math\")");
  // A variable set to the flag alone is set to nothing, as it was set.
  EXPECT_EQ(cmake("set(CMAKE_CUDA_FLAGS \"--extended-lambda\")"),
            "set(CMAKE_CUDA_FLAGS \"\")");
  EXPECT_EQ(cmake("set(CMAKE_CUDA_FLAGS_INIT --expt-relaxed-constexpr)"),
            "set(CMAKE_CUDA_FLAGS_INIT \"\")");
  // A cache variable: the value only; the docstring is reported.
  llvm::StringRef Cache = "set(CMAKE_CUDA_FLAGS \"-O3 --extended-lambda\" "
                          "CACHE STRING \"say --extended-lambda\")";
  EXPECT_EQ(cmake(Cache), "set(CMAKE_CUDA_FLAGS \"-O3\" CACHE STRING \"say "
                          "--extended-lambda\")");
  EXPECT_EQ(reported(ScriptKind::CMake, Cache), 1u);
  EXPECT_EQ(cmake("set(CMAKE_CUDA_FLAGS --extended-lambda CACHE STRING \"\")"),
            "set(CMAKE_CUDA_FLAGS \"\" CACHE STRING \"\")");
}

TEST(CMakeScanner, TargetAndSourceProperties) {
  EXPECT_EQ(cmake("set_target_properties(ops PROPERTIES COMPILE_OPTIONS "
                  "\"--extended-lambda;-O3\" CUDA_ARCHITECTURES 90)"),
            "set_target_properties(ops PROPERTIES COMPILE_OPTIONS \"-O3\" "
            "CUDA_ARCHITECTURES 90)");
  EXPECT_EQ(cmake("set_target_properties(a b PROPERTIES CUDA_ARCHITECTURES 90 "
                  "COMPILE_OPTIONS $<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda>)"),
            "set_target_properties(a b PROPERTIES CUDA_ARCHITECTURES 90 "
            "COMPILE_OPTIONS \"\")");
  EXPECT_EQ(cmake("set_source_files_properties(a.cu PROPERTIES COMPILE_FLAGS "
                  "\"-O3 --expt-relaxed-constexpr\")"),
            "set_source_files_properties(a.cu PROPERTIES COMPILE_FLAGS \"-O3\")");
  EXPECT_EQ(cmake("a()\nset_property(TARGET ops APPEND PROPERTY COMPILE_OPTIONS "
                  "--extended-lambda)\n"),
            "a()\n");
  EXPECT_EQ(cmake("set_property(TARGET ops PROPERTY COMPILE_OPTIONS "
                  "--extended-lambda)"),
            "set_property(TARGET ops PROPERTY COMPILE_OPTIONS \"\")");
  EXPECT_EQ(reported(ScriptKind::CMake, "set_target_properties(ops PROPERTIES "
                                        "LABELS --extended-lambda)"),
            1u);
}

TEST(CMakeScanner, ScopesOfTargetOptions) {
  EXPECT_EQ(cmake("target_compile_options(t PUBLIC --extended-lambda "
                  "PRIVATE -O2)"),
            "target_compile_options(t PRIVATE -O2)");
  EXPECT_EQ(cmake("target_compile_options(t PRIVATE -O2 INTERFACE "
                  "--extended-lambda)"),
            "target_compile_options(t PRIVATE -O2)");
}

TEST(PresetsScanner, CacheVariablesAndEnvironment) {
  auto Presets = [](llvm::StringRef T) {
    return migrated(T, scanBuildScript(ScriptKind::CMakePresets, T));
  };
  llvm::StringRef Text = R"({
  "version": 6,
  "configurePresets": [
    {
      "name": "a",
      "cacheVariables": {
        "CMAKE_CUDA_FLAGS": "--extended-lambda -O3",
        "CMAKE_CUDA_FLAGS_RELEASE": {"type": "STRING", "value": "-O3 --expt-relaxed-constexpr"},
        "OTHER": "--extended-lambda"
      },
      "environment": {"CUDAFLAGS": "--expt-extended-lambda"}
    }
  ],
  "buildPresets": [{"name": "b", "nativeToolOptions": ["--extended-lambda"]}]
})";
  EXPECT_EQ(Presets(Text), R"({
  "version": 6,
  "configurePresets": [
    {
      "name": "a",
      "cacheVariables": {
        "CMAKE_CUDA_FLAGS": "-O3",
        "CMAKE_CUDA_FLAGS_RELEASE": {"type": "STRING", "value": "-O3"},
        "OTHER": "--extended-lambda"
      },
      "environment": {"CUDAFLAGS": ""}
    }
  ],
  "buildPresets": [{"name": "b", "nativeToolOptions": ["--extended-lambda"]}]
})");
  EXPECT_EQ(reported(ScriptKind::CMakePresets, Text), 2u);
  // Not JSON: nothing is edited, everything reported.
  EXPECT_EQ(reported(ScriptKind::CMakePresets,
                     "{\"configurePresets\": [{\"cacheVariables\": "
                     "{\"CMAKE_CUDA_FLAGS\": \"--extended-lambda\"}}"),
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

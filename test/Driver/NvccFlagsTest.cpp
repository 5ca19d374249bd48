#include "Driver/NvccFlags.h"
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

TEST(NvccFlags, RdcAndIgnoredFlags) {
  auto P = parse({"nvcc", "-rdc=true", "--expt-relaxed-constexpr",
                  "--extended-lambda", "-O3", "-Xptxas", "-v", "-ccbin",
                  "g++", "-x", "cu", "src/a.cu"});
  EXPECT_TRUE(P.RelocatableDeviceCode);
  EXPECT_TRUE(P.PreprocessorArgs.empty());
  EXPECT_EQ(P.Ignored,
            (std::vector<std::string>{"--expt-relaxed-constexpr",
                                      "--extended-lambda", "-O3",
                                      "-Xptxas -v", "-ccbin g++"}));
}

TEST(NvccFlags, NormalizeGpuArch) {
  EXPECT_EQ(normalizeGpuArch("sm_90"), "sm_90");
  EXPECT_EQ(normalizeGpuArch("compute_80"), "sm_80");
  EXPECT_EQ(normalizeGpuArch("89"), "sm_89");
  EXPECT_EQ(normalizeGpuArch("all-major"), "");
}

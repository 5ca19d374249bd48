#include "Nvcc/PredefinedMacros.h"
#include <gtest/gtest.h>

using namespace cudalower;
using Macros = std::vector<std::string>;

// Shortened `nvcc --dryrun -gencode arch=compute_90,code=sm_90 -gencode
// arch=compute_80,code=sm_80` output of CUDA 13.0.
static const char DryRun[] =
    "#$ _HERE_=/usr/local/cuda/bin\n"
    "#$ gcc -std=c++17 -D__CUDA_ARCH_LIST__=800,900 -E -x c++ -D__CUDACC__ "
    "-D__NVCC__ -D__CUDACC_EXTENDED_LAMBDA__ \"-I/cuda/include\" "
    "-D__CUDACC_VER_MAJOR__=13 -D__CUDACC_VER_BUILD__=88 -include "
    "\"cuda_runtime.h\" -m64 \"x.cu\" -o \"x.cpp4.ii\"\n"
    "#$ cudafe++ --c++17 -DNOT_A_PREPROCESSOR_STEP \"x.cpp4.ii\"\n"
    "#$ gcc -std=c++17 -D__CUDA_ARCH__=900 -D__CUDA_ARCH_LIST__=800,900 -E "
    "-x c++ -DCUDA_DOUBLE_MATH_FUNCTIONS -D__CUDACC__ -D__NVCC__ \"x.cu\"\n"
    "#$ gcc -std=c++17 -D__CUDA_ARCH__=800 -D__CUDA_ARCH_LIST__=800,900 -E "
    "-x c++ -D__CUDACC__ -D__NVCC__ -DONLY_FOR_800 \"x.cu\"\n"
    "#$ gcc -std=c++17 -D__CUDA_ARCH__=900 -c -x c++ -DNOT_PREPROCESSING "
    "\"x.cudafe1.cpp\" -o \"x.o\"\n";

TEST(NvccMacros, DryRunHostStepWithoutClangsOwnMacros) {
  NvccPredefines P = parseNvccDryrun(DryRun, "sm_90");
  // __CUDACC__ is Clang's own, the lambda macro is the caller's choice.
  EXPECT_EQ(P.Host, (Macros{"__CUDA_ARCH_LIST__=800,900", "__NVCC__",
                            "__CUDACC_VER_MAJOR__=13",
                            "__CUDACC_VER_BUILD__=88"}));
}

TEST(NvccMacros, DryRunDeviceStepOfTheParsedArch) {
  EXPECT_EQ(parseNvccDryrun(DryRun, "sm_90").Device,
            (Macros{"__CUDA_ARCH_LIST__=800,900", "CUDA_DOUBLE_MATH_FUNCTIONS",
                    "__NVCC__"}));
  EXPECT_EQ(parseNvccDryrun(DryRun, "sm_80").Device,
            (Macros{"__CUDA_ARCH_LIST__=800,900", "__NVCC__", "ONLY_FOR_800"}));
  // No step for the arch: the first device step.
  EXPECT_EQ(parseNvccDryrun(DryRun, "sm_70").Device.size(), 3u);
}

TEST(NvccMacros, DryRunWithoutPreprocessingGivesNothing) {
  NvccPredefines P = parseNvccDryrun("nvcc fatal : Unsupported gpu\n", "sm_90");
  EXPECT_TRUE(P.Host.empty());
  EXPECT_TRUE(P.Device.empty());
}

TEST(NvccMacros, FromCudaHeader) {
  NvccPredefines P = nvccPredefinesFromCudaH(
      "/* x */\n#define CUDA_VERSION 12040\n", {"sm_90a", "sm_80", "sm_90"});
  EXPECT_EQ(P.Host, (Macros{"__NVCC__", "__CUDACC_VER_MAJOR__=12",
                            "__CUDACC_VER_MINOR__=4", "__CUDA_API_VER_MAJOR__=12",
                            "__CUDA_API_VER_MINOR__=4",
                            "__CUDA_ARCH_LIST__=800,900"}));
  EXPECT_EQ(P.Device, P.Host);
  EXPECT_EQ(nvccPredefinesFromCudaH("", {}).Host, (Macros{"__NVCC__"}));
}

// The toolkit this was built for, when it is installed: its nvcc answers,
// and its answer follows the architectures.
TEST(NvccMacros, AsksTheToolkitsNvcc) {
  NvccPredefines P =
      queryNvccPredefines(CUDALOWER_DEFAULT_CUDA_PATH, {"sm_90", "sm_80"});
  if (P.Host.empty())
    GTEST_SKIP() << "no CUDA toolkit at " CUDALOWER_DEFAULT_CUDA_PATH;
  EXPECT_NE(llvm::find(P.Host, "__NVCC__"), P.Host.end());
  EXPECT_NE(llvm::find(P.Host, "__CUDA_ARCH_LIST__=800,900"), P.Host.end());
  EXPECT_EQ(llvm::find(P.Host, "__CUDACC__"), P.Host.end());
  bool HasMajor = llvm::any_of(P.Host, [](llvm::StringRef M) {
    return M.starts_with("__CUDACC_VER_MAJOR__=");
  });
  EXPECT_TRUE(HasMajor);
}

// nvcc announces its __nv_atomic_* builtins with a macro the parse leaves
// out; the set-up still learns that they exist (AtomicBuiltins.h).
TEST(NvccMacros, AtomicBuiltinsAnnouncedButNotDefined) {
  std::string WithAtomics =
      "#$ gcc -D__CUDA_ARCH_LIST__=900 -E -x c++ -D__NVCC__ "
      "-D__CUDACC_DEVICE_ATOMIC_BUILTINS__ \"x.cu\"\n";
  NvccPredefines P = parseNvccDryrun(WithAtomics, "sm_90");
  EXPECT_TRUE(P.AtomicBuiltins);
  EXPECT_EQ(P.Host, (Macros{"__CUDA_ARCH_LIST__=900", "__NVCC__"}));
  EXPECT_FALSE(parseNvccDryrun(DryRun, "sm_90").AtomicBuiltins);
  // From cuda.h alone: they came with CUDA 12.8.
  EXPECT_TRUE(nvccPredefinesFromCudaH("#define CUDA_VERSION 12080\n", {})
                  .AtomicBuiltins);
  EXPECT_TRUE(nvccPredefinesFromCudaH("#define CUDA_VERSION 13000\n", {})
                  .AtomicBuiltins);
  EXPECT_FALSE(nvccPredefinesFromCudaH("#define CUDA_VERSION 12060\n", {})
                   .AtomicBuiltins);
}

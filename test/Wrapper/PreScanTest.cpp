#include "Wrapper/PreScan.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

/// The reason scanText gives, "" for nothing to lower.
std::string why(llvm::StringRef Code) { return scanText(Code).Reason; }

TEST(PreScan, PlainKernelNeedsNothing) {
  EXPECT_EQ(why("__global__ void k(float *y, int n) {\n"
                "  int a[4]; a[0] = 1; y[a[0]] = n;\n"
                "  delete[] y; int *p = new int[n];\n"
                "}\n"
                "struct V { float &operator[](int i) const; };\n"
                "[[nodiscard]] int f();\n"
                "// std::min, constexpr and [=] __device__ in a comment\n"
                "const char *s = \"std::min [=] __device__\";\n"),
            "");
}

TEST(PreScan, EachTrigger) {
  EXPECT_EQ(why("\n\nauto f = [=] __device__(int i) { return i; };"),
            "3: has a lambda");
  EXPECT_EQ(why("auto f = [](int i) { return i; };"), "1: has a lambda");
  EXPECT_EQ(why("auto f = [=] { return 0; };"), "1: has a lambda");
  EXPECT_EQ(why("auto f = [=](int i) LAMBDA_SPACE { return i; };"),
            "1: has a lambda");
  EXPECT_EQ(why("int m = std::min(1, 2);"), "1: uses std");
  EXPECT_EQ(why("constexpr int one() { return 1; }"), "1: has constexpr");
  EXPECT_EQ(why("struct S { S() = default; };"), "1: has '= default'");
  EXPECT_EQ(why("__device__ auto g(int x) { return x; }"),
            "1: has a deduced return type");
  EXPECT_EQ(why("__device__ decltype(auto) g(int &x) { return x; }"),
            "1: has decltype(auto)");
  EXPECT_EQ(why("#define UNROLL #pragma unroll\n"),
            "1: has a macro that spells #pragma (in the macro UNROLL)");
  EXPECT_EQ(why("#define UNROLL _Pragma(\"unroll\")\n"),
            "1: has _Pragma (in the macro UNROLL)");
  EXPECT_EQ(why("#ifdef __CUDACC_EXTENDED_LAMBDA__\n#endif\n"),
            "1: tests the flags' macros");
  EXPECT_EQ(why("#include HEADER_NAME\n"),
            "1: has an #include whose name is a macro");
  EXPECT_EQ(why("auto f = []<class T>(T x) { return x; };"),
            "1: has a lambda");
  EXPECT_EQ(why("bool b = a[0] < c;"), "");
  EXPECT_EQ(why("#define PROJ_LAMBDA [=] __host__ __device__\n"),
            "1: has a lambda (in the macro PROJ_LAMBDA)");
  EXPECT_EQ(why("\n#define CAPTURE [=]\n"),
            "2: may begin a lambda (in the macro CAPTURE)");
  EXPECT_EQ(why("#define A(i, j) a[(i) * n + (j)]\n"), "");
}

// A `#pragma` directive is no trigger: only one spelled inside a macro is.
TEST(PreScan, PragmaDirectiveIsNoTrigger) {
  EXPECT_EQ(why("#pragma once\n#pragma unroll 4\n#error std constexpr\n"), "");
}

// Includes after the first reason are listed too: every project file the
// TU reaches is copied into the overlay.
TEST(PreScan, IncludesAreListedAfterTheReason) {
  ScannedText S = scanText("#include \"a.h\"\nconstexpr int x = 1;\n"
                           "  #  include <b/c.h>\n#include NAME\n");
  EXPECT_EQ(S.Reason, "2: has constexpr");
  EXPECT_EQ(S.Includes, (std::vector<std::string>{"\"a.h\"", "<b/c.h>"}));
  EXPECT_TRUE(S.ComputedInclude);
}

/// Why scanText says the host pass is needed, "" for the device pass alone.
std::string bothPasses(llvm::StringRef Code) {
  return scanText(Code).BothPassesReason;
}

TEST(PreScan, TheDevicePassAloneWhenNothingDependsOnTheSide) {
  EXPECT_EQ(bothPasses("#include <thrust/for_each.h>\n"
                       "#define MGPU_DEVICE __device__\n"
                       "void f(int *p) {\n"
                       "  auto g = [=] MGPU_DEVICE (int i) { p[i] = std::min(i, 3); };\n"
                       "}\n"
                       "constexpr int sq(int x) { return x * x; }\n"
                       "struct S { S() = default; };\n"
                       "// __CUDA_ARCH__ in a comment, \"NV_IF_TARGET\" in a string\n"),
            "");
}

TEST(PreScan, BothPassesWhereTheSideMatters) {
  EXPECT_EQ(bothPasses("int a;\n#ifdef __CUDA_ARCH__\n#endif\n"),
            "2: uses __CUDA_ARCH__");
  EXPECT_EQ(bothPasses("#if __CUDA_ARCH__ >= 800\n#endif\n"),
            "1: uses __CUDA_ARCH__");
  EXPECT_EQ(bothPasses("#define ON_GPU defined(__CUDA_ARCH__)\n"),
            "1: uses __CUDA_ARCH__");
  EXPECT_EQ(bothPasses("void f() { NV_IF_TARGET(NV_IS_DEVICE, (g();)); }"),
            "1: uses NV_IF_TARGET");
  EXPECT_EQ(bothPasses("#if _CCCL_DEVICE_COMPILATION()\n#endif\n"),
            "1: uses _CCCL_DEVICE_COMPILATION");
  EXPECT_EQ(bothPasses("#ifdef THRUST_IS_DEVICE_CODE\n#endif\n"),
            "1: uses THRUST_IS_DEVICE_CODE");
  EXPECT_EQ(bothPasses("int v = CUB_PTX_ARCH;"), "1: uses CUB_PTX_ARCH");
  EXPECT_EQ(bothPasses("KOKKOS_IF_ON_HOST((f();))"),
            "1: uses KOKKOS_IF_ON_HOST");
  // What only the host pass's rule (exec-space-deduced-return) edits.
  EXPECT_EQ(bothPasses("__device__ auto g(int x) { return x; }"),
            "1: has a deduced return type");
  EXPECT_EQ(bothPasses("__device__ decltype(auto) g(int &x) { return x; }"),
            "1: has decltype(auto)");
  // Found after the first reason to lower, too.
  ScannedText S = scanText("constexpr int one() { return 1; }\n"
                           "#ifndef __CUDA_ARCH__\n#endif\n");
  EXPECT_EQ(S.Reason, "1: has constexpr");
  EXPECT_EQ(S.BothPassesReason, "2: uses __CUDA_ARCH__");
}

TEST(PreScan, PassWordsAreUpperCaseMacroNames) {
  EXPECT_TRUE(mayDifferBetweenPasses("__CUDA_ARCH__"));
  EXPECT_TRUE(mayDifferBetweenPasses("__CUDA_ARCH_FEAT_SM90_ALL"));
  EXPECT_TRUE(mayDifferBetweenPasses("NV_DISPATCH_TARGET"));
  EXPECT_FALSE(mayDifferBetweenPasses("__device__"));
  EXPECT_FALSE(mayDifferBetweenPasses("arch"));
  EXPECT_FALSE(mayDifferBetweenPasses("MGPU_DEVICE"));
  EXPECT_FALSE(mayDifferBetweenPasses("__host__"));
}

/// A project (`proj/`, the root), a directory outside it (`ext/`, on the
/// -I path) and a toolkit's (`sys/`, on the -isystem path and a system
/// prefix), on disk.
class PreScanFiles : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<256> Made;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("pre-scan", Made));
    ASSERT_FALSE(llvm::sys::fs::real_path(Made, Dir));
    Search.Roots = {path("proj") + "/"};
    Search.Dirs = {path("ext")};
    Search.SystemDirs = {path("sys")};
    Search.SystemPrefixes = {path("sys") + "/"};
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  std::string path(llvm::StringRef Rel) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Rel);
    return P.str().str();
  }

  std::string write(llvm::StringRef Rel, llvm::StringRef Text) {
    std::string P = path(Rel);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    OS << Text;
    return P;
  }

  PreScanResult scan(llvm::StringRef Code) {
    return preScan(write("proj/x.cu", Code), Search);
  }

  llvm::SmallString<256> Dir;
  IncludeSearch Search;
};

TEST_F(PreScanFiles, AMacroOfAHeaderOutsideTheProject) {
  write("ext/port.h", "#define HD __host__ __device__\n"
                      "#define PORT_LAMBDA [=] HD\n");
  PreScanResult R = scan("#include <port.h>\n"
                         "void f(int *p) { each(PORT_LAMBDA (int i) { p[i] = i; }); }\n");
  EXPECT_TRUE(R.MayNeedLowering);
  EXPECT_EQ(R.Reason, path("proj/x.cu") + ":2: uses PORT_LAMBDA, a macro that "
                      "has a lambda (" + path("ext/port.h") + ":2)");
  EXPECT_EQ(R.OtherHeaders, std::vector<std::string>{path("ext/port.h")});
  EXPECT_EQ(R.MacrosRead, 2u);
  EXPECT_FALSE(R.NeedsBothPasses);
}

TEST_F(PreScanFiles, ASourceOutsideTheRootIsScannedWithItsDirectory) {
  // The wrapper adds the directory of a source outside the root (a file the
  // build generated) as a second root: both are the project's.
  write("proj/hd.h", "#define PROJ_LAMBDA [=] __device__\n");
  std::string Source =
      write("build/gen.cu", "#include <hd.h>\n"
                            "auto f = PROJ_LAMBDA (int i) { return i; };\n");
  Search.Roots.push_back(path("build") + "/");
  Search.Dirs = {path("proj")};
  PreScanResult R = preScan(Source, Search);
  EXPECT_TRUE(R.MayNeedLowering);
  EXPECT_EQ(R.ProjectFiles,
            (std::vector<std::string>{Source, path("proj/hd.h")}));
  EXPECT_TRUE(R.OtherHeaders.empty());
  // Without it, the scan cannot tell, and leaves the decision to the engine.
  Search.Roots.pop_back();
  R = preScan(Source, Search);
  EXPECT_EQ(R.Reason, Source + ": outside the project root");
  EXPECT_TRUE(R.ProjectFiles.empty());
}

TEST_F(PreScanFiles, AnUnusedMacroIsNoReason) {
  write("ext/port.h", "#define PORT_LAMBDA [=] __device__\n");
  PreScanResult R = scan("#include <port.h>\n__global__ void k(int *p) {}\n");
  EXPECT_FALSE(R.MayNeedLowering);
  EXPECT_EQ(R.OtherHeaders.size(), 1u);
}

TEST_F(PreScanFiles, AChainThroughHeadersAndTheProject) {
  write("ext/a.h", "#include \"b.h\"\n#define CAPTURE [=]\n");
  write("ext/b.h", "#define LAMBDA CAPTURE HOST_DEVICE\n");
  write("proj/my.h", "#include <a.h>\n#define MY_LAMBDA LAMBDA\n");
  PreScanResult R = scan("#include \"my.h\"\nint x;\n");
  EXPECT_TRUE(R.MayNeedLowering);
  EXPECT_EQ(R.Reason, path("proj/my.h") +
                          ":2: expands to LAMBDA (in the macro MY_LAMBDA)");
}

TEST_F(PreScanFiles, ALibraryHeaderWithAnAnnotatedLambdaIsLowered) {
  write("ext/cfg.h", "#define LIB_HD __host__ __device__\n");
  write("ext/lib.h", "#include \"cfg.h\"\n"
                     "template <class T> void f(T *p) {\n"
                     "  each([=] LIB_HD (int i) { p[i] = 0; });\n}\n");
  write("ext/plain.h", "int g(int *a, int i) { return a[i] + [] { return 1; }(); }\n");
  PreScanResult R = scan("#include <lib.h>\n#include <plain.h>\nint x;\n");
  EXPECT_TRUE(R.MayNeedLowering);
  EXPECT_EQ(R.Reason, path("ext/lib.h") +
                          ":3: has a lambda annotated LIB_HD (a library's header)");
  EXPECT_EQ(R.DependencyLambdaHeaders, std::vector<std::string>{path("ext/lib.h")});
}

TEST_F(PreScanFiles, ALibraryHeaderWithPlainLambdasNeedsNothing) {
  write("ext/lib.h", "template <class T> int f(T *a, int i) {\n"
                     "  return a[i] + [=](int j) mutable { return j; }(i);\n}\n");
  PreScanResult R = scan("#include <lib.h>\nint x;\n");
  EXPECT_FALSE(R.MayNeedLowering) << R.Reason;
  EXPECT_TRUE(R.DependencyLambdaHeaders.empty());
}

TEST(PreScan, WordsAfterIntroducers) {
  std::vector<IntroducerWord> W = wordsAfterIntroducers(
      "auto f = [=] __device__ (int i) { return a[i]; };\n"
      "auto g = [&](int i) mutable HD { return i; };\n"
      "int h = v[2] + w[[maybe_unused]];\n"
      "#define NOT_CODE [=] __device__\n");
  ASSERT_EQ(W.size(), 2u);
  EXPECT_EQ(W[0].Word, "__device__");
  EXPECT_EQ(W[0].Line, 1u);
  EXPECT_EQ(W[1].Word, "HD");
  EXPECT_EQ(W[1].Line, 2u);
  EXPECT_TRUE(wordsAfterIntroducers("int x;\n").empty());
}

TEST_F(PreScanFiles, ToolkitHeadersAreNotRead) {
  write("sys/port.h", "#define PORT_LAMBDA [=] __device__\n");
  PreScanResult R = scan("#include <port.h>\nvoid f() { g(PORT_LAMBDA {}); }\n");
  EXPECT_FALSE(R.MayNeedLowering);
  EXPECT_TRUE(R.OtherHeaders.empty());
  EXPECT_EQ(R.MacrosRead, 0u);
}

TEST_F(PreScanFiles, SystemDirectoriesOutsideTheToolkitAreRead) {
  Search.SystemPrefixes.clear();
  write("sys/port.h", "#define PORT_LAMBDA [=] __device__\n");
  PreScanResult R = scan("#include <port.h>\nvoid f() { g(PORT_LAMBDA {}); }\n");
  EXPECT_TRUE(R.MayNeedLowering);
}

TEST_F(PreScanFiles, CommandLineMacros) {
  Search.Defines = {"CMD_LAMBDA=[=] __device__", "N=4"};
  PreScanResult R = scan("void f() { g(CMD_LAMBDA (int i) {}); }\n");
  EXPECT_EQ(R.Reason, path("proj/x.cu") + ":1: uses CMD_LAMBDA, a macro "
                                          "that has a lambda (-DCMD_LAMBDA)");
}

TEST_F(PreScanFiles, AComputedIncludeOutsideTheProjectIsOpaque) {
  write("ext/port.h", "#include PORT_CONFIG\n");
  PreScanResult R = scan("#include <port.h>\nint x;\n");
  EXPECT_TRUE(R.MayNeedLowering);
  EXPECT_FALSE(R.FoundAllFiles);
  EXPECT_EQ(R.Reason, path("ext/port.h") +
                          ":1: has an #include whose name is a macro");
}

TEST_F(PreScanFiles, AComputedIncludeOutsideTheProjectIsFollowed) {
  write("ext/port.h", "#include PORT_IMPL\n#include \"cfg.h\"\n");
  write("ext/cfg.h", "#define PORT_IMPL <impl.h>\n");
  write("ext/impl.h", "#define PORT_LAMBDA [=] __device__\n");
  PreScanResult R = scan("#include <port.h>\nint x;\n");
  EXPECT_FALSE(R.MayNeedLowering);
  EXPECT_TRUE(R.FoundAllFiles);
  EXPECT_EQ(R.OtherHeaders.size(), 3u);
  R = scan("#include <port.h>\nvoid f() { g(PORT_LAMBDA {}); }\n");
  EXPECT_EQ(R.Reason, path("proj/x.cu") + ":2: uses PORT_LAMBDA, a macro "
                                          "that has a lambda (" +
                          path("ext/impl.h") + ":1)");
}

TEST_F(PreScanFiles, AProjectHeaderReachedThroughAnOtherHeader) {
  write("ext/port.h", "#include \"config.h\"\n");
  Search.Dirs.push_back(path("proj/include"));
  write("proj/include/config.h", "constexpr int N = 4;\n");
  PreScanResult R = scan("#include <port.h>\nint x;\n");
  EXPECT_EQ(R.Reason, path("proj/include/config.h") + ":1: has constexpr");
  EXPECT_EQ(R.ProjectFiles.size(), 2u);
}

TEST_F(PreScanFiles, IncludeNextReadsEveryCandidate) {
  Search.Dirs.push_back(path("ext2"));
  write("ext/port.h", "#include_next <port.h>\n");
  write("ext2/port.h", "#define PORT_LAMBDA [=] __device__\n");
  PreScanResult R = scan("#include <port.h>\nvoid f() { g(PORT_LAMBDA {}); }\n");
  EXPECT_TRUE(R.MayNeedLowering);
  EXPECT_EQ(R.OtherHeaders.size(), 2u);
}

TEST_F(PreScanFiles, AMacroThatDiffersBetweenThePassesNeedsBoth) {
  write("ext/port.h", "#ifdef __CUDA_ARCH__\n#define SIDE 1\n"
                      "#else\n#define SIDE 0\n#endif\n");
  PreScanResult R = scan("#include <port.h>\n#if SIDE\n#endif\n"
                         "auto f = [] {};\n");
  EXPECT_TRUE(R.MayNeedLowering);
  EXPECT_TRUE(R.NeedsBothPasses);
  EXPECT_EQ(R.BothPassesReason,
            path("proj/x.cu") + ":2: uses SIDE, a macro that may differ "
                                "between the passes (" +
                path("ext/port.h") + ":2)");
  // Nothing to lower: the side is not looked for.
  EXPECT_FALSE(scan("#include <port.h>\n#if SIDE\n#endif\n").MayNeedLowering);
}

} // namespace

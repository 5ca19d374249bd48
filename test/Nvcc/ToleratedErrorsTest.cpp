#include "Nvcc/ToleratedErrors.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace cudalower;

namespace {

/// Records, for each error of a parse, "LINE tolerated" or "LINE kept"
/// (isRedeclarationOfClangRuntime), LINE in the input file.
class RedeclarationRecorder : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    if (Level < DiagnosticsEngine::Error)
      return;
    unsigned Line =
        Info.getSourceManager().getPresumedLineNumber(Info.getLocation());
    Found.push_back(std::to_string(Line) +
                    (isRedeclarationOfClangRuntime(Info) ? " tolerated"
                                                         : " kept"));
  }
  std::vector<std::string> Found;
};

const char *RedeclarationSpaces = "#define __device__ __attribute__((device))\n"
                     "#define __host__ __attribute__((host))\n";

/// The errors of \p Code (after the two space macros: its line 1 is line
/// 3), parsed as CUDA's host pass with \p Header at \p HeaderPath, found on
/// -isystem /sys and -I /proj.
std::vector<std::string> redeclarationErrorsOf(llvm::StringRef Code,
                                  llvm::StringRef HeaderPath,
                                  llvm::StringRef Header) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile("/t/input.cu", 0,
                  llvm::MemoryBuffer::getMemBufferCopy(RedeclarationSpaces + Code.str()));
  Memory->addFile(HeaderPath, 0,
                  llvm::MemoryBuffer::getMemBufferCopy(RedeclarationSpaces + Header.str()));
  auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(),
                                                      Memory);
  RedeclarationRecorder Recorder;
  std::vector<std::string> Command = {
      "clang++",   "-fsyntax-only", "-std=c++17",
      "-x",        "cuda",          "-nocudainc",
      "-nocudalib", "--cuda-gpu-arch=sm_90", "-Wno-unknown-cuda-version",
      "--cuda-host-only", "-isystem", "/sys", "-I", "/proj", "/t/input.cu"};
  tooling::ToolInvocation Invocation(
      Command, std::make_unique<SyntaxOnlyAction>(), Files.get());
  Invocation.setDiagnosticConsumer(&Recorder);
  Invocation.run();
  return Recorder.Found;
}

using Errors = std::vector<std::string>;

const char *WrapperDeclaration =
    "__device__ static inline void __assert_fail(const char *, unsigned) {}\n";

// CCCL's re-declaration under NDEBUG, as nvcc's headers declare it.
TEST(ToleratedErrors, ARedeclarationOfClangsCudaWrapperIsTolerated) {
  const char *Code = "#include <__clang_cuda_runtime_wrapper.h>\n"
                     "extern \"C\" __host__ __device__ void\n"
                     "__assert_fail(const char *, unsigned);\n";
  EXPECT_EQ(redeclarationErrorsOf(Code, "/sys/__clang_cuda_runtime_wrapper.h", WrapperDeclaration),
            Errors{"5 tolerated"});
}

// Two declarations of the project that disagree are the user's to settle.
TEST(ToleratedErrors, AConflictWithAProjectHeaderIsKept) {
  const char *Code = "#include <__clang_cuda_runtime_wrapper.h>\n"
                     "__host__ __device__ void __assert_fail(const char *, "
                     "unsigned);\n";
  EXPECT_EQ(redeclarationErrorsOf(Code, "/proj/__clang_cuda_runtime_wrapper.h", WrapperDeclaration),
            Errors{"4 kept"});
}

// Only Clang's own wrapper headers are set aside, not any system header.
TEST(ToleratedErrors, AConflictWithAnotherSystemHeaderIsKept) {
  const char *Code = "#include <runtime.h>\n"
                     "__host__ __device__ void __assert_fail(const char *, "
                     "unsigned);\n";
  EXPECT_EQ(redeclarationErrorsOf(Code, "/sys/runtime.h", WrapperDeclaration), Errors{"4 kept"});
}

} // namespace

namespace {

/// "LINE:COL tolerated|kept" for each error of \p Code parsed as C++17, by
/// isAmbiguousEmptyBraceAssignment.
std::vector<std::string> emptyBraceErrorsOf(const std::string &Code) {
  struct Recorder : DiagnosticConsumer {
    std::vector<std::string> Found;
    void HandleDiagnostic(DiagnosticsEngine::Level Level,
                          const clang::Diagnostic &Info) override {
      if (Level < DiagnosticsEngine::Error)
        return;
      const SourceManager &SM = Info.getSourceManager();
      Found.push_back(
          std::to_string(SM.getPresumedLineNumber(Info.getLocation())) + ":" +
          std::to_string(SM.getPresumedColumnNumber(Info.getLocation())) +
          (isAmbiguousEmptyBraceAssignment(Info) ? " tolerated" : " kept"));
    }
  } Errors;
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      Code, {"-std=c++17"}, "input.cc", "clang-tool",
      std::make_shared<PCHContainerOperations>(),
      tooling::getClangStripDependencyFileAdjuster(),
      tooling::FileContentMappings(), &Errors);
  return Errors.Found;
}

} // namespace

// `res2 = {};` on a class with a second assignment operator (half2's from
// __half2_raw): nvcc accepts it, Clang finds it ambiguous. Only that form.
TEST(ToleratedErrors, EmptyBraceAssignment) {
  EXPECT_EQ(
      emptyBraceErrorsOf(
          "struct Raw { int x; };\n"
          "struct H { H() {} H &operator=(const Raw &) { return *this; } };\n"
          "void f() { H h; h = {}; h = { /* none */ }; }\n"
          "void g() { H h; H k; h += k; }\n"),
      (std::vector<std::string>{"3:19 tolerated", "3:27 tolerated",
                                "4:24 kept"}));
}

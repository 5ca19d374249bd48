#include "Nvcc/ToleratedErrors.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace cudalower;

namespace {

/// Records, for each error of a parse, "LINE left" if isLeftToDevicePass
/// holds for it and "LINE kept" if not; "LINE skipped" for the __shared__
/// initialisations nvcc skips (isSharedInitialisationNvccSkips).
class LeftToDeviceRecorder : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    if (Level < DiagnosticsEngine::Error || !S)
      return;
    unsigned Line =
        Info.getSourceManager().getPresumedLineNumber(Info.getLocation());
    Found.push_back(std::to_string(Line) +
                    (isSharedInitialisationNvccSkips(Info, S)     ? " skipped"
                     : isAttributeInCudaLambdaParameters(Info, S) ? " attribute"
                     : isLeftToDevicePass(contextOf(*S))          ? " left"
                                                                  : " kept"));
  }
  Sema *S = nullptr;
  std::vector<std::string> Found;
};

class LeftToDeviceAction : public ASTFrontendAction {
public:
  explicit LeftToDeviceAction(LeftToDeviceRecorder &R) : R(R) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<SemaTap>([this](Sema *S) { R.S = S; });
  }

private:
  LeftToDeviceRecorder &R;
};

const char *Spaces = "#define __global__ __attribute__((global))\n"
                     "#define __device__ __attribute__((device))\n"
                     "#define __host__ __attribute__((host))\n"
                     "#define __shared__ __attribute__((shared))\n";

/// What LeftToDeviceRecorder finds for \p Code (after the four space
/// macros: its line 1 is line 5), parsed as CUDA in one pass.
std::vector<std::string> errorsOf(llvm::StringRef Code, bool DevicePass) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile("/t/input.cu", 0,
                  llvm::MemoryBuffer::getMemBufferCopy(Spaces + Code.str()));
  auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(),
                                                      Memory);
  LeftToDeviceRecorder Recorder;
  std::vector<std::string> Command = {
      "clang++", "-fsyntax-only", "-std=c++17", "-x", "cuda", "-nocudainc",
      "-nocudalib", "--cuda-gpu-arch=sm_90", "-Wno-unknown-cuda-version",
      DevicePass ? "--cuda-device-only" : "--cuda-host-only",
      "/t/input.cu"};
  tooling::ToolInvocation Invocation(
      Command, std::make_unique<LeftToDeviceAction>(Recorder), Files.get());
  Invocation.setDiagnosticConsumer(&Recorder);
  Invocation.run();
  return Recorder.Found;
}

using Errors = std::vector<std::string>;

// nvcc's host compilation never instantiates a kernel template's body.
TEST(LeftToDevicePass, ErrorInAKernelTemplateInstantiatedByTheHostPass) {
  const char *Code = "template <class T> __global__ void k(T *p) { p->f(); }\n"
                     "template __global__ void k<int>(int *);\n";
  EXPECT_EQ(errorsOf(Code, false), Errors{"5 left"});
  EXPECT_EQ(errorsOf(Code, true), Errors{"5 kept"});
}

// Asked for by host code, the kernel is instantiated at the end of the file.
TEST(LeftToDevicePass, ErrorInAKernelTemplateHostCodeNames) {
  EXPECT_EQ(errorsOf("template <class T> __global__ void k(T *p) { p->f(); }\n"
                     "void (*launchable)(int *) = k<int>;\n",
                     false),
            Errors{"5 left"});
}

// Nor what such a body instantiates, even a __host__ __device__ template
// (Clang instantiates it inside the kernel's instantiation when host code
// asked for the kernel).
TEST(LeftToDevicePass, ErrorInATemplateAKernelInstantiates) {
  EXPECT_EQ(errorsOf("template <class T> __device__ void d(T *p) { p->f(); }\n"
                     "template <class T> __host__ __device__ void hd(T *p) "
                     "{ p->g(); }\n"
                     "template <class T> __global__ void k(T *p) "
                     "{ d(p); hd(p); }\n"
                     "void (*launchable)(int *) = k<int>;\n",
                     false),
            (Errors{"5 left", "6 left"}));
}

TEST(LeftToDevicePass, NotForTemplatesTheHostInstantiates) {
  EXPECT_EQ(errorsOf("template <class T> void h(T *p) { p->f(); }\n"
                     "template <class T> __host__ __device__ void hd(T *p) "
                     "{ p->g(); }\n"
                     "template <class T> constexpr int c(T *p) "
                     "{ return p->h(); }\n"
                     "void run(int *p) { h(p); hd(p); c(p); }\n",
                     false),
            (Errors{"7 kept", "5 kept", "6 kept"})); // constexpr: at once
}

// EDG reads a function that is not a template in both compilations.
TEST(LeftToDevicePass, NotForDeviceFunctionsThatAreNotTemplates) {
  EXPECT_EQ(errorsOf("__device__ void d(int *p) { p->f(); }\n"
                     "__global__ void k(int *p) { p->g(); }\n",
                     false),
            (Errors{"5 kept", "6 kept"}));
}

// §5.3.10.6.1: nvcc compiles a function-scope __shared__ variable whose
// class has a non-empty constructor or destructor (#20054-D), without
// running it; Clang rejects it.
const char *SharedTypes =
    "struct A { int x = 5; __device__ A() {} __device__ A(int v) : x(v) {} };\n"
    "struct D { int x; __device__ ~D() { x = 0; } };\n";

TEST(SharedInitialisation, DefaultInitialisedLocalsAreSkipped) {
  EXPECT_EQ(errorsOf(std::string(SharedTypes) +
                         "__global__ void k(int *o) {\n"
                         "  __shared__ A a;\n"
                         "  __shared__ A many[4];\n"
                         "  static __shared__ D d;\n"
                         "  o[0] = a.x + many[1].x + d.x;\n"
                         "}\n",
                     true),
            (Errors{"8 skipped", "9 skipped", "10 skipped"}));
}

TEST(SharedInitialisation, SkippedInTemplateInstantiations) {
  EXPECT_EQ(errorsOf(std::string(SharedTypes) +
                         "template <class T> __device__ int f() {\n"
                         "  __shared__ T t;\n"
                         "  return t.x;\n"
                         "}\n"
                         "__global__ void k(int *o) { o[0] = f<A>(); }\n",
                     true),
            (Errors{"8 skipped"}));
}

TEST(SharedInitialisation, WrittenInitialisersStayErrors) {
  EXPECT_EQ(errorsOf(std::string(SharedTypes) +
                         "__global__ void k(int *o) {\n"
                         "  __shared__ A a(3);\n"
                         "  __shared__ A b{};\n"
                         "  __shared__ A c = A();\n"
                         "  __shared__ int i = 5;\n"
                         "  o[0] = a.x + b.x + c.x + i;\n"
                         "}\n",
                     true),
            (Errors{"8 kept", "9 kept", "10 kept", "11 kept"}));
}

TEST(SharedInitialisation, NamespaceScopeStaysAnError) {
  EXPECT_EQ(errorsOf(std::string(SharedTypes) + "__shared__ A g;\n", true),
            (Errors{"7 kept"}));
}

// nvcc reads C++11 attributes on the parameters of a lambda written with
// CUDA attributes; Clang's parser refuses them there, and only there.
TEST(ToleratedErrors, AttributesOnCudaLambdaParameters) {
  const char *Code =
      "template <class F> void run(F f) {}\n"
      "void g() {\n"
      "  run([=] __device__ ([[maybe_unused]] int i, int j) {});\n"
      "  run([=] __host__ __device__ (int i, [[maybe_unused]] int j) {});\n"
      "  auto plain = [] ([[maybe_unused]] int i) {};\n"
      "  run([=] __device__ (int i) { [[maybe_unused]] return; });\n"
      "}\n";
  // The last: a misplaced attribute in the body is kept as an error.
  EXPECT_EQ(errorsOf(Code, true),
            (Errors{"7 attribute", "8 attribute", "10 kept"}));
  EXPECT_EQ(errorsOf(Code, false),
            (Errors{"7 attribute", "8 attribute", "10 kept"}));
}

} // namespace

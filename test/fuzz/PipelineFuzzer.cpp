//===--- PipelineFuzzer.cpp - libFuzzer over the whole cuda-lower run -----===//
//
// Each input is a CUDA source. It goes through runTool as `cuda-lower
// input.cu` would run it (every default rule, both passes, verification),
// on an in-memory file, and the result is held to the tool's contract:
//   - nothing crashes: a crash the engine recovers from (exit 4) aborts
//     here, so that libFuzzer keeps the input; ASan and UBSan report the
//     rest;
//   - exit 0 means the output builds with plain nvcc: verification passed,
//     no error was printed, and the output parses again when the tool is
//     run over it (a second, independent parse of what was written);
//   - with CUDALOWER_FUZZ_IDEMPOTENT=1, that second run also changes
//     nothing.
// docs/reliability.md ("Fuzzing") has the commands and the findings.
//
// By default the CUDA headers are replaced by a small prelude (below), which
// makes an execution of a small source about fifteen times faster than with
// Clang's CUDA wrapper headers. CUDALOWER_FUZZ_FULL_HEADERS=1 uses the real
// headers.
//
//===----------------------------------------------------------------------===//

#include "cudalower/Tool.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

namespace {

const char *const Dir = "/cudalower-fuzz";
const char *const Source = "/cudalower-fuzz/input.cu";
const char *const PreludePath = "/cudalower-fuzz/cuda_prelude.h";

/// What a source needs of Clang's CUDA wrapper header for the rules and
/// verification to see it as the real headers show it, without the math,
/// device-function and standard headers that make the wrapper about fifteen
/// times slower to parse: the execution-space macros and the runtime API
/// (`cuda_runtime_api.h`), the built-in variables, the declaration Clang
/// needs for `<<<...>>>`, the typed `cudaMalloc` overloads, `atomicAdd`.
/// Left out: device math and intrinsics, the `cuda_fp16.h` family (CCCL is
/// told so), atomics other than `atomicAdd`, texture and cooperative-groups
/// headers, and what `cuda_runtime.h` includes; a source using them without
/// including them does not parse (exit 3, allowed), and Thrust does not
/// parse at all. CUDALOWER_FUZZ_FULL_HEADERS=1 covers those.
const char *const Prelude = R"cuda(
#define __CUDACC__
#define CCCL_DISABLE_FP16_SUPPORT
#include <stdlib.h>
#include <string.h>
#include "cuda_runtime_api.h"
#include <__clang_cuda_builtin_vars.h>
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                                size_t sharedMem = 0,
                                                void *stream = 0);
template <class T> cudaError_t cudaMalloc(T **Ptr, size_t Size) {
  return ::cudaMalloc((void **)Ptr, Size);
}
template <class T>
cudaError_t cudaMallocManaged(T **Ptr, size_t Size,
                              unsigned Flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)Ptr, Size, Flags);
}
__device__ int atomicAdd(int *Address, int Value);
__device__ unsigned atomicAdd(unsigned *Address, unsigned Value);
__device__ float atomicAdd(float *Address, float Value);
__device__ double atomicAdd(double *Address, double Value);
)cuda";

/// -I for every folder of lit-tests that holds headers, so that seeds which
/// include the lit tests' headers still parse. They are outside the input's
/// root, so the tool reads them and never edits them.
std::vector<std::string> litHeaderDirs() {
  std::set<std::string> Dirs;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator
           It(CUDALOWER_SOURCE_DIR "/lit-tests", EC),
       End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Ext = llvm::sys::path::extension(It->path());
    if (Ext == ".h" || Ext == ".cuh" || Ext == ".hpp")
      Dirs.insert(llvm::sys::path::parent_path(It->path()).str());
  }
  std::vector<std::string> Args;
  for (const std::string &D : Dirs)
    Args.push_back("-I" + D);
  return Args;
}

bool FullHeaders = false;
bool CheckIdempotence = false;
std::vector<std::string> ExtraArgs;

bool envIsSet(const char *Name) {
  const char *Value = std::getenv(Name);
  return Value && llvm::StringRef(Value) == "1";
}

struct RunResult {
  int Code;
  std::string Out;
  std::string Err;
};

/// Runs the tool over \p Code as `cuda-lower input.cu` (output on stdout).
RunResult runOver(llvm::StringRef Code, bool Verify) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(Source, 0, llvm::MemoryBuffer::getMemBufferCopy(Code, Source));
  Memory->addFile(PreludePath, 0,
                  llvm::MemoryBuffer::getMemBufferCopy(Prelude, PreludePath));
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::createPhysicalFileSystem());
  FS->pushOverlay(Memory);

  cudalower::ToolOptions Opts;
  Opts.Sources = {Source};
  Opts.InRoot = Dir;
  Opts.CudaPath = CUDALOWER_DEFAULT_CUDA_PATH;
  Opts.Quiet = true;
  Opts.Jobs = 1;
  Opts.Verify = Verify;
  Opts.ExtraArgs = ExtraArgs;
  RunResult R;
  llvm::raw_string_ostream Out(R.Out), Err(R.Err);
  R.Code = cudalower::runTool(Opts, Out, Err, FS);
  return R;
}

[[noreturn]] void fail(const char *Why, llvm::StringRef Input,
                       const RunResult &R) {
  llvm::errs() << "cudalower-fuzz: " << Why << " (exit " << R.Code << ")\n"
               << "--- input ---\n"
               << Input << "\n--- stdout ---\n"
               << R.Out << "\n--- stderr ---\n"
               << R.Err << "\n";
  std::abort();
}

/// A source the harness does not give the tool: device files and /proc
/// entries named in an `#include` would block or read the machine's state,
/// which says nothing about the tool.
bool isOffLimits(llvm::StringRef Code) {
  return Code.contains("/dev/") || Code.contains("/proc/") ||
         Code.contains("/sys/");
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  FullHeaders = envIsSet("CUDALOWER_FUZZ_FULL_HEADERS");
  CheckIdempotence = envIsSet("CUDALOWER_FUZZ_IDEMPOTENT");
  if (!FullHeaders)
    ExtraArgs = {"-nocudainc", "-include", PreludePath};
  std::vector<std::string> Includes = litHeaderDirs();
  ExtraArgs.insert(ExtraArgs.end(), Includes.begin(), Includes.end());
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Code(reinterpret_cast<const char *>(Data), Size);
  if (isOffLimits(Code))
    return -1; // not added to the corpus
  RunResult First = runOver(Code, /*Verify=*/true);
  using namespace cudalower;
  switch (First.Code) {
  case Success:
  case RewritesNeeded: // a rule or verification reported an error
  case ParseError:     // the input is not valid CUDA
    break;
  default:
    fail("the tool crashed or refused its own options", Code, First);
  }
  if (First.Code != Success)
    return 0;
  if (llvm::StringRef(First.Err).contains("error:"))
    fail("exit 0 after an error", Code, First);

  RunResult Second = runOver(First.Out, /*Verify=*/false);
  if (Second.Code == ParseError || Second.Code == InternalError)
    fail("the output of a successful run does not parse again", Code,
         Second);
  if (CheckIdempotence && (Second.Code != Success || Second.Out != First.Out))
    fail("a second run over the output changed it", Code, Second);
  return 0;
}

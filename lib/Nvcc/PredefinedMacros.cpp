//===--- PredefinedMacros.cpp - The macros nvcc predefines ----------------===//
//
// nvcc predefines macros that libraries test (`__NVCC__`, the version
// macros, `__CUDA_ARCH_LIST__`); Clang defines none of them. They are taken
// from the toolkit's own nvcc, as `--dryrun` prints them on the preprocessor
// command lines it would run, so they follow the toolkit rather than a table
// kept by hand.
//
//===----------------------------------------------------------------------===//

#include "Nvcc/PredefinedMacros.h"
#include "Nvcc/ProgramOutput.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>

namespace cudalower {

/// Defined by Clang itself from --cuda-gpu-arch and the pass, or by the
/// caller per semantics: taking nvcc's would override Clang's or the
/// caller's choice. Also left out: macros that announce builtins of nvcc's
/// front end Clang does not have (`__CUDACC_DEVICE_ATOMIC_BUILTINS__`: CCCL
/// 3.1 and later then call `__nv_atomic_load` and use `__NV_ATOMIC_RELAXED`);
/// without the macro, libraries take the path they take for Clang.
static bool isLeftToCaller(llvm::StringRef Name) {
  return Name == "__CUDACC__" || Name == "__CUDA_ARCH__" ||
         Name == "__CUDACC_EXTENDED_LAMBDA__" ||
         Name == "__CUDACC_RELAXED_CONSTEXPR__" ||
         Name == "__CUDACC_DEVICE_ATOMIC_BUILTINS__";
}

/// `sm_90a` -> `900`, the value nvcc gives `__CUDA_ARCH__` for it.
static std::string archNumber(llvm::StringRef Arch) {
  Arch.consume_front("sm_");
  llvm::StringRef Digits = Arch.take_while(
      [](char C) { return C >= '0' && C <= '9'; });
  return Digits.empty() ? std::string() : Digits.str() + "0";
}

namespace {
/// The `-D`s of one preprocessing step of the dry run.
struct PreprocessStep {
  std::vector<std::string> Defines;
  std::string CudaArch; // empty for the host step
  bool AtomicBuiltins = false;
};
} // namespace

static PreprocessStep readStep(llvm::StringRef Line) {
  PreprocessStep Step;
  llvm::SmallVector<llvm::StringRef, 64> Words;
  Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef W : Words) {
    W = W.trim("\"");
    if (!W.consume_front("-D"))
      continue;
    auto [Name, Value] = W.split('=');
    if (Name == "__CUDA_ARCH__")
      Step.CudaArch = Value.str();
    if (Name == "__CUDACC_DEVICE_ATOMIC_BUILTINS__")
      Step.AtomicBuiltins = true;
    if (!isLeftToCaller(Name))
      Step.Defines.push_back(W.str());
  }
  return Step;
}

NvccPredefines parseNvccDryrun(llvm::StringRef Output,
                               llvm::StringRef DeviceArch) {
  NvccPredefines Result;
  std::string Wanted = archNumber(DeviceArch);
  bool HaveHost = false, HaveDevice = false;
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  Output.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    // Each step is echoed as `#$ <command>`; the preprocessing ones run the
    // host compiler with -E.
    if (!Line.consume_front("#$ ") || !Line.contains(" -E "))
      continue;
    PreprocessStep Step = readStep(Line);
    Result.AtomicBuiltins |= Step.AtomicBuiltins;
    if (Step.CudaArch.empty()) {
      if (!HaveHost)
        Result.Host = std::move(Step.Defines);
      HaveHost = true;
    } else if (!HaveDevice || Step.CudaArch == Wanted) {
      Result.Device = std::move(Step.Defines);
      HaveDevice = Step.CudaArch == Wanted;
    }
  }
  if (Result.Device.empty())
    Result.Device = Result.Host;
  return Result;
}

/// `800,900`: the virtual architectures, sorted and without repeats, as
/// nvcc spells `__CUDA_ARCH_LIST__`.
static std::string archList(llvm::ArrayRef<std::string> Archs) {
  std::vector<unsigned> Numbers;
  for (const std::string &A : Archs) {
    unsigned N = 0;
    if (!llvm::StringRef(archNumber(A)).getAsInteger(10, N))
      Numbers.push_back(N);
  }
  std::sort(Numbers.begin(), Numbers.end());
  Numbers.erase(std::unique(Numbers.begin(), Numbers.end()), Numbers.end());
  std::string List;
  for (unsigned N : Numbers)
    List += (List.empty() ? "" : ",") + std::to_string(N);
  return List;
}

NvccPredefines nvccPredefinesFromCudaH(llvm::StringRef CudaH,
                                       llvm::ArrayRef<std::string> Archs) {
  NvccPredefines Result;
  unsigned Version = 0;
  size_t At = CudaH.find("#define CUDA_VERSION ");
  if (At != llvm::StringRef::npos)
    CudaH.substr(At + sizeof("#define CUDA_VERSION ") - 1)
        .take_while([](char C) { return C >= '0' && C <= '9'; })
        .getAsInteger(10, Version);
  Result.Host.push_back("__NVCC__");
  if (Version) {
    for (const char *Prefix : {"__CUDACC_VER_", "__CUDA_API_VER_"}) {
      Result.Host.push_back(std::string(Prefix) + "MAJOR__=" +
                            std::to_string(Version / 1000));
      Result.Host.push_back(std::string(Prefix) + "MINOR__=" +
                            std::to_string(Version % 1000 / 10));
    }
  }
  std::string List = archList(Archs);
  if (!List.empty())
    Result.Host.push_back("__CUDA_ARCH_LIST__=" + List);
  Result.Device = Result.Host;
  // nvcc's atomic builtins came with CUDA 12.8.
  Result.AtomicBuiltins = Version >= 12080;
  return Result;
}

/// Runs `nvcc --dryrun` for \p Archs and returns what it printed, or "" if
/// it could not run or failed (an architecture it does not know).
static std::string runNvccDryrun(llvm::StringRef CudaPath,
                                 llvm::ArrayRef<std::string> Archs) {
  llvm::SmallString<256> Nvcc(CudaPath);
  llvm::sys::path::append(Nvcc, "bin", "nvcc");
  if (!llvm::sys::fs::can_execute(Nvcc))
    return "";
  std::vector<std::string> Args = {std::string(Nvcc), "--dryrun", "-c",
                                   "-x", "cu", "cuda-lower-probe.cu"};
  for (const std::string &A : Archs) {
    std::string Virtual = "compute_" + llvm::StringRef(A).drop_front(3).str();
    Args.push_back("-gencode");
    Args.push_back("arch=" + Virtual + ",code=" + A);
  }
  std::vector<llvm::StringRef> ArgRefs(Args.begin(), Args.end());
  return outputOf(Nvcc, ArgRefs, Streams::StdoutAndStderr,
                  /*Seconds=*/60)
      .value_or("");
}

NvccPredefines queryNvccPredefines(llvm::StringRef CudaPath,
                                   llvm::ArrayRef<std::string> Archs) {
  std::vector<std::string> Known;
  for (const std::string &A : Archs)
    if (llvm::StringRef(A).starts_with("sm_") && !archNumber(A).empty())
      Known.push_back(A);
  if (!Known.empty()) {
    NvccPredefines FromNvcc =
        parseNvccDryrun(runNvccDryrun(CudaPath, Known), Known.front());
    if (!FromNvcc.Host.empty())
      return FromNvcc;
  }
  llvm::SmallString<256> CudaH(CudaPath);
  llvm::sys::path::append(CudaH, "include", "cuda.h");
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getFile(CudaH);
  return nvccPredefinesFromCudaH(Text ? (*Text)->getBuffer() : "", Known);
}

} // namespace cudalower

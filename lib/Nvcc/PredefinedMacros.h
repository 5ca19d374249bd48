//===--- PredefinedMacros.h - The macros nvcc predefines --------*- C++ -*-===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace cudalower {

/// The macros nvcc defines itself for one compilation, split by the side
/// that sees them, each as the text of a `-D` argument without the `-D`
/// (`__CUDACC_VER_MAJOR__=13`). Macros Clang defines on its own
/// (`__CUDACC__`, `__CUDA_ARCH__`) and those of `--extended-lambda` and
/// `--expt-relaxed-constexpr` are left out: the caller adds the latter per
/// semantics.
struct NvccPredefines {
  std::vector<std::string> Host;
  std::vector<std::string> Device;
  /// nvcc has the `__nv_atomic_*` builtins (it defines
  /// `__CUDACC_DEVICE_ATOMIC_BUILTINS__`; CUDA 12.8 and later). The macro
  /// itself is left out: the parse spells the builtins as macros of its own
  /// (AtomicBuiltins.h), and CCCL, seeing it, would take nvcc-only paths.
  bool AtomicBuiltins = false;
};

/// Reads `nvcc --dryrun` output: the `-D`s of the first host preprocessing
/// step (a `-E` step without `__CUDA_ARCH__`) and of the device step for
/// \p DeviceArch (`sm_80`; the first device step if none matches). Returns
/// nothing in Host if the output holds no preprocessing step.
NvccPredefines parseNvccDryrun(llvm::StringRef Output,
                               llvm::StringRef DeviceArch);

/// What nvcc would predefine when \p CudaH (the text of the toolkit's
/// include/cuda.h) is all there is to go by: the version macros from
/// `CUDA_VERSION`, `__NVCC__` and `__CUDA_ARCH_LIST__` from \p Archs.
/// `__CUDACC_VER_BUILD__` is unknown there and left undefined.
NvccPredefines nvccPredefinesFromCudaH(llvm::StringRef CudaH,
                                       llvm::ArrayRef<std::string> Archs);

/// The macros the nvcc of the toolkit at \p CudaPath predefines when it
/// compiles for \p Archs (Clang spellings, `sm_80`, first is the device
/// pass's): asks `nvcc --dryrun` (about 25 ms), else reads include/cuda.h.
NvccPredefines queryNvccPredefines(llvm::StringRef CudaPath,
                                   llvm::ArrayRef<std::string> Archs);

} // namespace cudalower

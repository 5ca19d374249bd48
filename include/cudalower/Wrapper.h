//===--- Wrapper.h - Entry point of cuda-lower-nvcc -------------*- C++ -*-===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace cudalower {

/// Runs cuda-lower-nvcc: \p Args is its command line without argv[0] (nvcc's
/// arguments, with the real compiler and launchers first in launcher
/// position); \p Self is the path of the running executable, never taken
/// for the real nvcc. Lowers what needs lowering into private copies and
/// runs nvcc on them (docs/nvcc-wrapper.md). \returns nvcc's exit code, or
/// 2 for a usage error of the wrapper itself.
int runWrapper(llvm::ArrayRef<std::string> Args, llvm::StringRef Self);

} // namespace cudalower

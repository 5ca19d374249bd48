//===--- FindNvcc.h - Finding the real nvcc, never the wrapper --*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <functional>
#include <optional>
#include <string>

namespace cudalower {

/// Where the real nvcc is looked for, first match wins: \p Explicit
/// (`--cuda-lower-nvcc=PATH`), `$CUDA_LOWER_NVCC`, `$CUDA_PATH/bin/nvcc`,
/// `$CUDA_HOME/bin/nvcc`, then every `nvcc` on `$PATH`. A candidate that
/// is the wrapper itself (same real path as \p Self, as when the wrapper is
/// installed as `nvcc` ahead of the toolkit) is skipped. \p GetEnv reads the
/// environment (tests give their own).
llvm::Expected<std::string>
findRealNvcc(llvm::StringRef Explicit, llvm::StringRef Self,
             const std::function<std::optional<std::string>(const char *)>
                 &GetEnv);

/// True if \p Word names a program: a path to an executable file, or a
/// name found on `$PATH`.
bool isProgram(llvm::StringRef Word);

} // namespace cudalower

//===--- ResourceDir.h - Where Clang's resource headers are -----*- C++ -*-===//
//
// Clang parses CUDA with its own headers (the CUDA wrappers, stddef.h and
// the intrinsics headers) from its resource directory. A release package
// carries them beside the tool, so that it runs without LLVM installed and
// from wherever it was unpacked (docs/usage.md#release-package); a
// build tree uses the LLVM installation it was configured with.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include <string>

namespace cudalower {

/// The resource directory a package installs beside \p Executable
/// (`<prefix>/bin/cuda-lower` → `<prefix>/lib/cuda-lower/clang/<major>`)
/// when it holds Clang's CUDA wrapper headers; else \p Fallback.
std::string resourceDirBeside(llvm::StringRef Executable,
                              llvm::StringRef Fallback);

/// The resource directory of every Clang invocation in this process: the
/// one beside the running executable, else the one the build was
/// configured with (CUDALOWER_CLANG_RESOURCE_DIR).
const std::string &clangResourceDir();

} // namespace cudalower

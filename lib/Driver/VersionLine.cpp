//===--- VersionLine.cpp - What --version prints --------------------------===//
//
// Built on its own (no unity batch): BuildCommit.inc changes with every
// commit, and only this file reads it.
//
//===----------------------------------------------------------------------===//

#include "BuildCommit.inc"
#include "cudalower/Version.h"
#include "llvm/Config/llvm-config.h"

namespace cudalower {

std::string versionLine(llvm::StringRef Tool) {
  // The version of LLVM's headers is that of the libraries linked:
  // llvm-22-dev, whose static libraries a release package links, needs
  // the libllvm22 of its own version.
  return Tool.str() + " " CUDALOWER_VERSION_STRING
                     " (commit " CUDALOWER_COMMIT "), LLVM/Clang " LLVM_VERSION_STRING
                     ", tested with CUDA " CUDALOWER_TESTED_CUDA_VERSION;
}

} // namespace cudalower

//===--- HostCompilerHeaders.h - Headers only the host compiler has -*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include <string>

namespace cudalower {

/// The host compiler nvcc runs for a command: \p Ccbin (its -ccbin value: a
/// compiler, or the directory holding one), else $NVCC_CCBIN, else `g++` on
/// PATH. "" if none is found.
std::string hostCompilerFor(llvm::StringRef Ccbin);

/// The directory of headers private to \p Compiler (GCC's
/// `<install>/include`, asked with `-print-file-name=include`): `omp.h`,
/// `openacc.h`, `quadmath.h`. nvcc's host compiler finds them; Clang, which
/// reads its own resource directory in their place, does not. "" if the
/// compiler cannot tell.
std::string queryPrivateIncludeDir(llvm::StringRef Compiler);

} // namespace cudalower

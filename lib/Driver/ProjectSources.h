//===--- ProjectSources.h - The sources a compile database names -*- C++ -*-===//
//
// `cuda-lower -p build` with no sources processes every CUDA entry of
// build/compile_commands.json; directories named on the command line keep
// the entries under them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
struct CompileCommand;
} // namespace clang::tooling

namespace cudalower {

/// A CUDA entry: its file ends in .cu, its command says `-x cu` or
/// `-x cuda` (any spelling: `-xcu`, `--x=cu`), or its compiler is nvcc.
bool isCudaEntry(const clang::tooling::CompileCommand &C);

/// The files of the CUDA entries of \p DB, absolute, in database order,
/// each once. With \p UnderDirs (absolute, real directories), only those
/// under one of them.
std::vector<std::string>
cudaSourcesOf(const clang::tooling::CompilationDatabase &DB,
              llvm::ArrayRef<std::string> UnderDirs = {});

/// The sources to process: \p Named as given, except that, with a
/// database, no name means every CUDA entry and a directory means the
/// CUDA entries under it. Errors: a directory without a database, no
/// CUDA entry at all.
llvm::Expected<std::vector<std::string>>
selectSources(const std::vector<std::string> &Named,
              const clang::tooling::CompilationDatabase *DB,
              llvm::StringRef DatabasePath);

} // namespace cudalower

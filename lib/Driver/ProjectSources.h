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

/// What makes a compile database entry a CUDA entry, checked in this
/// order. The compiler is the word after any launcher (`ccache`, `env
/// X=1`...; compilerIndexOf), and only its arguments are read.
enum class CudaSign {
  None,         ///< none of the below: a host-only entry, skipped
  CuSource,     ///< the file ends in .cu
  CudaLanguage, ///< the last `-x` says `cu` or `cuda` (`-xcu`, `--x=cu`)
  Nvcc,         ///< the compiler is nvcc
  CudaFlag,     ///< with no other `-x`, a flag only CUDA compilers take
                ///< (cudaOnlyFlagIn: `-arch=sm_80`, `-Xcompiler`...):
                ///< a project's script or an MPI wrapper over nvcc
};

/// Why \p C is a CUDA entry, or CudaSign::None.
CudaSign cudaSignOf(const clang::tooling::CompileCommand &C);

inline bool isCudaEntry(const clang::tooling::CompileCommand &C) {
  return cudaSignOf(C) != CudaSign::None;
}

/// The files of the CUDA entries of \p DB, absolute, in database order,
/// each once. With \p UnderDirs (absolute, real directories), only those
/// under one of them. \p Skipped, if given, receives the other files under
/// them (no entry of theirs is CUDA), in the same form.
std::vector<std::string>
cudaSourcesOf(const clang::tooling::CompilationDatabase &DB,
              llvm::ArrayRef<std::string> UnderDirs = {},
              std::vector<std::string> *Skipped = nullptr);

/// The sources to process: \p Named as given, except that, with a
/// database, no name means every CUDA entry and a directory means the
/// CUDA entries under it. Errors: a directory without a database, no
/// CUDA entry at all (naming the entries skipped). \p Note, if given,
/// receives one line for the user when entries were skipped while others
/// are processed (how many, the first few, why), else "".
llvm::Expected<std::vector<std::string>>
selectSources(const std::vector<std::string> &Named,
              const clang::tooling::CompilationDatabase *DB,
              llvm::StringRef DatabasePath, std::string *Note = nullptr);

/// --shard K/N: run K of N that split one run's sources between them
/// (docs/scaling.md#shards).
struct Shard {
  unsigned Index = 1; ///< K, from 1.
  unsigned Count = 1; ///< N.
};

/// Reads "K/N" with 1 <= K <= N; the error names the value.
llvm::Expected<Shard> parseShard(llvm::StringRef Text);

/// The sources of \p S: sorted by path, the I-th of them (from 0) for every
/// I with I % N == K - 1. The N shards of one list take every source once,
/// whatever order the database lists them in; taking every N-th spreads a
/// large directory over all of them.
std::vector<std::string> sourcesOfShard(std::vector<std::string> Sources,
                                        Shard S);

/// \p Sources cut to the shard \p Spec names ("K/N"; empty: all), with a
/// line for the user added to \p Note. An empty list stays empty (the
/// usual error follows).
llvm::Error takeShard(llvm::StringRef Spec, std::vector<std::string> &Sources,
                      std::string &Note);

} // namespace cudalower

//===--- NvccFlags.h - Compile commands to Clang CUDA arguments -*- C++ -*-===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace cudalower {

/// What a compile command says that matters for parsing the file as CUDA.
struct ParsedCompileCommand {
  /// -I, -isystem, -D, -U, -include and similar, in Clang's spelling and in
  /// their original order.
  std::vector<std::string> PreprocessorArgs;
  /// The language standard, e.g. "c++17"; empty if the command names none.
  std::string Std;
  /// The first GPU architecture, as Clang spells it (e.g. "sm_80").
  std::string GpuArch;
  /// Every architecture of `-arch`/`-gencode`, first one first, without
  /// repeats: what nvcc's `__CUDA_ARCH_LIST__` lists.
  std::vector<std::string> GpuArchs;
  /// -ccbin / --compiler-bindir: nvcc's host compiler, or its directory.
  std::string HostCompiler;
  /// -rdc=true / -dc: relocatable device code (Clang: -fgpu-rdc).
  bool RelocatableDeviceCode = false;
  /// Flags dropped because they do not affect parsing (-O2, -o x, -Xptxas..).
  std::vector<std::string> Ignored;
};

/// Reads a compile command line (the compiler, after any launcher before
/// it (compilerIndexOf): nvcc, clang, a GCC-like host compiler or a
/// project's script over one of them) and keeps what parsing needs. The
/// source file named \p File is dropped, as are outputs and code-generation
/// flags; nvcc spellings (`-arch=sm_80`, `-gencode arch=..,code=..`, `--std
/// c++17`, `-Xcompiler -DX,-Iy`, `-rdc=true`, `--expt-*`) are translated,
/// whatever the compiler.
ParsedCompileCommand parseCompileCommand(llvm::ArrayRef<std::string> Argv,
                                         llvm::StringRef File);

/// Replaces the option files of a compile command with the arguments they
/// hold: clang's and GCC's `@FILE`, nvcc's `--options-file FILE[,FILE...]`
/// and `-optf` (separate or with `=`). Files are read relative to
/// \p Directory (the command's), split as a shell splits words (quotes,
/// backslashes), and may name further option files. A file that cannot be
/// read is an error naming it.
llvm::Error expandOptionFiles(std::vector<std::string> &Argv,
                              llvm::StringRef Directory);

/// True if nvcc option \p Opt, written alone, takes its value in the next
/// word (`-o out.o`, `-x cu`, `-I dir`, `--options-file f`). The one list
/// that both parseCompileCommand and cuda-lower-nvcc's command-line model
/// read, so that they agree on which words are inputs.
bool nvccOptionTakesSeparateValue(llvm::StringRef Opt);

/// The index in \p Argv of the compiler, after the launchers written before
/// it: ccache, sccache, distcc, icecc and buildcache followed by a program;
/// `env` with its options and `NAME=VALUE` words; any other program followed
/// by a word that names a compiler (`nvcc`, `clang++`, `g++`, `mpicxx`...,
/// a path or a version suffix allowed). 0 when argv[0] is the compiler; a
/// compiler is never taken for a launcher.
size_t compilerIndexOf(llvm::ArrayRef<std::string> Argv);

/// The first flag of \p Args that only CUDA compilers take, as written
/// (with its value when separate), or "" if none: `-arch`/`-code` naming a
/// GPU (`sm_80`, `compute_90`, `native`; not Apple's `-arch arm64`),
/// `-gencode`, `-Xcompiler`, `-Xptxas` and nvcc's other `-X` options,
/// `--extended-lambda`, `--expt-relaxed-constexpr`, `-rdc`, `-ccbin`,
/// `--use_fast_math`, `-lineinfo`, `--default-stream`, and Clang's
/// `--cuda-gpu-arch`/`--cuda-path`. \p Args are the compiler's arguments,
/// without the compiler.
std::string cudaOnlyFlagIn(llvm::ArrayRef<std::string> Args);

/// Turns `compute_80`, `sm_80`, `sm_90a`, `80` or `native` into Clang's
/// `sm_XX` form; returns "" for an unrecognised spelling.
std::string normalizeGpuArch(llvm::StringRef Arch);

} // namespace cudalower

//===--- NvccCommandLine.h - What an nvcc command line asks for -*- C++ -*-===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace cudalower {

/// cuda-lower-nvcc's own options (`--cuda-lower-*`), taken out of the
/// command line wherever they stand.
struct WrapperOptions {
  /// Drop --extended-lambda/--expt-relaxed-constexpr and fail where the
  /// lowering is incomplete.
  bool Strict = false;
  /// Print the tool's diagnostics, in nvcc's format.
  bool Verbose = false;
  /// Run cuda-lower's verification of the output before nvcc.
  bool Verify = false;
  /// Print the wrapper's version line and exit; `--version` is nvcc's
  /// (CMake reads it to identify the compiler).
  bool Version = false;
  /// `--cuda-lower-nvcc=PATH`: the real nvcc.
  std::string Nvcc;
  /// `--cuda-lower-root=DIR`: the project's files, which the lowering may
  /// edit (cuda-lower's --in-root); empty: the git work tree of the source,
  /// else its directory.
  std::string Root;
};

/// An invocation of the wrapper, split into its parts.
struct WrapperCommand {
  WrapperOptions Options;
  /// The words before nvcc's arguments in launcher position: launchers
  /// such as ccache and the real compiler last (`ccache nvcc`). Empty in
  /// compiler position: the real nvcc must then be found.
  std::vector<std::string> Launcher;
  /// nvcc's arguments, as given (option files not expanded).
  std::vector<std::string> Args;
};

/// Splits the wrapper's arguments (argv without argv[0]). A leading word
/// that is no option and no input file and that \p IsProgram accepts (a
/// program on PATH or an executable path) starts the launcher chain;
/// further launchers (ccache, sccache, buildcache, distcc) extend it until
/// the compiler. Fails on an unknown `--cuda-lower-` option.
llvm::Expected<WrapperCommand>
splitWrapperCommand(llvm::ArrayRef<std::string> Argv,
                    llvm::function_ref<bool(llvm::StringRef)> IsProgram);

/// What nvcc is asked to do, read from its arguments with option files
/// expanded.
struct NvccRequest {
  /// Indices into the arguments of the CUDA inputs: `.cu` files, and every
  /// input after `-x cu`.
  std::vector<size_t> CudaInputs;
  /// Why nvcc should run on the command as given, without lowering:
  /// `--version`, `-E`, `-M`, link only...; empty if it compiles.
  std::string PassThroughReason;
  /// `-o`/`--output-file`, `-odir`/`--output-directory`; empty if none.
  std::string OutputFile, OutputDir;
  /// The dependency file nvcc writes (`-MF`, or the default of -MD/-MMD);
  /// empty if none.
  std::string DepFile;
  /// `-c`, `-dc`, `-ptx` and other steps that stop before linking.
  bool StopsBeforeLink = false;
  /// `--dryrun`: nvcc prints the steps of the compile and runs none.
  /// sccache builds its own compile from them, so they must name the
  /// lowered copy: a dry run that compiles is lowered like a compile.
  bool DryRun = false;
};

/// True for a compiler launcher (ccache, sccache, buildcache, distcc,
/// icecc), which runs the compiler named after it.
bool isLauncherName(llvm::StringRef Word);

/// Reads nvcc's arguments (option files already expanded).
NvccRequest readNvccRequest(llvm::ArrayRef<std::string> Args);

/// \p Args without the options that change what nvcc does with the source
/// but not how it reads it (`--dryrun`, `--keep`, `--keep-dir DIR`,
/// `-save-temps`): the lowering's command, so that sccache's dry runs and
/// the compile share one lowering.
std::vector<std::string> argsForLowering(llvm::ArrayRef<std::string> Args);

/// True for the two flags the lowering makes unnecessary, in any spelling
/// (`--extended-lambda`, `-extended-lambda`, `--expt-extended-lambda`,
/// `--expt-relaxed-constexpr`, `-expt-relaxed-constexpr`).
bool isLoweringFlag(llvm::StringRef Arg);

} // namespace cudalower

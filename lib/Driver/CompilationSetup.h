//===--- CompilationSetup.h - How each source is parsed ---------*- C++ -*-===//
#pragma once

#include "Driver/NvccMacros.h"
#include "cudalower/Options.h"
#include "cudalower/Rule.h"
#include "llvm/Support/Error.h"
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
}

namespace cudalower {

/// Finds the CUDA toolkit: \p Explicit, then $CUDA_PATH, $CUDA_HOME, the
/// parent of the directory holding `nvcc` on PATH, then the built-in default.
/// A candidate counts only if it has include/cuda_runtime.h.
llvm::Expected<std::string> findCudaPath(llvm::StringRef Explicit);

/// The directory whose files the user owns: \p Explicit if given, else the
/// enclosing git work tree of \p FirstSource, else its directory.
llvm::Expected<std::string> findProjectRoot(llvm::StringRef Explicit,
                                            llvm::StringRef FirstSource);

/// How a parse should read the code.
enum class Semantics {
  /// As nvcc with --extended-lambda --expt-relaxed-constexpr reads it: the
  /// flags the input was written for.
  WithNvccFlags,
  /// As plain nvcc reads it: the flags' macros are undefined. Used to
  /// verify the output.
  PlainNvcc,
};

/// Builds the Clang command lines for every source, once per pass.
class CompilationSetup {
public:
  static llvm::Expected<std::unique_ptr<CompilationSetup>>
  create(const ToolOptions &Opts);
  ~CompilationSetup();

  /// The argv (starting with a compiler name) that parses \p File (absolute)
  /// for \p Pass, including -fsyntax-only and the file itself.
  std::vector<std::string>
  commandFor(llvm::StringRef File, CompilationPass Pass,
             Semantics Sem = Semantics::WithNvccFlags) const;
  /// The directory the command runs in.
  std::string directoryFor(llvm::StringRef File) const;
  const std::string &cudaPath() const { return CudaPath; }

private:
  CompilationSetup() = default;
  /// nvcc's predefined macros for \p Archs, asked of nvcc once per set.
  const NvccPredefines &nvccPredefines(
      const std::vector<std::string> &Archs) const;

  const ToolOptions *Opts = nullptr;
  std::string CudaPath;
  std::unique_ptr<clang::tooling::CompilationDatabase> Database;
  mutable std::mutex PredefinesMutex;
  mutable std::map<std::vector<std::string>, NvccPredefines> Predefines;
};

} // namespace cudalower

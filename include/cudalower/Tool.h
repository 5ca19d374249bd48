//===--- Tool.h - Entry point of the cuda-lower library ---------*- C++ -*-===//
#pragma once

#include "cudalower/Options.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"

namespace llvm {
class raw_ostream;
namespace vfs {
class FileSystem;
}
} // namespace llvm

namespace cudalower {

/// Runs every selected rule over every source in \p Opts, in both CUDA
/// compilation passes, and emits the result as \p Opts.Mode asks.
/// Rewritten text and diffs go to \p Out; diagnostics go to \p Err.
/// \returns one of ExitCode.
int runTool(const ToolOptions &Opts, llvm::raw_ostream &Out,
            llvm::raw_ostream &Err);

/// As above, with every source and header read through \p FS instead of
/// the disk (unit tests give an in-memory file system overlaid on the real
/// one). Clang's working directory for each source is set in \p FS, never
/// in the process.
int runTool(const ToolOptions &Opts, llvm::raw_ostream &Out,
            llvm::raw_ostream &Err,
            llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS);

/// Prints one line per registered rule: name, default state, summary.
void listRules(llvm::raw_ostream &Out);

} // namespace cudalower

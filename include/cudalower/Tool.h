//===--- Tool.h - Entry point of the cuda-lower library ---------*- C++ -*-===//
#pragma once

#include "cudalower/Options.h"

namespace llvm {
class raw_ostream;
}

namespace cudalower {

/// Runs every selected rule over every source in \p Opts, in both CUDA
/// compilation passes, and emits the result as \p Opts.Mode asks.
/// Rewritten text and diffs go to \p Out; diagnostics go to \p Err.
/// \returns one of ExitCode.
int runTool(const ToolOptions &Opts, llvm::raw_ostream &Out,
            llvm::raw_ostream &Err);

/// Prints one line per registered rule: name, default state, summary.
void listRules(llvm::raw_ostream &Out);

} // namespace cudalower

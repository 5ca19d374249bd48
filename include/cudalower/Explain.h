//===--- Explain.h - cuda-lower --explain -------------------------*- C++ -*-===//
#pragma once

#include "cudalower/Options.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
}

namespace cudalower {

/// Runs `--explain SPEC`: SPEC is FILE:LINE[:COL] (the rule that applies
/// there, why nvcc needs it, the rewrite of that finding alone) or an nvcc
/// diagnostic (`20013-D`, or the message nvcc printed). The compile options
/// of \p Opts (-p, `--` arguments, rules) apply. Explanations go to \p Out,
/// errors to \p Err. \returns an ExitCode: UsageError for an unknown
/// diagnostic; for a place, the code the run over its source gives.
int explain(llvm::StringRef Spec, ToolOptions Opts, llvm::raw_ostream &Out,
            llvm::raw_ostream &Err);

} // namespace cudalower

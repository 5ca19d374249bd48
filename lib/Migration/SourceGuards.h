//===--- SourceGuards.h - Checks for the flags in sources -------*- C++ -*-===//
#pragma once

#include "Migration/BuildScripts.h"

namespace cudalower {

/// `__CUDACC_EXTENDED_LAMBDA__` or `__CUDACC_RELAXED_CONSTEXPR__`.
bool isFlagMacro(llvm::StringRef Name);

/// The mentions of the flags' macros in a C++/CUDA source. A guard that only
/// insists on a flag,
///
///     #if !defined(__CUDACC_EXTENDED_LAMBDA__)   (or `#ifndef ...`)
///     #error "..."
///     #endif
///
/// is removable (the whole block); any other mention is reported: code that
/// behaves differently with the flag needs a person to decide.
std::vector<FlagUse> scanSourceGuards(llvm::StringRef Text);

} // namespace cudalower

//===--- ExportFixes.h - Fixes as clang-apply-replacements reads -*- C++ -*-===//
#pragma once

#include "Output/RunResults.h"
#include "clang/Tooling/Core/Diagnostic.h"
#include "llvm/Support/Error.h"

namespace cudalower {

/// \p R's findings as clang-tidy's --export-fixes writes them: one
/// diagnostic per finding, each carrying the replacements it owns in the
/// output (so that clang-apply-replacements makes what -o or -i writes).
/// Verification's problems come last, without fixes.
clang::tooling::TranslationUnitDiagnostics
exportedFixes(const RunResults &R);

/// Writes exportedFixes(\p R) as YAML to \p Path, atomically.
llvm::Error writeExportedFixes(llvm::StringRef Path, const RunResults &R);

} // namespace cudalower

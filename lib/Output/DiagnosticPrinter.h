//===--- DiagnosticPrinter.h - Clang-style diagnostic text ------*- C++ -*-===//
#pragma once

#include "cudalower/Diagnostic.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
}

namespace cudalower {

/// Prints \p D as Clang does: `file:line:col: warning: text [rule]`, the
/// source line and a caret, then its notes. Colour only if \p Color.
void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D, bool Color);

/// The path to show for \p File: relative to the working directory when it
/// lies under it, else as given.
std::string displayPath(llvm::StringRef File);

} // namespace cudalower

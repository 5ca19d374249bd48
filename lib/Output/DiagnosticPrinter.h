//===--- DiagnosticPrinter.h - Clang-style diagnostic text ------*- C++ -*-===//
#pragma once

#include "cudalower/Diagnostic.h"
#include "llvm/ADT/StringRef.h"
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace cudalower {

/// Prints \p D as Clang does: `file:line:col: warning: text [rule]`, the
/// source line and a caret, then its notes. Colour only if \p Color.
void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D, bool Color);

/// Prints the rules' findings \p Found and verification's \p Problems in
/// the order of their places. A problem on a line where a rule already
/// reported an error (a lambda it could not lower, say) adds nothing: the
/// rule's message says why.
void printDiagnostics(llvm::raw_ostream &OS,
                      const std::vector<Diagnostic> &Found,
                      const std::vector<Diagnostic> &Problems, bool Color);

/// The path to show for \p File: relative to the working directory (or to
/// \p Cwd when given) when it lies under it, else as given.
std::string displayPath(llvm::StringRef File, llvm::StringRef Cwd = "");

/// What of a source line a diagnostic shows: the whole line when it is
/// short, else about \p Width bytes around the column, cut at character
/// boundaries and marked with "..." where cut (a minified one-line file
/// would otherwise be printed whole for every finding).
struct SourceExcerpt {
  std::string Text;
  unsigned Column; ///< 1-based column of the caret within Text.
};
SourceExcerpt excerptAround(llvm::StringRef Line, unsigned Column,
                            unsigned Width = 160);

/// Clang's rendered diagnostics name files as the FileManager has them,
/// absolute; this rewrites each `PATH:LINE` location under \p Cwd as
/// displayPath shows the tool's own, relative to it.
std::string relativeLocations(llvm::StringRef Rendered, llvm::StringRef Cwd);

} // namespace cudalower

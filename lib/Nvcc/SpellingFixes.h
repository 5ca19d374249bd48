//===--- SpellingFixes.h - The table of spellings nvcc accepts --*- C++ -*-===//
//
// The parse asks here whether a Clang error is a spelling nvcc accepts and
// where the spelling both compilers accept goes (SpellingFixes.def, one row
// per difference; the detectors live in the files named for each
// difference: DependentNames, AsmSpellings, LenientConstexpr). The parse's
// notes and hints are made from the rows; which rule writes each kind, each
// rule says (Rule::parseFixesWritten, lib/Rules/Registry.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Nvcc/ErrorContext.h"
#include "Nvcc/FixSite.h"
#include "cudalower/Rule.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cudalower {

/// A row of SpellingFixes.def.
struct SpellingFixRow {
  ParseFixKind Kind;
  std::optional<ParseFixSite> (*Detect)(
      llvm::ArrayRef<clang::StoredDiagnostic> Held, const ErrorContext &Where);
  std::string (*Hint)(llvm::ArrayRef<clang::StoredDiagnostic> Held,
                      const ErrorContext &Where);
  const char *Note;
  const char *Spelling;
};

/// Every row, in the order of SpellingFixes.def.
llvm::ArrayRef<SpellingFixRow> spellingFixRows();

/// The row of \p Kind.
const SpellingFixRow &spellingFixRow(ParseFixKind Kind);

/// The fix for the error that starts \p Held (its notes follow), with
/// \p Where the parser was when Clang reported it: the first row's that
/// places one; none if no spelling serves both compilers.
std::optional<ParseFixSite>
nvccSpellingFix(llvm::ArrayRef<clang::StoredDiagnostic> Held,
                const ErrorContext &Where);

/// For a Clang error (with its notes) on code that nvcc accepts and no
/// Clang switch lets through, what nvcc accepts there and a spelling both
/// compilers accept; "" for any other error. \p Where: where the parser was.
std::string nvccExtensionHint(llvm::ArrayRef<clang::StoredDiagnostic> Held,
                              const ErrorContext &Where = {});

/// What \p Site makes Clang read, for the note on a file the parse does
/// not fix.
std::string describeSpellingFix(const ParseFixSite &Site);

/// What the user can write in place of \p Site's fix, quoted.
std::string userSpellingOf(const ParseFixSite &Site);

} // namespace cudalower

//===--- SourceFailures.h - Sources the run could not process ---*- C++ -*-===//
//
// A source that does not parse, or that the tool crashes on, is not written;
// the reports (--report, --sarif, --export-fixes, the summary) still record
// it, as one error each: its first Clang error, or where the tool crashed.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cudalower/Diagnostic.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace clang {
class StoredDiagnostic;
}

namespace cudalower {

struct CrashSite;

/// Clang's error \p E as the reports record it: rule
/// `clang-diagnostic-error`, the name clang-tidy gives compiler errors.
Diagnostic clangError(const clang::StoredDiagnostic &E);

/// What the reports record of \p Source, which did not parse: \p First, its
/// first Clang error, else an error at the start of \p Source saying \p Why.
Diagnostic parseFailure(llvm::StringRef Source,
                        std::optional<Diagnostic> First, llvm::StringRef Why);

/// What the reports record of \p Source, which the tool crashed on at
/// \p Site (rule `crash`).
Diagnostic crashFailure(llvm::StringRef Source, const CrashSite &Site);

} // namespace cudalower

//===--- SourceFailures.cpp - Sources the run could not process -----------===//

#include "Engine/SourceFailures.h"
#include "Engine/Ownership.h"
#include "Engine/Parse.h"
#include "Output/DiagnosticPrinter.h"
#include "clang/Basic/Diagnostic.h"

namespace cudalower {

Diagnostic clangError(const clang::StoredDiagnostic &E) {
  Diagnostic D;
  D.Rule = "clang-diagnostic-error";
  D.Level = DiagLevel::Error;
  D.Message = E.getMessage().str();
  if (E.getLocation().isValid())
    locateInFile(E.getLocation().getManager(), E.getLocation(), D);
  return D;
}

namespace {

/// \p D, an error of \p Source, with its reason, placed at the start of
/// \p Source when it has no place of its own.
Diagnostic failureOf(llvm::StringRef Source, Diagnostic D,
                     llvm::StringRef Reason) {
  D.Level = DiagLevel::Error;
  if (D.File.empty()) {
    D.File = Source.str();
    D.Line = D.Column = 1;
  }
  D.NotRewrittenReason = Reason.str();
  return D;
}

} // namespace

Diagnostic parseFailure(llvm::StringRef Source,
                        std::optional<Diagnostic> First, llvm::StringRef Why) {
  Diagnostic D;
  if (First) {
    D = std::move(*First);
  } else {
    D.Rule = "clang-diagnostic-error";
    D.Message = Why.str();
  }
  return failureOf(Source, std::move(D),
                   displayPath(Source) +
                       " did not parse; nothing was written for it");
}

Diagnostic crashFailure(llvm::StringRef Source, const CrashSite &Site) {
  Diagnostic D;
  D.Rule = "crash";
  if (Site.SM && Site.Loc.isValid())
    locateInFile(*Site.SM, Site.Loc, D);
  D.Message = "internal error: cuda-lower crashed " +
              std::string(Site.Rule.empty() ? "while Clang parsed "
                                            : "in rule " + Site.Rule +
                                                  " on ") +
              displayPath(Source) + " (please report this bug with the source)";
  return failureOf(Source, std::move(D),
                   "cuda-lower crashed on " + displayPath(Source) +
                       "; nothing was written for it");
}

} // namespace cudalower

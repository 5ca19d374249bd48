//===--- Explain.h - cuda-lower --explain ------------------------*- C++ -*-===//
//
// `--explain FILE:LINE[:COL]` says which rule applies at a place of the
// user's code, why nvcc refuses it or needs a flag there (the Programming
// Guide's section), and the rewrite cuda-lower makes there (the diff of that
// finding alone) or why it cannot. `--explain 20013-D` (or a piece of an
// nvcc message) says what the nvcc diagnostic means and which rule fixes it,
// with an example. The data lives in Rules/NvccDiagnostics.def and
// Rules/RuleExplanations.def (rules are named only in lib/Rules); explain() is
// declared in cudalower/Explain.h.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cudalower/Explain.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace cudalower {

/// One message nvcc prints for a construct a rule handles.
struct NvccDiagnosticInfo {
  llvm::StringRef Id; ///< "20013-D"; "" for errors, which have no number
  llvm::StringRef Message;
  llvm::StringRef Rule;
  llvm::StringRef Example; ///< the smallest code that triggers it
};
llvm::ArrayRef<NvccDiagnosticInfo> nvccDiagnostics();

/// Why a rule exists, for --explain.
struct RuleExplanation {
  llvm::StringRef Rule;
  llvm::StringRef Section; ///< of the CUDA C++ Programming Guide
  llvm::StringRef Why;
};
llvm::ArrayRef<RuleExplanation> ruleExplanations();
const RuleExplanation *explanationFor(llvm::StringRef Rule);

/// The table rows \p Query names: an nvcc number (`20013-D`, `20013`,
/// `#20013-D`) or a message, with any names in its quotes.
std::vector<const NvccDiagnosticInfo *> findNvccDiagnostics(llvm::StringRef Query);

/// A place in a source: FILE:LINE or FILE:LINE:COL.
struct SourcePlace {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
};
/// \p Spec read as FILE:LINE[:COL], or nullopt.
std::optional<SourcePlace> parseSourcePlace(llvm::StringRef Spec);

} // namespace cudalower

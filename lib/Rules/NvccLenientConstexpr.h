//===--- NvccLenientConstexpr.h - The nvcc-lenient-constexpr rule -*- C++ -*-===//
#pragma once

#include "cudalower/Rule.h"

namespace cudalower {

/// Rewrites two constexpr spellings that nvcc accepts and Clang rejects
/// into ones both accept: `if constexpr (this->has_payload)` on a static
/// data member becomes `C::has_payload`, and a constexpr host function
/// that defines a variable of non-literal type (so is never a constant
/// expression) becomes `inline`. The engine finds the places from Clang's
/// errors and parses its copy of the file fixed (Nvcc/LenientConstexpr.h);
/// the rule reports each fix as an edit. See
/// docs/rules/nvcc-lenient-constexpr.md.
class NvccLenientConstexpr : public Rule {
public:
  using Rule::Rule;
  static PreScanTriggers preScanTriggers();
  static llvm::ArrayRef<ParseFixKind> parseFixesWritten();
  void finishTranslationUnit() override;
};

} // namespace cudalower

//===--- NvccPragmaMacro.h - #pragma in a macro to _Pragma -------*- C++ -*-===//
#pragma once

#include "cudalower/Rule.h"
#include "clang/Basic/SourceLocation.h"
#include <string>
#include <vector>

namespace cudalower {

/// Rewrites an object-like macro whose body is a `#pragma` directive
/// (`#define UNROLL #pragma unroll`), which only nvcc reads, and only where
/// the macro stands on a line of its own, into the `_Pragma` operator that
/// says the same to every compiler. See docs/rules/nvcc-pragma-macro.md.
class NvccPragmaMacro : public Rule {
public:
  using Rule::Rule;
  static PreScanTriggers preScanTriggers();
  void registerPPCallbacks(clang::Preprocessor &PP) override;
  void finishTranslationUnit() override;

  /// A definition seen by the preprocessor, reported once the TU parsed.
  struct Definition {
    std::string Name;
    clang::SourceLocation NameLoc;
    clang::CharSourceRange Body;
    std::string Replacement;
  };

private:
  std::vector<Definition> Found;
};

} // namespace cudalower

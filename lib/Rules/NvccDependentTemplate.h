//===--- NvccDependentTemplate.h - The nvcc-dependent-template rule -*- C++ -*-===//
#pragma once

#include "cudalower/Rule.h"

namespace cudalower {

/// Inserts the `template` keyword that Clang needs before a dependent member
/// template name and nvcc does without (`typename table<T>::view<>`,
/// `f.operator()<2>(x)`), and the `typename` before a dependent type name
/// (`auto s = R::storage_type(n);`). The engine finds the places from Clang's errors
/// and parses its copy of the file with the keyword inserted
/// (Engine/ParseFixes.h); the rule reports each insertion as an edit. See
/// docs/rules/nvcc-dependent-template.md.
class NvccDependentTemplate : public Rule {
public:
  using Rule::Rule;
  static PreScanTriggers preScanTriggers();
  static llvm::ArrayRef<ParseFixKind> parseFixesWritten();
  void finishTranslationUnit() override;
};

} // namespace cudalower

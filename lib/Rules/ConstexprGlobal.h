//===--- ConstexprGlobal.h - Drop constexpr from kernels ---------*- C++ -*-===//
#pragma once

#include "cudalower/Rule.h"

namespace cudalower {

/// Removes `constexpr` from every declaration of a `__global__` function:
/// a kernel cannot be constexpr (§5.3.11.3; nvcc ignores the specifier with
/// warning #20050-D). See docs/rules/constexpr-global.md.
class ConstexprGlobal : public Rule {
public:
  using Rule::Rule;
  static PreScanTriggers preScanTriggers();
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cudalower

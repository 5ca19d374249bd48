//===--- ExecSpaceDefaultedMember.h - Ignored annotations -------*- C++ -*-===//
#pragma once

#include "cudalower/Rule.h"

namespace cudalower {

/// Removes `__host__`/`__device__` from non-virtual member functions
/// defaulted in their class, where nvcc ignores them (§5.3.11.6, warning
/// #20012-D) and infers the space from the callers instead. See
/// docs/rules/exec-space-defaulted-member.md.
class ExecSpaceDefaultedMember : public Rule {
public:
  using Rule::Rule;
  static PreScanTriggers preScanTriggers();
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cudalower

//===--- LowerExtendedLambda.h - Extended lambdas to functors ---*- C++ -*-===//
#pragma once

#include "cudalower/Rule.h"

namespace cudalower {

/// Replaces each `[..] __device__ (..) {..}` and `[..] __host__ __device__
/// (..) {..}` lambda with a named functor class. See
/// docs/rules/lower-extended-lambda.md.
class LowerExtendedLambda : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cudalower

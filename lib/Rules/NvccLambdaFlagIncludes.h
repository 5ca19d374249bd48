//===--- NvccLambdaFlagIncludes.h - Headers the lambda flag brought -*- C++
//-*-===//
#pragma once

#include "Nvcc/LambdaFlagHeaders.h"
#include "cudalower/Rule.h"
#include "clang/Basic/SourceLocation.h"
#include <vector>

namespace clang {
class NamedDecl;
} // namespace clang

namespace cudalower {

/// Adds the standard header of a std name that the user's code takes from
/// a file only --extended-lambda's `#include <functional>` and `<utility>`
/// in cuda_runtime.h reached: without the flag, plain nvcc does not find
/// it. See docs/rules/nvcc-lambda-flag-includes.md.
class NvccLambdaFlagIncludes : public Rule {
public:
  using Rule::Rule;
  static PreScanTriggers preScanTriggers();
  void registerPPCallbacks(clang::Preprocessor &PP) override;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void finishTranslationUnit() override;

private:
  /// A name of the user's code and the std entity it refers to.
  struct Reference {
    clang::SourceLocation Loc;
    const clang::NamedDecl *Target;
  };
  void noteReference(clang::SourceLocation Loc, const clang::NamedDecl *D);

  LambdaFlagInclusions Inclusions;
  std::vector<Reference> References;
};

} // namespace cudalower

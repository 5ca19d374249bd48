//===--- NvccLambdaFlagIncludes.h - Headers the lambda flag brought -*- C++
//-*-===//
#pragma once

#include "Nvcc/LambdaFlagHeaders.h"
#include "cudalower/Rule.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/SmallVector.h"
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
  /// A name of the user's code and the std entities it may refer to: one,
  /// or for a name a template looks up before its arguments are known (or
  /// a using-declaration), every overload found, any of which declares the
  /// name (the one an instantiation picks is a reference of its own).
  struct Reference {
    clang::SourceLocation Loc;
    llvm::SmallVector<const clang::NamedDecl *, 1> Targets;
  };
  void noteReference(clang::SourceLocation Loc,
                     llvm::ArrayRef<const clang::NamedDecl *> Targets);

  LambdaFlagInclusions Inclusions;
  std::vector<Reference> References;
};

} // namespace cudalower

//===--- StdToCudaStd.h - std:: in device code to cuda::std:: ---*- C++ -*-===//
#pragma once

#include "cudalower/Rule.h"

namespace cudalower {

/// Rewrites each use of a std:: entity in device code to the cuda::std::
/// entity of libcu++ and includes its header; reports the uses it cannot
/// rewrite. See docs/rules/std-to-cuda-std.md.
class StdToCudaStd : public Rule {
public:
  StdToCudaStd(llvm::StringRef Name, RuleContext &Ctx);
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &) override {}
  void finishTranslationUnit() override;

private:
  const bool RewriteInterfaceTypes;
  const bool RewriteMoveForward;
};

} // namespace cudalower

//===--- ExecSpaceLambdaToDevice.h - Lambdas handed to the GPU -*- C++ -*-===//
#pragma once

#include "Analysis/PlainLambdas.h"
#include "cudalower/Rule.h"
#include "llvm/ADT/DenseMap.h"

namespace cudalower {

/// Makes a plain lambda passed to device code an extended lambda, inserting
/// `__device__` or `__host__ __device__` after its introducer (§5.3.8.1).
/// See docs/rules/exec-space-lambda-to-device.md.
class ExecSpaceLambdaToDevice : public Rule {
public:
  using Rule::Rule;
  static PreScanTriggers preScanTriggers();
  static void claimFindings(FindingOwners &Owners);
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void finishTranslationUnit() override;

private:
  /// What every instantiation of the lambda written at a location needs;
  /// a lambda in a template is analysed once per instantiation.
  struct Decision {
    const clang::LambdaExpr *Lambda = nullptr;
    ExecSpace Space = ExecSpace::Host;
    PlainLambdaUses Uses;
  };
  llvm::DenseMap<clang::SourceLocation, Decision> Decisions;
  std::vector<clang::SourceLocation> Order;
};

} // namespace cudalower

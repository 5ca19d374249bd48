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
  static PreScanTriggers preScanTriggers();
  static void claimFindings(FindingOwners &Owners);
  static llvm::ArrayRef<OptionDecl> declaredOptions();
  /// Code the GPU runs is all in the device pass, and code under
  /// `#ifndef __CUDA_ARCH__` (host-only) is not.
  bool isPassSupported(CompilationPass Pass) const override {
    return Pass == CompilationPass::Device;
  }
  /// The rule registers no matchers: it walks the whole translation unit
  /// once, here, since whether a name is device code depends on everything
  /// around it.
  void finishTranslationUnit() override;

  /// The rule's options (declaredOptions()).
  struct Options {
    bool RewriteInterfaceTypes;
    bool RewriteMoveForward;
    bool HeaderFreeMinMax;
  };

private:
  const Options Opts;
};

} // namespace cudalower

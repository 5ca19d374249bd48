//===--- ExecSpaceHostCallFromHd.h - Host calls in device code --*- C++ -*-===//
#pragma once

#include "Rules/DeviceCallable.h"
#include "cudalower/Rule.h"
#include "llvm/ADT/DenseSet.h"
#include <memory>

namespace cudalower {

/// Finds calls from __host__ __device__ (and device) code to __host__
/// functions that are not constexpr. nvcc only warns about them in a
/// __host__ __device__ function (#20011-D) and the GPU code is then wrong.
/// Makes the callee, and the host functions it calls, __host__ __device__
/// when they are user code valid on the GPU; otherwise shows the call chain.
/// See docs/rules/exec-space-host-call-from-hd.md.
class ExecSpaceHostCallFromHd : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  void report(const DeviceToHostCall &C);
  /// The function defined around \p Loc, among those seen.
  const clang::FunctionDecl *functionAround(clang::SourceLocation Loc);

  std::unique_ptr<DeviceCallablePlanner> Planner;
  std::vector<const clang::FunctionDecl *> DeviceSideFunctions;
  llvm::DenseSet<std::pair<const void *, const void *>> Reported;
};

} // namespace cudalower

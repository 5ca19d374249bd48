//===--- ConstexprHostCall.h - Host constexpr functions in device code -*- C++ -*-//
#pragma once

#include "Rules/DeviceCallable.h"
#include "cudalower/Rule.h"
#include <memory>

namespace cudalower {

/// Finds calls from device code to constexpr functions without __device__,
/// which nvcc accepts only with --expt-relaxed-constexpr (§5.3.11.3), and
/// makes the callee, and the host functions it calls, __host__ __device__.
/// See docs/rules/constexpr-host-call.md.
class ConstexprHostCall : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  std::unique_ptr<DeviceCallablePlanner> Planner;
};

} // namespace cudalower

//===--- ConstexprHostCall.h - Host constexpr calls from the GPU *- C++ -*-===//
#pragma once

#include "Analysis/DeviceCallable.h"

namespace cudalower {

/// Finds calls from device code to constexpr functions without __device__,
/// which nvcc accepts only with --expt-relaxed-constexpr (§5.3.11.3), and
/// makes the callee, and the host functions it calls, __host__ __device__.
/// See docs/rules/constexpr-host-call.md.
class ConstexprHostCall : public HostCalleeFixRule {
public:
  using HostCalleeFixRule::HostCalleeFixRule;

protected:
  bool handles(const DeviceToHostCall &C) override;
  std::string message(const DeviceToHostCall &C) override;
  std::string alternatives(const clang::FunctionDecl &Callee) override;
};

} // namespace cudalower

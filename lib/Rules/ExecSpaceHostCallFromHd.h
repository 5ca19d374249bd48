//===--- ExecSpaceHostCallFromHd.h - Host calls in device code --*- C++ -*-===//
#pragma once

#include "Analysis/DeviceCallable.h"

namespace cudalower {

/// Finds calls from __host__ __device__ (and device) code to __host__
/// functions that are not constexpr. nvcc only warns about them in a
/// __host__ __device__ function (#20011-D) and the GPU code is then wrong.
/// Makes the callee, and the host functions it calls, __host__ __device__
/// when they are user code valid on the GPU; otherwise shows the call chain.
/// See docs/rules/exec-space-host-call-from-hd.md.
class ExecSpaceHostCallFromHd : public HostCalleeFixRule {
public:
  using HostCalleeFixRule::HostCalleeFixRule;

protected:
  bool handles(const DeviceToHostCall &C) override;
  std::string message(const DeviceToHostCall &C) override;
  std::string alternatives(const clang::FunctionDecl &Callee) override;
};

} // namespace cudalower

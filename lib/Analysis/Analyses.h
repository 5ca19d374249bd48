//===--- Analyses.h - Per-TU analyses shared by rules ------------*- C++ -*-===//
//
// Analyses several rules need, computed once per translation unit and pass
// on first use (RuleContext::analyses()), instead of once per rule.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/DeviceCallable.h"
#include "Analysis/DeviceCode.h"
#include "Analysis/PlainLambdas.h"
#include <memory>
#include <optional>
#include <vector>

namespace cudalower {

class RuleContext;

class Analyses {
public:
  explicit Analyses(RuleContext &Ctx);
  ~Analyses();

  /// Which function bodies nvcc compiled for the GPU.
  const DeviceCodeIndex &deviceCode();
  /// Which plain lambdas of host code are passed to device code.
  const PlainLambdaIndex &plainLambdas();
  /// The calls from device code to __host__ functions in the user's code
  /// (device pass only): those in the AST in walk order, then those only
  /// Clang's wrong-side references show.
  const std::vector<DeviceToHostCall> &deviceToHostCalls();
  /// How to make host functions callable from device code (plans cached
  /// per callee).
  DeviceCallablePlanner &deviceCallablePlanner();

private:
  RuleContext &Ctx;
  std::optional<DeviceCodeIndex> DeviceCode;
  std::optional<PlainLambdaIndex> PlainLambdas;
  std::optional<std::vector<DeviceToHostCall>> HostCalls;
  std::unique_ptr<DeviceCallablePlanner> Planner;
};

} // namespace cudalower

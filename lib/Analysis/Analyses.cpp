//===--- Analyses.cpp - Per-translation-unit analyses shared by rules -----===//

#include "Analysis/Analyses.h"
#include "cudalower/Rule.h"

using namespace clang;

namespace cudalower {

Analyses::Analyses(RuleContext &Ctx) : Ctx(Ctx) {}
Analyses::~Analyses() = default;

const DeviceCodeIndex &Analyses::deviceCode() {
  if (!DeviceCode)
    DeviceCode.emplace(Ctx.getASTContext(), [this](SourceLocation L) {
      return Ctx.isUserOwned(L);
    });
  return *DeviceCode;
}

const PlainLambdaIndex &Analyses::plainLambdas() {
  if (!PlainLambdas)
    PlainLambdas.emplace(Ctx.getASTContext(), [this](SourceLocation L) {
      return Ctx.isUserOwned(L);
    });
  return *PlainLambdas;
}

const std::vector<DeviceToHostCall> &Analyses::deviceToHostCalls() {
  if (!HostCalls)
    HostCalls = findDeviceToHostCalls(Ctx);
  return *HostCalls;
}

DeviceCallablePlanner &Analyses::deviceCallablePlanner() {
  if (!Planner)
    Planner = std::make_unique<DeviceCallablePlanner>(
        Ctx, Ctx.owners().StdRuleOwnsStdCallees);
  return *Planner;
}

} // namespace cudalower

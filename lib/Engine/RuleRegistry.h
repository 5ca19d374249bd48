//===--- RuleRegistry.h - Every rule the tool knows -------------*- C++ -*-===//
#pragma once

#include "cudalower/Rule.h"
#include "llvm/ADT/ArrayRef.h"
#include <memory>

namespace cudalower {

struct RuleInfo {
  llvm::StringRef Name;
  bool DefaultOn;
  llvm::StringRef Summary;
  std::unique_ptr<Rule> (*Create)(llvm::StringRef Name, RuleContext &Ctx);
};

/// All rules, in registry order (Rules/Rules.def).
llvm::ArrayRef<RuleInfo> allRules();
const RuleInfo *findRule(llvm::StringRef Name);

} // namespace cudalower

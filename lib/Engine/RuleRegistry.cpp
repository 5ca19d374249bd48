//===--- RuleRegistry.cpp - Every rule the tool knows ---------------------===//

#include "Engine/RuleRegistry.h"
#include "Rules/ConstexprGlobal.h"
#include "Rules/ExecSpaceDeducedReturn.h"
#include "Rules/ExecSpaceDefaultedMember.h"
#include "Rules/ExecSpaceHostVariable.h"
#include "Rules/ExecSpaceRestrictions.h"
#include "Rules/HostCallFromDevice.h"
#include "Rules/ExecSpaceLambdaToDevice.h"
#include "Rules/LowerExtendedLambda/LowerExtendedLambda.h"
#include "Rules/NvccPragmaMacro.h"
#include "Rules/StdToCudaStd.h"

namespace cudalower {

template <typename RuleT>
static std::unique_ptr<Rule> create(llvm::StringRef Name, RuleContext &Ctx) {
  return std::make_unique<RuleT>(Name, Ctx);
}

llvm::ArrayRef<RuleInfo> allRules() {
  static const RuleInfo Rules[] = {
#define CUDALOWER_RULE(Name, Class, DefaultOn, Summary)                        \
  {Name, DefaultOn, Summary, &create<Class>},
#include "Rules/Rules.def"
  };
  return Rules;
}

const RuleInfo *findRule(llvm::StringRef Name) {
  for (const RuleInfo &R : allRules())
    if (R.Name == Name)
      return &R;
  return nullptr;
}

} // namespace cudalower

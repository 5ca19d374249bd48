//===--- Registry.cpp - Every rule the tool knows -------------------------===//

#include "Rules/Registry.h"
#include "Rules/ConstexprGlobal.h"
#include "Rules/ExecSpaceDeducedReturn.h"
#include "Rules/ExecSpaceDefaultedMember.h"
#include "Rules/ExecSpaceHostVariable.h"
#include "Rules/ExecSpaceLambdaToDevice.h"
#include "Rules/ExecSpaceRestrictions.h"
#include "Rules/HostCallFromDevice.h"
#include "Rules/LowerExtendedLambda/LowerExtendedLambda.h"
#include "Rules/NvccAsmEscape.h"
#include "Rules/NvccAsmOperandComma.h"
#include "Rules/NvccDependentTemplate.h"
#include "Rules/NvccLambdaFlagIncludes.h"
#include "Rules/NvccLenientConstexpr.h"
#include "Rules/NvccPragmaMacro.h"
#include "Rules/NvccRedeclaredSpace.h"
#include "Rules/StdToCudaStd/StdToCudaStd.h"
#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/StringExtras.h"

namespace cudalower {

template <typename RuleT>
static std::unique_ptr<Rule> create(llvm::StringRef Name, RuleContext &Ctx) {
  return std::make_unique<RuleT>(Name, Ctx);
}

llvm::ArrayRef<RuleInfo> allRules() {
  static const RuleInfo Rules[] = {
#define CUDALOWER_RULE(Name, Class, DefaultOn, Summary)                        \
  {Name,                                                                       \
   DefaultOn,                                                                  \
   Summary,                                                                    \
   &create<Class>,                                                             \
   &Class::declaredOptions,                                                    \
   &Class::preScanTriggers,                                                    \
   &Class::claimFindings,                                                      \
   &Class::parseFixesWritten},
#include "Rules/Rules.def"
  };
  return Rules;
}

FindingOwners ownersFor(const llvm::StringSet<> &Enabled) {
  FindingOwners Owners;
  for (const RuleInfo &R : allRules())
    if (Enabled.contains(R.Name))
      R.Claim(Owners);
  return Owners;
}

std::set<ParseFixKind> parseFixesFor(const llvm::StringSet<> &Enabled) {
  std::set<ParseFixKind> Kinds;
  for (const RuleInfo &R : allRules())
    if (Enabled.contains(R.Name))
      Kinds.insert(R.ParseFixes().begin(), R.ParseFixes().end());
  return Kinds;
}

const DefaultTriggers &defaultPreScanTriggers() {
  static const DefaultTriggers Union = [] {
    DefaultTriggers U;
    for (const RuleInfo &R : allRules()) {
      if (!R.DefaultOn)
        continue;
      PreScanTriggers T = R.Triggers();
      U.Shapes |= T.Shapes;
      for (const PreScanTriggers::Word &W : T.Words)
        if (llvm::none_of(U.Words, [&](const PreScanTriggers::Word &Seen) {
              return Seen.Identifier == W.Identifier;
            }))
          U.Words.push_back(W);
    }
    return U;
  }();
  return Union;
}

const RuleInfo *findRule(llvm::StringRef Name) {
  for (const RuleInfo &R : allRules())
    if (R.Name == Name)
      return &R;
  return nullptr;
}

const OptionDecl *findOption(const RuleInfo &R, llvm::StringRef Key) {
  for (const OptionDecl &O : R.Options())
    if (O.Key == Key)
      return &O;
  return nullptr;
}

llvm::Expected<bool> parseBoolOption(llvm::StringRef Value) {
  for (llvm::StringRef Yes : {"true", "1", "yes", "on"})
    if (Value.equals_insensitive(Yes))
      return true;
  for (llvm::StringRef No : {"false", "0", "no", "off"})
    if (Value.equals_insensitive(No))
      return false;
  return llvm::createStringError("'" + Value +
                                 "' is not a bool (expected true or false)");
}

llvm::Expected<std::vector<std::string>>
parseIdentifierListOption(llvm::StringRef Value) {
  llvm::SmallVector<llvm::StringRef, 4> Items;
  Value.split(Items, ',', -1, /*KeepEmpty=*/false);
  std::vector<std::string> Out;
  for (llvm::StringRef Item : Items) {
    Item = Item.trim();
    if (Item.empty())
      continue;
    if (!clang::isValidAsciiIdentifier(Item))
      return llvm::createStringError(
          "'" + Item +
          "' is not an identifier (expected a comma-separated list of "
          "identifiers)");
    Out.push_back(Item.str());
  }
  return Out;
}

static llvm::StringRef typeName(OptionType T) {
  switch (T) {
  case OptionType::Bool:
    return "bool";
  case OptionType::IdentifierList:
    return "list of identifiers";
  }
  llvm_unreachable("unknown option type");
}

static llvm::Error checkValue(const OptionDecl &O, llvm::StringRef Value) {
  switch (O.Type) {
  case OptionType::Bool:
    return parseBoolOption(Value).takeError();
  case OptionType::IdentifierList:
    return parseIdentifierListOption(Value).takeError();
  }
  llvm_unreachable("unknown option type");
}

static std::string validKeys(const RuleInfo &R) {
  llvm::SmallVector<llvm::StringRef, 4> Keys;
  for (const OptionDecl &O : R.Options())
    Keys.push_back(O.Key);
  if (Keys.empty())
    return "it takes no options";
  return "valid keys: " + llvm::join(Keys, ", ");
}

llvm::Error checkRuleOption(llvm::StringRef Setting, std::string &Key,
                            std::string &Value) {
  auto [Name, Val] = Setting.split('=');
  auto [RuleName, OptionKey] = Name.split('.');
  const RuleInfo *R = findRule(RuleName);
  if (!Name.contains('.') || !Setting.contains('=') || !R)
    return llvm::createStringError("--rule-option '" + Setting +
                                   "' is not <rule>.<key>=<value>");
  const OptionDecl *O = findOption(*R, OptionKey);
  if (!O)
    return llvm::createStringError("--rule-option '" + Setting + "': rule '" +
                                   RuleName + "' has no option '" + OptionKey +
                                   "' (" + validKeys(*R) + ")");
  if (llvm::Error E = checkValue(*O, Val))
    return llvm::createStringError("--rule-option '" + Setting + "': option '" +
                                   OptionKey + "' of rule '" + RuleName +
                                   "' takes a " + typeName(O->Type) + ": " +
                                   llvm::toString(std::move(E)));
  Key = Name.str();
  Value = Val.str();
  return llvm::Error::success();
}

void printRules(llvm::raw_ostream &Out) {
  for (const RuleInfo &R : allRules()) {
    Out << R.Name << (R.DefaultOn ? "" : " (off by default)") << "\n    "
        << R.Summary << '\n';
    for (const OptionDecl &O : R.Options())
      Out << "    option " << O.Key << " (" << typeName(O.Type) << ", default '"
          << O.Default << "'): " << O.Doc << '\n';
  }
}

} // namespace cudalower

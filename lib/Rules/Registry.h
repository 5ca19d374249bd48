//===--- Registry.h - Every rule the tool knows -----------------*- C++ -*-===//
#pragma once

#include "cudalower/Rule.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace cudalower {

struct RuleInfo {
  llvm::StringRef Name;
  bool DefaultOn;
  llvm::StringRef Summary;
  std::unique_ptr<Rule> (*Create)(llvm::StringRef Name, RuleContext &Ctx);
  /// The rule class's declaredOptions().
  llvm::ArrayRef<OptionDecl> (*Options)();
  /// The rule class's preScanTriggers().
  PreScanTriggers (*Triggers)();
  /// The rule class's claimFindings().
  void (*Claim)(FindingOwners &Owners);
  /// The rule class's parseFixesWritten().
  llvm::ArrayRef<ParseFixKind> (*ParseFixes)();
};

/// All rules, in registry order (Rules/Rules.def).
llvm::ArrayRef<RuleInfo> allRules();
const RuleInfo *findRule(llvm::StringRef Name);
/// The option \p Key that rule \p R declares, or null.
const OptionDecl *findOption(const RuleInfo &R, llvm::StringRef Key);

/// Checks one `--rule-option` setting, `<rule>.<key>=<value>`, against the
/// options the rule declares; on success sets \p Key to `<rule>.<key>` and
/// \p Value to `<value>`. The error names the rule and the key and lists the
/// valid keys or values.
llvm::Error checkRuleOption(llvm::StringRef Setting, std::string &Key,
                            std::string &Value);

/// \p Value read as an option of type OptionType::Bool or
/// OptionType::IdentifierList; the error says what the type accepts.
llvm::Expected<bool> parseBoolOption(llvm::StringRef Value);
llvm::Expected<std::vector<std::string>>
parseIdentifierListOption(llvm::StringRef Value);

/// Which rule owns each finding two of the rules named in \p Enabled could
/// claim: what each enabled rule's claimFindings() says.
FindingOwners ownersFor(const llvm::StringSet<> &Enabled);

/// The parse fixes the rules named in \p Enabled write: the parse applies
/// only those (Rule::parseFixesWritten).
std::set<ParseFixKind> parseFixesFor(const llvm::StringSet<> &Enabled);

/// The pre-scan triggers of the rules on by default (the wrapper runs
/// those): the union of their shapes, and their words.
struct DefaultTriggers {
  unsigned Shapes = PreScanTriggers::None;
  std::vector<PreScanTriggers::Word> Words;
};
const DefaultTriggers &defaultPreScanTriggers();

/// Prints every rule, its summary and its options (--list-rules).
void printRules(llvm::raw_ostream &Out);

} // namespace cudalower

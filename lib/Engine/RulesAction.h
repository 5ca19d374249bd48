//===--- RulesAction.h - The rules over one parse -----------------*- C++ -*-===//
//
// What every parse of a run shares (RunConfig: the rules, their options,
// the project root) and the frontend action that runs the rules over one
// AST. The engine (Engine.cpp) decides what to parse; Parse.cpp parses.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Driver/OwnedFiles.h"
#include "Engine/RuleGlobs.h"
#include "Rules/Registry.h"
#include "cudalower/Diagnostic.h"
#include "cudalower/Options.h"
#include "cudalower/Rule.h"
#include "clang/Frontend/FrontendAction.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace cudalower {

class EditCollector;
class ErrorPrinter;
struct CrashSite;

/// Which rules run, and their options; shared by every TU and pass.
struct RunConfig {
  std::vector<const RuleInfo *> Rules;
  llvm::StringSet<> Enabled;
  std::map<std::string, std::string> Options; // "rule.key" -> value
  std::string Root;                            // with a trailing separator
  OwnedFiles Owned;                            // Root first
  std::string TestCrashInRule, TestCrashInSource; // see ToolOptions
  /// --explain: the one place whose findings are kept (see ToolOptions).
  std::string OnlyFile;
  unsigned OnlyLine = 0, OnlyColumn = 0;
  /// \p Column: \p D's column in the file on disk (D's own is in the text
  /// parsed, which may hold inserted keywords: ParseFixes).
  bool keeps(const Diagnostic &D, unsigned Column) const {
    return !OnlyLine || (D.File == OnlyFile && D.Line == OnlyLine &&
                         (!OnlyColumn || Column == OnlyColumn));
  }
  FindingOwners Owners; // from Enabled
  RuleGlobs WarningsAsErrors;
  /// What rules leave for the other pass of a source: "source\nrule" ->
  /// the rule's map (RuleContext::acrossPasses). Sources parse in parallel:
  /// the lock guards the outer map; each inner one has one source's user.
  mutable llvm::StringMap<llvm::StringMap<std::string>> AcrossPasses;
  std::unique_ptr<std::mutex> AcrossPassesLock = std::make_unique<std::mutex>();
};

/// The run's RunConfig from the command line's options: which rules, with
/// which options. Errors are usage errors (an unknown rule, a bad option).
llvm::Expected<RunConfig> makeRunConfig(const ToolOptions &Opts);

/// The action that parses one source in \p Pass and runs \p Cfg's rules
/// over its AST, leaving their findings in \p Found.
std::unique_ptr<clang::FrontendAction>
makeRulesAction(CompilationPass Pass, const RunConfig &Cfg,
                std::vector<Diagnostic> &Found, const ErrorPrinter &Errors,
                CrashSite &Site, EditCollector &Sink);

} // namespace cudalower

//===--- EditCollector.h - Merges findings from every TU and pass -*- C++ -*-=//
#pragma once

#include "cudalower/Diagnostic.h"
#include "clang/Tooling/Core/Replacement.h"
#include <map>
#include <string>
#include <vector>

namespace cudalower {

/// Gathers diagnostics from every translation unit and both compilation
/// passes, drops repeats (a header seen by several TUs, code seen by both
/// passes), and turns the edits into one conflict-free set per file.
///
/// A fix is all-or-nothing: when one of its edits overlaps an edit of an
/// earlier fix, the whole fix is dropped and an error names both rules.
class EditCollector {
public:
  /// Adds a diagnostic reported by a rule.
  void add(Diagnostic D);

  /// Resolves conflicts; call once, after the last add().
  void finalize();

  const std::vector<Diagnostic> &diagnostics() const { return Diags; }
  /// File path -> edits, sorted, non-overlapping. Valid after finalize().
  const std::map<std::string, clang::tooling::Replacements> &
  replacements() const {
    return Replacements;
  }
  bool hasErrors() const;

private:
  bool tryAddFix(const Diagnostic &D, std::string &Conflict);

  std::vector<Diagnostic> Diags;
  /// Per file, the accepted edits so far with the rule that made each.
  std::map<std::string, std::vector<std::pair<Edit, std::string>>> Accepted;
  std::map<std::string, clang::tooling::Replacements> Replacements;
};

} // namespace cudalower

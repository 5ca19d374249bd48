//===--- Rerun.h - Skipping what an out-root already holds ------*- C++ -*-===//
//
// --out-root's reruns (docs/scaling.md#reruns): the sources whose record in
// the out-root's manifest still holds are not parsed again, unless a source
// parsed now reads a file one of them wrote; the manifest is updated with
// the sources this run wrote in full.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Driver/CompilationSetup.h"
#include "Engine/EditCollector.h"
#include "Engine/Parse.h"
#include "Engine/RulesAction.h"
#include "Engine/Untouched.h"
#include "Output/OutRootManifest.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include <functional>

namespace cudalower {

/// What the run needs of a source's settings for the manifest: its key.
using SourceKeyFn = std::function<std::string(const std::string &Source)>;

/// The key of \p Source: the tool's version, the rules and options that
/// apply to it, whether the output is verified, and its compile command in
/// both passes (a changed flag or database entry makes it stale).
std::string sourceKey(const RunConfig &Cfg, const CompilationSetup &Setup,
                      const std::string &Source, bool Verify);

class OutRootRerun {
public:
  /// \p Root: the project root (trailing separator); \p OutRoot as given.
  OutRootRerun(std::string Root, std::string OutRoot, SourceKeyFn KeyOf);

  /// \p Sources without those the manifest says are current (skipped()).
  std::vector<std::string> stale(const std::vector<std::string> &Sources);
  const std::vector<std::string> &skipped() const { return Skipped; }
  /// The skipped sources that wrote a file some source in \p ReadBy read:
  /// they are parsed after all, and no longer skipped.
  std::vector<std::string>
  unskipReaders(const std::map<std::string, std::set<std::string>> &ReadBy);
  /// The files (in the project tree) whose copies the skipped sources
  /// wrote: --copy-all must not replace them with the originals.
  llvm::StringSet<> keptOutputs() const;

  /// Records each source of \p Parse that was written in full (parsed, no
  /// file it read left untouched or holding an error) and forgets the
  /// other \p Sources of the run; writes the manifest.
  /// record, and a warning on \p Err if the manifest cannot be written:
  /// that costs the next run time only.
  void recordRun(const std::vector<std::string> &Sources,
                 const ParseOutcome &Parse, const EditCollector &Collector,
                 const std::vector<RewrittenFile> &Written,
                 const llvm::StringSet<> &NotDone, llvm::raw_ostream &Err);
  /// The line that says how many sources were skipped, if any.
  void saySkipped(llvm::raw_ostream &Err) const;
  llvm::Error record(const std::vector<std::string> &Sources,
                     const ParseOutcome &Parse, const EditCollector &Collector,
                     const std::vector<RewrittenFile> &Written,
                     const llvm::StringSet<> &NotDone);

private:
  /// \p Path relative to the root; absolute when it lies outside (another
  /// --in-root, a library's header).
  std::string relative(llvm::StringRef Path) const {
    return Path.starts_with(Root) ? Path.drop_front(Root.size()).str()
                                  : Path.str();
  }
  std::string absolute(llvm::StringRef Rel) const {
    return llvm::sys::path::is_absolute(Rel) ? Rel.str() : Root + Rel.str();
  }
  ManifestEntry entryOf(const std::set<std::string> &Read,
                        const EditCollector &Collector,
                        const std::vector<RewrittenFile> &Written) const;

  std::string Root, OutRoot;
  SourceKeyFn KeyOf;
  Manifest Recorded;
  std::vector<std::string> Skipped; ///< Absolute.
};

/// The files no source should be recorded as done with: those left
/// untouched and those holding an error (a rerun must report it again).
llvm::StringSet<> filesNotDone(const std::vector<UntouchedFile> &Untouched,
                               const std::vector<Diagnostic> &Findings,
                               const std::vector<Diagnostic> &Problems);

} // namespace cudalower

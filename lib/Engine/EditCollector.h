//===--- EditCollector.h - Merges findings from every TU and pass -*- C++ -*-=//
#pragma once

#include "cudalower/Diagnostic.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include <map>
#include <set>
#include <tuple>
#include <string>
#include <vector>

namespace cudalower {

/// Which findings wrote one replacement of a file (several when insertions
/// at one offset were merged).
struct EditOrigin {
  unsigned Offset; ///< Of the replacement, in the file as read.
  std::vector<size_t> Diags; ///< Indices into EditCollector::diagnostics().
};

/// Gathers diagnostics from every translation unit and both compilation
/// passes, drops repeats (a header seen by several TUs, code seen by both
/// passes), and turns the edits into one conflict-free set per file.
///
/// A fix is all-or-nothing: when one of its edits overlaps an edit of an
/// earlier fix, the whole fix is dropped and an error names both rules.
/// An edit inside the source range of a copy edit (see Edit) is applied to
/// the copy; where the copy's own fix replaced the original text, that is
/// the only place it lands.
class EditCollector {
public:
  /// Adds a diagnostic reported by a rule.
  void add(Diagnostic D);
  /// The translation unit (its main source) whose findings add() gets
  /// next; a header two units want rewritten differently is reported
  /// naming both, and not written (see UnitMerge.cpp).
  void setUnit(llvm::StringRef Source) { Unit = Source.str(); }
  /// Headers left unwritten because two units disagree on their rewrite.
  const std::set<std::string> &unitConflicts() const { return UnitConflicts; }

  /// Records the text \p File had when it was parsed. Edits apply to this
  /// text, not to what is on disk later, and -i writes the file only if it
  /// still holds it. A pass or TU that read other text for the same file
  /// marks it changed.
  void recordParsedText(llvm::StringRef File, llvm::StringRef Text);
  /// File path -> the text it was parsed with (see recordParsedText).
  const std::map<std::string, std::string> &parsedTexts() const {
    return ParsedTexts;
  }
  /// Files whose text differed between two parses of one run.
  const std::vector<std::string> &changedFiles() const { return Changed; }

  /// Records that a parse read \p File (a source, or a header it
  /// includes): a source that fails leaves every file it read unwritten,
  /// and --out-root's manifest knows when a source must be parsed again.
  void recordRead(llvm::StringRef File) { Read.insert(File.str()); }
  /// Every file recordRead was given.
  const std::set<std::string> &readFiles() const { return Read; }

  /// Resolves conflicts and builds the replacements; call once, after the
  /// last add(). Fails only if a file with edits cannot be read.
  llvm::Error finalize();

  const std::vector<Diagnostic> &diagnostics() const { return Diags; }
  /// File path -> edits, sorted, non-overlapping. Valid after finalize().
  const std::map<std::string, clang::tooling::Replacements> &
  replacements() const {
    return Replacements;
  }
  bool hasErrors() const;
  /// One entry per replacement of \p File, in order. Valid after finalize().
  llvm::ArrayRef<EditOrigin> origins(const std::string &File) const;

  /// An accepted edit (public for the helpers in EditCollector.cpp).
  struct Placed {
    Edit E;
    size_t Diag;      ///< Index of the diagnostic that made it.
    int Priority = 0; ///< Orders insertions at one offset (lower first).
  };

  /// The accepted edits of one text (a file, or the text a copy edit
  /// copies), in the order they were accepted, indexed by offset so that a
  /// new edit finds the edit it repeats or overlaps without a scan, and by
  /// diagnostic.
  class PlacedEdits {
  public:
    /// What a new edit meets: nothing, a repeat of itself, or a conflict.
    enum class Fit { Free, Repeat, Conflict };
    /// The first accepted edit (in acceptance order) that \p E repeats or
    /// overlaps; \p Diag is set to its diagnostic.
    Fit fit(const Edit &E, size_t &Diag) const;
    void push(Placed P);
    /// Removes the edit pushed last (a fix that failed).
    void pop();
    /// True if an edit of \p Diag replaces text that contains all of \p E.
    bool coveredBy(size_t Diag, const Edit &E) const;

    const std::vector<Placed> &items() const { return Items; }
    std::vector<Placed> &items() { return Items; }
    const Placed &operator[](size_t I) const { return Items[I]; }
    Placed &operator[](size_t I) { return Items[I]; }
    size_t size() const { return Items.size(); }

  private:
    std::vector<Placed> Items;
    /// Offset -> indices into Items of the edits starting there.
    std::multimap<unsigned, size_t> ByOffset;
    /// Offset -> index of the edit with text starting there (Length > 0).
    /// Accepted replacements never overlap, so there is one per offset,
    /// and ordered by offset they are ordered by end too.
    std::map<unsigned, size_t> RangeAt;
    llvm::DenseMap<size_t, llvm::SmallVector<size_t, 4>> ByDiag;
  };

private:
  struct Copy {
    size_t Index;          ///< Into TopLevel of its file.
    PlacedEdits Absorbed;  ///< Edits applied to the copied text.
  };
  struct FileState {
    PlacedEdits TopLevel;
    std::vector<Copy> Copies;
  };
  /// What a fix has added so far, to take back if it fails: a fix is
  /// all-or-nothing, and undoing its own additions costs what they cost,
  /// not a copy of every file's state.
  struct UndoStep {
    enum { NewFile, TopLevel, NewCopy, Absorbed } What;
    std::string File;
    size_t CopyIndex = 0; ///< For Absorbed.
  };

  bool tryAddFix(size_t DiagIndex, int Priority, size_t &Conflict);
  bool reportUnitConflict(size_t DiagIndex, size_t Conflict);
  /// If the unit \p Other and the unit of finding \p DiagIndex parse the
  /// finding's header differently, says so in its message (naming \p Other
  /// first if \p OtherFirst: units in the order they were parsed), marks
  /// the header not to be written and returns true (UnitMerge.cpp).
  bool noteUnitConflict(size_t DiagIndex, const std::string &Other,
                        bool OtherFirst);
  void undo(const std::vector<UndoStep> &Steps);
  FileState &stateOf(const std::string &File, std::vector<UndoStep> &Steps);
  bool editsInOrder(const Placed &L, const Placed &R) const;
  Copy *innermostCopyContaining(const Edit &E);
  llvm::Expected<std::string> copiedText(const std::string &File,
                                         const Copy &C);

  std::vector<Diagnostic> Diags;
  /// (rule, file, offset) -> indices into Diags of the findings there, so
  /// that add() finds a repeat without a scan.
  std::map<std::tuple<std::string, std::string, unsigned>,
           llvm::SmallVector<size_t, 1>>
      FindingsAt;
  std::map<std::string, FileState> Files;
  std::map<std::string, clang::tooling::Replacements> Replacements;
  std::map<std::string, std::vector<EditOrigin>> OriginsByFile;
  std::map<std::string, std::string> ParsedTexts;
  std::vector<std::string> Changed;
  std::set<std::string> Read;
  std::string Unit;                 ///< See setUnit().
  std::vector<std::string> UnitOf;  ///< Per diagnostic, its unit.
  /// Findings whose reports disagreed on the fix -> their first message.
  std::map<size_t, std::string> DisagreedMessage;
  std::set<std::string> UnitConflicts;
};

} // namespace cudalower

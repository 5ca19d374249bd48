//===--- ParseFixes.h - Spellings nvcc accepts, fixed before the parse -*- C++ -*-===//
//
// nvcc's front end (EDG) accepts a dependent member template named without
// `template` (`typename table<T>::view<>`, `f.operator()<2>(x)`), a
// dependent type named without `typename`, a few constexpr spellings
// (ConstexprFixes.h), a lone `%` in an asm string and asm operands without
// the comma between them; Clang rejects them.
// Where every error of a source is of such a kind and lies in a file of the
// project, the parse rewrites its in-memory copy of the file into a
// spelling both compilers accept and parses again, so the rules see a clean
// AST; rules nvcc-dependent-template, nvcc-lenient-constexpr,
// nvcc-asm-escape and nvcc-asm-operand-comma then report each fix as an
// edit of the run. The rules'
// findings are made on the fixed text; they are mapped back to the text on
// disk here (docs/design.md, nvcc-isms).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Nvcc/FixSite.h"
#include "cudalower/Diagnostic.h"
#include "cudalower/Rule.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cudalower {

/// Text Clang needs in place of Length characters (often none) where nvcc
/// does without it.
struct ParseFix {
  std::string File; ///< Canonical path.
  unsigned Offset = 0; ///< In the file as it is on disk.
  std::string Text;    ///< "template ".
  std::string Name;    ///< The member template named, for messages.
  ParseFixKind Kind = ParseFixKind::TemplateKeyword;
  unsigned Length = 0; ///< Characters replaced, on disk.
  std::string Removed; ///< The Length characters on disk.
};

/// The fixes applied to a source's files, and what they do to offsets.
class ParseFixes {
public:
  /// Adds \p Fix (offset in the file on disk); false if one was there, or
  /// if it overlaps one.
  bool add(ParseFix Fix);
  bool empty() const { return ByFile.empty(); }
  bool covers(llvm::StringRef File) const { return ByFile.count(File.str()); }
  /// Every fix, by file and offset.
  std::vector<ParseFix> all() const;
  /// The files that have fixes.
  std::vector<std::string> files() const;

  /// \p Original (the text of \p File on disk) with the fixes inserted.
  std::string fixedText(llvm::StringRef File, llvm::StringRef Original) const;
  /// The offset in the file on disk of \p Offset in the fixed text; an
  /// offset inside the text of a fix maps to its start, the end of that
  /// text to the end of what it replaced.
  unsigned toOriginal(llvm::StringRef File, unsigned Offset) const;
  /// The offset in the fixed text of \p Offset on disk (before an
  /// insertion there; the start of a fix for an offset inside what it
  /// replaced).
  unsigned toFixed(llvm::StringRef File, unsigned Offset) const;
  /// The column on disk of \p Column, the column of \p Offset in the
  /// fixed text: less the text inserted on its line before it (an inserted
  /// keyword holds no line break, so lines are the same).
  unsigned toOriginalColumn(llvm::StringRef File, unsigned Offset,
                            unsigned Column) const;

  /// Moves \p D, found on the fixed text, to the text on disk: offsets of
  /// the finding, its notes and its edits, line, column and source line
  /// (from \p Originals: file -> text on disk). Text the fixed parse gave a
  /// rule (a replacement, a copy) keeps the inserted keyword.
  void mapToOriginal(Diagnostic &D,
                     const std::map<std::string, std::string> &Originals) const;

private:
  /// File -> offset on disk -> the fix there.
  std::map<std::string, std::map<unsigned, ParseFix>> ByFile;
};

/// Where the fixes lie in the parse of \p SM, for the rules (the files it
/// did not read are left out).
std::vector<ParseFixReference>
parseFixReferences(const ParseFixes &Fixes, const clang::SourceManager &SM);

/// \p Base, in which the files of \p Fixes read with the fixes applied to
/// their text on disk (\p Originals: file -> text); \p Base itself if there
/// are none.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withFixes(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
          const ParseFixes &Fixes,
          const std::map<std::string, std::string> &Originals);

} // namespace cudalower

//===--- MacroExpansionText.h - A macro use, expanded one level -*- C++ -*-===//
//
// A lambda written whole in a macro body (`#define FORALL(i, n, ...)
// each(n, [=] __device__ (int i) { __VA_ARGS__ })`, as portability layers
// write them) has no text of its own in the file: each use builds it from
// the definition and the arguments. To rewrite it, a rule replaces the use
// with the macro's expansion one level deep: the replacement list, each
// parameter replaced by its argument as written, macros inside left
// unexpanded. This class writes that text and finds in it the tokens the
// parse saw, following Clang's expansion locations.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Preprocessor.h"
#include <optional>
#include <string>
#include <vector>

namespace cudalower {

/// Where a file writes the token at \p Loc: where it is, in the file or in
/// a macro's argument; where the macro is used, for a token of a macro body.
clang::SourceLocation writtenLocation(clang::SourceLocation Loc,
                                      const clang::SourceManager &SM);

/// True if a macro body writes the token at \p Loc (not a file, and not a
/// macro argument written in one).
bool isWrittenByMacroBody(clang::SourceLocation Loc,
                          const clang::SourceManager &SM);

/// True if \p Loc is written in a macro's argument, possibly through
/// other macros (`CHECK(launch(n, DEVICE_LAMBDA (int i) {...}))`): a
/// comma outside parentheses there would split the argument.
bool isInMacroArgument(clang::SourceLocation Loc,
                       const clang::SourceManager &SM);

class MacroExpansionText {
public:
  /// The expansion of the macro use whose replacement list holds \p Loc:
  /// the use written in a file (directly or in another macro's argument,
  /// not by a macro body), expanded one level, and within that, each use
  /// of a macro on the way to \p Loc expanded in turn (`OUTER(...)` whose
  /// body uses `INNER(__VA_ARGS__)`, which writes \p Loc); every other
  /// macro stays unexpanded. nullopt with \p Why set when \p Loc is not in
  /// a macro body or the expansion cannot be written out (a macro
  /// stringizes an argument, uses __VA_OPT__, or is named by another).
  static std::optional<MacroExpansionText>
  around(clang::SourceLocation Loc, clang::Preprocessor &PP, std::string &Why);

  /// The expansion, one line unless an argument spans several.
  const std::string &text() const { return Text; }
  /// The use in the file, from the macro's name to its ')'.
  clang::CharSourceRange use() const { return Use; }
  /// The name of the macro used in the file.
  llvm::StringRef macroName() const { return Levels.front().Name; }
  /// The macros expanded in turn inside it, on the way to the location.
  std::vector<std::string> innerMacroNames() const {
    std::vector<std::string> Names;
    for (size_t K = 1; K < Levels.size(); ++K)
      Names.push_back(Levels[K].Name);
    return Names;
  }
  /// True if the use is itself written in another macro's argument.
  bool inMacroArgument() const { return InArgument; }

  /// Where text() holds the token the parse gave location \p Loc: its start,
  /// or its end with \p AtEnd; nullopt for a token of another expansion.
  /// A token that a macro left unexpanded writes maps to that macro's use
  /// (`DEV` for the `__device__` it gives), unless \p Exact.
  std::optional<unsigned> offsetOf(clang::SourceLocation Loc,
                                   bool AtEnd = false,
                                   bool Exact = false) const;
  /// The offsets in text() of \p R (locations of the parse).
  std::optional<std::pair<unsigned, unsigned>>
  offsets(clang::CharSourceRange R) const;

  /// Text of text() that is an argument of the use as written in the file
  /// (passed on through the macros expanded in turn): one per place.
  struct Argument {
    unsigned Begin, End;         ///< in text()
    clang::CharSourceRange File; ///< as written in the use
  };
  const std::vector<Argument> &arguments() const { return Arguments; }

private:
  /// A token of a replacement list: its offset from the list's first token
  /// (as the expansion's locations count) and where the level's text has
  /// it.
  struct Piece {
    unsigned DefOffset;
    unsigned Begin, End;
    int Argument = -1; ///< index into Level::Arguments for a parameter
  };
  /// A parameter's place in a level's text, and where its argument is in
  /// the text of the level above (the file's offsets for the first level).
  struct Substitution {
    unsigned Begin, End;
    unsigned ParentBegin, ParentEnd;
  };
  /// Text of a level that is file text: [Begin, End) from FileBegin on.
  struct FileSpan {
    unsigned Begin, End, FileBegin;
  };
  /// One macro use expanded one level: the first is written in the file,
  /// each next one in the text of the one before.
  struct Level {
    clang::FileID Body; ///< the expansion of the replacement list
    std::string Name;
    unsigned UseBegin = 0, UseEnd = 0; ///< in the text above
    /// The arguments, one per parameter, in the text above.
    std::vector<std::pair<unsigned, unsigned>> Written;
    std::string Text;
    std::vector<Piece> Pieces; ///< by DefOffset
    std::vector<Substitution> Arguments;
    std::vector<FileSpan> Spans;
    unsigned Base = 0; ///< where Text starts in text()
    unsigned Size = 0; ///< of this level with the levels below written in
  };

  MacroExpansionText(const clang::SourceManager &SM,
                     const clang::LangOptions &LO)
      : SM(&SM), LO(&LO) {}
  bool addLevel(clang::FileID Body, clang::CharSourceRange UseRange,
                clang::Preprocessor &PP, std::string &Why);
  bool splitArguments(Level &Lv, const clang::MacroInfo &MI,
                      llvm::StringRef Above, std::string &Why) const;
  bool write(Level &Lv, const clang::MacroInfo &MI, llvm::StringRef Above,
             std::string &Why) const;
  void compose();
  /// The level whose text holds the token at \p Loc, and where.
  std::optional<std::pair<size_t, unsigned>>
  levelOffset(clang::SourceLocation Loc, bool AtEnd, bool Exact) const;
  /// \p Offset in the text of level \p K, in text().
  std::optional<unsigned> finalOffset(size_t K, unsigned Offset) const;

  const clang::SourceManager *SM;
  const clang::LangOptions *LO;
  clang::FileID UseFile;
  clang::CharSourceRange Use;
  bool InArgument = false;
  std::vector<Level> Levels;
  std::string Text;
  std::vector<Argument> Arguments;
};

} // namespace cudalower

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

class MacroExpansionText {
public:
  /// The expansion of the macro use whose replacement list holds \p Loc:
  /// the innermost use written in a file (directly or in another macro's
  /// argument, not by a macro body). nullopt with \p Why set when \p Loc is
  /// not in a macro body or the expansion cannot be written out one level
  /// deep (the macro stringizes an argument, uses __VA_OPT__, ...).
  static std::optional<MacroExpansionText>
  around(clang::SourceLocation Loc, clang::Preprocessor &PP, std::string &Why);

  /// The expansion, one line unless an argument spans several.
  const std::string &text() const { return Text; }
  /// The use in the file, from the macro's name to its ')'.
  clang::CharSourceRange use() const { return Use; }
  /// The macro's name.
  llvm::StringRef macroName() const { return Name; }
  /// True if the use is itself written in another macro's argument.
  bool inMacroArgument() const { return InArgument; }

  /// Where text() holds the token the parse gave location \p Loc: its start,
  /// or its end with \p AtEnd; nullopt for a token of another expansion.
  /// A token that a macro used in the replacement list writes maps to that
  /// use (`DEV` for the `__device__` it gives), unless \p Exact.
  std::optional<unsigned> offsetOf(clang::SourceLocation Loc,
                                   bool AtEnd = false,
                                   bool Exact = false) const;
  /// The offsets in text() of \p R (locations of the parse).
  std::optional<std::pair<unsigned, unsigned>>
  offsets(clang::CharSourceRange R) const;

  /// An argument where text() holds it: a parameter the replacement list
  /// names once per place.
  struct Argument {
    unsigned Begin, End;         ///< in text()
    clang::CharSourceRange File; ///< as written in the use
  };
  const std::vector<Argument> &arguments() const { return Arguments; }

private:
  MacroExpansionText(const clang::SourceManager &SM,
                     const clang::LangOptions &LO)
      : SM(&SM), LO(&LO) {}
  bool write(const clang::MacroInfo &MI, std::string &Why);
  bool splitArguments(const clang::MacroInfo &MI, std::string &Why);

  /// A token of the replacement list: its offset from the list's first
  /// token (as the expansion's locations count) and where text() has it.
  struct Piece {
    unsigned DefOffset;
    unsigned Begin, End;
    int Argument = -1; ///< index into Arguments for a parameter
  };

  const clang::SourceManager *SM;
  const clang::LangOptions *LO;
  clang::FileID Body; ///< the expansion of the replacement list
  clang::FileID UseFile;
  clang::CharSourceRange Use;
  std::string Name;
  bool InArgument = false;
  /// The arguments of the use as written: file offsets, one per parameter.
  std::vector<std::pair<unsigned, unsigned>> Written;
  std::string Text;
  std::vector<Piece> Pieces; ///< by DefOffset
  std::vector<Argument> Arguments;
};

} // namespace cudalower

//===--- LineMarkers.cpp - #line directives for rewritten text ------------===//

#include "Output/LineMarkers.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringMap.h"
#include <algorithm>
#include <optional>
#include <vector>

namespace cudalower {

std::string lineMarker(unsigned Line, llvm::StringRef Path) {
  std::string Out = "#line " + std::to_string(Line) + " \"";
  for (char C : Path) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"\n";
}

namespace {

/// Line numbers (1-based) of offsets in one text.
class LineTable {
public:
  explicit LineTable(llvm::StringRef Text) {
    Starts.push_back(0);
    for (size_t I = 0; I < Text.size(); ++I)
      if (Text[I] == '\n')
        Starts.push_back(I + 1);
  }
  unsigned lineOf(size_t Offset) const {
    return std::upper_bound(Starts.begin(), Starts.end(), Offset) -
           Starts.begin();
  }
  size_t startOf(unsigned Line) const { return Starts[Line - 1]; }
  unsigned lines() const { return Starts.size(); }

private:
  std::vector<size_t> Starts;
};

/// A line worth matching: long enough and not punctuation alone, so that
/// a `}` or a blank line is never taken for the line it was moved from.
bool isDistinctive(llvm::StringRef Trimmed) {
  return Trimmed.size() >= 3 &&
         llvm::any_of(Trimmed, [](char C) { return isalnum(C) || C == '_'; });
}

/// The lines of Old that the edits removed, by their text without
/// surrounding blanks: where moved text may have come from.
class RemovedLines {
public:
  RemovedLines(llvm::StringRef Old, const LineTable &Lines,
               const clang::tooling::Replacements &Edits) {
    for (const clang::tooling::Replacement &R : Edits) {
      if (R.getLength() == 0)
        continue;
      unsigned First = Lines.lineOf(R.getOffset());
      unsigned Last = Lines.lineOf(R.getOffset() + R.getLength() - 1);
      for (unsigned L = First; L <= Last; ++L) {
        size_t Begin = Lines.startOf(L);
        llvm::StringRef Text = Old.substr(Begin).split('\n').first.trim();
        if (isDistinctive(Text))
          ByText[Text].push_back(L);
      }
    }
  }

  /// The removed line holding \p Trimmed, the first after \p After if any
  /// (moved text keeps its order); 0 if none.
  unsigned find(llvm::StringRef Trimmed, unsigned After) const {
    if (!isDistinctive(Trimmed))
      return 0;
    auto It = ByText.find(Trimmed);
    if (It == ByText.end())
      return 0;
    for (unsigned L : It->second)
      if (L > After)
        return L;
    return It->second.front();
  }

private:
  llvm::StringMap<std::vector<unsigned>> ByText;
};

/// One run of the new text: either a stretch of Old kept as it was, or the
/// text of one edit.
struct Piece {
  llvm::StringRef Text;
  bool Kept;
  size_t OldOffset; ///< Of Text in Old, when Kept.
};

std::vector<Piece> piecesOf(llvm::StringRef Old,
                            const clang::tooling::Replacements &Edits) {
  std::vector<Piece> Pieces;
  size_t Pos = 0;
  for (const clang::tooling::Replacement &R : Edits) {
    Pieces.push_back({Old.slice(Pos, R.getOffset()), true, Pos});
    Pieces.push_back({R.getReplacementText(), false, 0});
    Pos = R.getOffset() + R.getLength();
  }
  Pieces.push_back({Old.substr(Pos), true, Pos});
  return Pieces;
}

/// The directive at \p Tok (a `#` starting a line): its name and first
/// word, and \p Tok left on the token after its line.
std::pair<llvm::StringRef, llvm::StringRef> readDirective(clang::Lexer &Lex,
                                                          clang::Token &Tok) {
  llvm::StringRef Name, Word;
  Lex.LexFromRawLexer(Tok);
  if (Tok.is(clang::tok::raw_identifier) && !Tok.isAtStartOfLine()) {
    Name = Tok.getRawIdentifier();
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(clang::tok::raw_identifier) && !Tok.isAtStartOfLine())
      Word = Tok.getRawIdentifier();
  }
  while (Tok.isNot(clang::tok::eof) && !Tok.isAtStartOfLine())
    Lex.LexFromRawLexer(Tok);
  return {Name, Word};
}

/// Where the `#define G` line starts, when \p Text opens with an include
/// guard (`#ifndef G`, then `#define G`, only comments before each).
std::optional<size_t> guardOpeningEnd(llvm::StringRef Text) {
  clang::LangOptions LO;
  LO.CPlusPlus = true;
  clang::Lexer Lex(clang::SourceLocation::getFromRawEncoding(1), LO,
                   Text.begin(), Text.begin(), Text.end());
  clang::Token Tok;
  Lex.LexFromRawLexer(Tok);
  if (!Tok.is(clang::tok::hash) || !Tok.isAtStartOfLine())
    return std::nullopt;
  auto [If, Guard] = readDirective(Lex, Tok);
  if (If != "ifndef" || Guard.empty() || !Tok.is(clang::tok::hash))
    return std::nullopt;
  size_t HashOffset = Tok.getLocation().getRawEncoding() - 1;
  auto [Define, Macro] = readDirective(Lex, Tok);
  if (Define != "define" || Macro != Guard)
    return std::nullopt;
  size_t LineStart = Text.take_front(HashOffset).rfind('\n');
  return LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
}

} // namespace

std::string withLineMarkers(llvm::StringRef Old,
                            const clang::tooling::Replacements &Edits,
                            llvm::StringRef OriginalPath) {
  LineTable Lines(Old);
  RemovedLines Removed(Old, Lines, Edits);
  // A directive before an include guard's #ifndef hides the guard from the
  // preprocessors' multiple-include optimisation (GCC's, EDG's): each
  // later #include of the copy would read it all again (45% more
  // preprocessing time for a RAJA example). The first directive goes
  // before the guard's #define when no edit lies before that; the lines up
  // to there hold only comments and the #ifndef.
  size_t Skip = 0;
  if (std::optional<size_t> End = guardOpeningEnd(Old))
    if (Edits.empty() || Edits.begin()->getOffset() >= *End)
      Skip = *End;
  unsigned Expected = Lines.lineOf(Skip); // what the compiler takes it for
  std::string Out =
      Old.take_front(Skip).str() + lineMarker(Expected, OriginalPath);
  unsigned LastMatched = 0; // the last moved line found, to keep order
  bool AtLineStart = true;
  bool Continued = false; // the previous line ended with a backslash
  for (const Piece &P : piecesOf(Old, Edits)) {
    for (size_t I = P.Kept ? std::max(P.OldOffset, Skip) - P.OldOffset : 0;
         I < P.Text.size();) {
      size_t End = P.Text.find('\n', I);
      End = End == llvm::StringRef::npos ? P.Text.size() : End + 1;
      llvm::StringRef Chunk = P.Text.slice(I, End);
      if (AtLineStart) {
        unsigned Origin =
            P.Kept ? Lines.lineOf(P.OldOffset + I)
                   : Removed.find(Chunk.trim(), LastMatched);
        if (!P.Kept && Origin)
          LastMatched = Origin;
        if (Origin && Origin != Expected && !Continued) {
          Out += lineMarker(Origin, OriginalPath);
          Expected = Origin;
        }
      }
      Out += Chunk;
      AtLineStart = Chunk.ends_with("\n");
      if (AtLineStart) {
        ++Expected;
        Continued = Chunk.drop_back().rtrim('\r').ends_with("\\");
      }
      I = End;
    }
  }
  return Out;
}

} // namespace cudalower

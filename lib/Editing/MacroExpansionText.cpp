//===--- MacroExpansionText.cpp - A macro use, expanded one level ---------===//
//
// Clang gives every token of an expansion a location that says where it came
// from: tokens of the replacement list live in one expansion (offsets count
// from the list's first token), tokens of an argument in a "macro argument
// expansion" whose expansion location is the parameter they replace and
// whose spelling location is the argument as written. offsetOf() follows
// those links back to the piece of text() that holds the token.
//
//===----------------------------------------------------------------------===//

#include "Editing/MacroExpansionText.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include <algorithm>

using namespace clang;

namespace cudalower {

namespace {

/// Where \p Loc is written in a file: an argument's token where the
/// argument is, a macro's token where the macro is used (its name, or its
/// ')' with \p AtEnd).
SourceLocation writtenLoc(SourceLocation Loc, const SourceManager &SM,
                          bool AtEnd) {
  while (Loc.isMacroID()) {
    if (SM.isMacroArgExpansion(Loc)) {
      Loc = SM.getImmediateSpellingLoc(Loc);
    } else {
      CharSourceRange R = SM.getImmediateExpansionRange(Loc);
      Loc = AtEnd ? R.getEnd() : R.getBegin();
    }
  }
  return Loc;
}

/// True if \p Loc is written in a file, possibly as part of macro
/// arguments, and not by a macro body.
bool isWrittenDirectly(SourceLocation Loc, const SourceManager &SM) {
  while (Loc.isMacroID() && SM.isMacroArgExpansion(Loc))
    Loc = SM.getImmediateSpellingLoc(Loc);
  return Loc.isFileID();
}

} // namespace

SourceLocation writtenLocation(SourceLocation Loc, const SourceManager &SM) {
  return writtenLoc(Loc, SM, /*AtEnd=*/false);
}

bool isWrittenByMacroBody(SourceLocation Loc, const SourceManager &SM) {
  return !isWrittenDirectly(Loc, SM);
}

bool isInMacroArgument(SourceLocation Loc, const SourceManager &SM) {
  for (; Loc.isMacroID(); Loc = SM.getImmediateExpansionRange(Loc).getBegin())
    if (SM.isMacroArgExpansion(Loc))
      return true;
  return false;
}

std::optional<MacroExpansionText> MacroExpansionText::around(SourceLocation Loc,
                                                             Preprocessor &PP,
                                                             std::string &Why) {
  const SourceManager &SM = PP.getSourceManager();
  // The macro bodies from the one holding Loc out to the one whose use is
  // written in the file.
  std::vector<std::pair<FileID, CharSourceRange>> Path;
  for (SourceLocation L = Loc; L.isMacroID();) {
    if (SM.isMacroArgExpansion(L)) {
      L = SM.getImmediateSpellingLoc(L);
      continue;
    }
    CharSourceRange R = SM.getImmediateExpansionRange(L);
    Path.push_back({SM.getFileID(L), R});
    if (isWrittenDirectly(R.getBegin(), SM) &&
        isWrittenDirectly(R.getEnd(), SM))
      break;
    L = R.getBegin();
  }
  if (Path.empty() || !isWrittenDirectly(Path.back().second.getBegin(), SM)) {
    Why = "it is not written in a macro body";
    return std::nullopt;
  }
  MacroExpansionText X(SM, PP.getLangOpts());
  CharSourceRange UseRange = Path.back().second;
  SourceLocation Begin = writtenLoc(UseRange.getBegin(), SM, false);
  SourceLocation End = writtenLoc(UseRange.getEnd(), SM, true);
  X.UseFile = SM.getFileID(Begin);
  if (SM.getFileID(End) != X.UseFile) {
    Why = "the macro's use spans several files";
    return std::nullopt;
  }
  X.Use = CharSourceRange::getCharRange(
      Begin, End.getLocWithOffset(
                 Lexer::MeasureTokenLength(End, SM, PP.getLangOpts())));
  X.InArgument = UseRange.getBegin().isMacroID();
  for (auto It = Path.rbegin(); It != Path.rend(); ++It)
    if (!X.addLevel(It->first, It->second, PP, Why))
      return std::nullopt;
  X.compose();
  return X;
}

bool MacroExpansionText::addLevel(FileID Body, CharSourceRange UseRange,
                                  Preprocessor &PP, std::string &Why) {
  Level Lv;
  Lv.Body = Body;
  // Where the use is in the text above: the file, or the level before.
  llvm::StringRef Above;
  if (Levels.empty()) {
    Above = SM->getBufferData(UseFile);
    Lv.UseBegin = SM->getFileOffset(Use.getBegin());
    Lv.UseEnd = SM->getFileOffset(Use.getEnd());
  } else {
    auto B = levelOffset(UseRange.getBegin(), false, false);
    auto E = levelOffset(UseRange.getEnd(), true, false);
    if (!B || !E || B->first + 1 != Levels.size() ||
        E->first + 1 != Levels.size() || B->second >= E->second) {
      Why = "a macro on the way to it is used in a way cuda-lower cannot "
            "write out";
      return false;
    }
    Above = Levels.back().Text;
    Lv.UseBegin = B->second;
    Lv.UseEnd = E->second;
  }
  size_t NameEnd = Lv.UseBegin;
  while (NameEnd < Lv.UseEnd && isAsciiIdentifierContinue(Above[NameEnd]))
    ++NameEnd;
  Lv.Name = Above.slice(Lv.UseBegin, NameEnd).str();
  const MacroInfo *MI =
      Lv.Name.empty() ? nullptr
                      : PP.getMacroDefinitionAtLoc(
                              PP.getIdentifierInfo(Lv.Name), Use.getBegin())
                            .getMacroInfo();
  // The definition in effect at the use must be the one expanded there (a
  // macro whose name another macro makes, by pasting or by choosing among
  // its arguments, is not found this way).
  if (!MI || MI->tokens_empty() ||
      SM->getSLocEntry(Body).getExpansion().getSpellingLoc() !=
          SM->getSpellingLoc(MI->tokens().front().getLocation())) {
    Why = Levels.empty() ? "the definition of the macro '" + Lv.Name +
                               "' expanded there was not found"
                         : "the macro that writes it is named by another macro";
    return false;
  }
  if (!splitArguments(Lv, *MI, Above, Why) || !write(Lv, *MI, Above, Why))
    return false;
  // What of this level is file text: the arguments of the first level, and
  // arguments of the next ones passed on from such text.
  for (const Substitution &S : Lv.Arguments) {
    if (Levels.empty()) {
      Lv.Spans.push_back({S.Begin, S.End, S.ParentBegin});
      continue;
    }
    for (const FileSpan &F : Levels.back().Spans)
      if (S.ParentBegin >= F.Begin && S.ParentEnd <= F.End)
        Lv.Spans.push_back(
            {S.Begin, S.End, F.FileBegin + (S.ParentBegin - F.Begin)});
  }
  Levels.push_back(std::move(Lv));
  return true;
}

bool MacroExpansionText::splitArguments(Level &Lv, const MacroInfo &MI,
                                        llvm::StringRef Above,
                                        std::string &Why) const {
  if (!MI.isFunctionLike())
    return true;
  // Offsets are kept relative to the text above; the lexer only needs a
  // location to count from.
  SourceLocation Origin = SM->getLocForStartOfFile(UseFile);
  Lexer Raw(Origin, *LO, Above.begin(), Above.begin() + Lv.UseBegin,
            Above.end());
  auto OffsetOf = [&](const Token &T) {
    return T.getLocation().getRawEncoding() - Origin.getRawEncoding();
  };
  Token Tok;
  Raw.LexFromRawLexer(Tok); // the name
  // Each argument from its first token's start to its last token's end,
  // split at commas outside parentheses (as the preprocessor splits them).
  std::vector<std::pair<unsigned, unsigned>> Args;
  bool Empty = true;
  unsigned First = 0, Last = 0;
  unsigned Depth = 0, Mark = 0;
  bool Opened = false;
  while (!Raw.LexFromRawLexer(Tok) || Tok.isNot(tok::eof)) {
    unsigned At = OffsetOf(Tok);
    if (At >= Lv.UseEnd)
      break;
    if (!Opened && Tok.isNot(tok::l_paren)) {
      // `CHOOSE(__VA_ARGS__, A, B)(__VA_ARGS__)`: another macro gave the
      // name, and its arguments follow that macro's use.
      Why = "the macro '" + Lv.Name + "' is named by another macro's " +
            "expansion, which cuda-lower does not write out";
      return false;
    }
    Opened = true;
    // Only parentheses nest: a comma inside braces splits arguments.
    if (Tok.is(tok::l_paren) && Depth++ == 0) {
      Mark = At + 1;
      continue;
    }
    if (Depth == 0)
      break;
    bool Closes = Tok.is(tok::r_paren) && --Depth == 0;
    if (Closes || (Tok.is(tok::comma) && Depth == 1)) {
      Args.push_back(Empty ? std::make_pair(Mark, Mark)
                           : std::make_pair(First, Last));
      Empty = true;
      Mark = At + 1;
      if (Closes)
        break;
      continue;
    }
    if (Empty)
      First = At;
    Empty = false;
    Last = At + Tok.getLength();
  }
  unsigned Params = MI.getNumParams();
  // `F()` passes one empty argument; a macro without parameters takes it.
  if (Params == 0 && Args.size() == 1 && Args[0].first == Args[0].second)
    Args.clear();
  if (MI.isVariadic() ? Args.size() + 1 < Params : Args.size() != Params) {
    Why = "the arguments of '" + Lv.Name + "' could not be read";
    return false;
  }
  for (unsigned P = 0; P < Params; ++P) {
    bool Rest = MI.isVariadic() && P + 1 == Params;
    if (P >= Args.size()) {
      unsigned At = Args.empty() ? Lv.UseEnd : Args.back().second;
      Lv.Written.push_back({At, At});
    } else if (Rest) {
      Lv.Written.push_back({Args[P].first, Args.back().second});
    } else {
      Lv.Written.push_back(Args[P]);
    }
  }
  return true;
}

bool MacroExpansionText::write(Level &Lv, const MacroInfo &MI,
                               llvm::StringRef Above, std::string &Why) const {
  SourceLocation DefStart =
      SM->getSpellingLoc(MI.tokens().front().getLocation());
  unsigned DefBase = SM->getFileOffset(DefStart);
  std::string &Out = Lv.Text;
  bool Glue = false;
  size_t LastBegin = 0;
  llvm::ArrayRef<Token> Toks = MI.tokens();
  for (size_t I = 0; I < Toks.size(); ++I) {
    const Token &T = Toks[I];
    unsigned DefOffset =
        SM->getFileOffset(SM->getSpellingLoc(T.getLocation())) - DefBase;
    if (MI.isFunctionLike() && T.is(tok::hash)) {
      Why = "the macro '" + Lv.Name + "' turns an argument into a string ('#')";
      return false;
    }
    const IdentifierInfo *II = T.getIdentifierInfo();
    if (II && II->getName() == "__VA_OPT__") {
      Why = "the macro '" + Lv.Name + "' uses __VA_OPT__";
      return false;
    }
    if (T.is(tok::hashhash)) {
      Lv.Pieces.push_back(
          {DefOffset, unsigned(Out.size()), unsigned(Out.size())});
      Glue = true;
      continue;
    }
    int Param = (MI.isFunctionLike() && II) ? MI.getParameterNum(II) : -1;
    // GNU `, ## __VA_ARGS__`: the comma goes when no variadic argument
    // was given.
    if (Glue && Param >= 0 && MI.isVariadic() &&
        unsigned(Param) + 1 == MI.getNumParams() &&
        Lv.Written[Param].first == Lv.Written[Param].second &&
        llvm::StringRef(Out).substr(LastBegin) == ",")
      Out.resize(LastBegin);
    if (I > 0 && !Glue && (T.hasLeadingSpace() || T.isAtStartOfLine()))
      Out += ' ';
    Glue = false;
    unsigned Begin = Out.size();
    LastBegin = Begin;
    if (Param >= 0) {
      auto [From, To] = Lv.Written[Param];
      Out += Above.slice(From, To).str();
      Lv.Arguments.push_back({Begin, unsigned(Out.size()), From, To});
      Lv.Pieces.push_back({DefOffset, Begin, unsigned(Out.size()),
                           int(Lv.Arguments.size() - 1)});
      continue;
    }
    Out += Lexer::getSpelling(T, *SM, *LO);
    Lv.Pieces.push_back({DefOffset, Begin, unsigned(Out.size())});
  }
  return true;
}

void MacroExpansionText::compose() {
  // Innermost first: each level's text with the next one written in.
  std::string Inner;
  for (size_t K = Levels.size(); K-- > 0;) {
    Level &Lv = Levels[K];
    if (K + 1 == Levels.size()) {
      Inner = Lv.Text;
    } else {
      const Level &Next = Levels[K + 1];
      Inner = Lv.Text.substr(0, Next.UseBegin) + Inner +
              Lv.Text.substr(Next.UseEnd);
    }
    Lv.Size = Inner.size();
  }
  Text = std::move(Inner);
  for (size_t K = 1; K < Levels.size(); ++K)
    Levels[K].Base = Levels[K - 1].Base + Levels[K].UseBegin;
  for (size_t K = 0; K < Levels.size(); ++K)
    for (const FileSpan &F : Levels[K].Spans) {
      auto B = finalOffset(K, F.Begin), E = finalOffset(K, F.End);
      if (B && E)
        Arguments.push_back(
            {*B, *E,
             CharSourceRange::getCharRange(
                 SM->getComposedLoc(UseFile, F.FileBegin),
                 SM->getComposedLoc(UseFile,
                                    F.FileBegin + (F.End - F.Begin)))});
    }
}

std::optional<unsigned> MacroExpansionText::finalOffset(size_t K,
                                                        unsigned Offset) const {
  const Level &Lv = Levels[K];
  if (K + 1 == Levels.size())
    return Lv.Base + Offset;
  // The next level replaces [UseBegin, UseEnd) of this one.
  const Level &Next = Levels[K + 1];
  if (Offset <= Next.UseBegin)
    return Lv.Base + Offset;
  if (Offset >= Next.UseEnd)
    return Lv.Base + Offset - (Next.UseEnd - Next.UseBegin) + Next.Size;
  return std::nullopt;
}

std::optional<std::pair<size_t, unsigned>>
MacroExpansionText::levelOffset(SourceLocation Loc, bool AtEnd,
                                bool Exact) const {
  auto LevelOf = [&](SourceLocation L) -> std::optional<size_t> {
    FileID F = SM->getFileID(L);
    for (size_t K = 0; K < Levels.size(); ++K)
      if (Levels[K].Body == F)
        return K;
    return std::nullopt;
  };
  auto PieceAt = [&](size_t K, SourceLocation L) -> const Piece * {
    const std::vector<Piece> &Pieces = Levels[K].Pieces;
    unsigned DefOffset = SM->getDecomposedLoc(L).second;
    auto It = std::lower_bound(
        Pieces.begin(), Pieces.end(), DefOffset,
        [](const Piece &P, unsigned O) { return P.DefOffset < O; });
    return It != Pieces.end() && It->DefOffset == DefOffset ? &*It : nullptr;
  };
  while (Loc.isMacroID()) {
    if (auto K = LevelOf(Loc)) {
      const Piece *P = PieceAt(*K, Loc);
      if (!P)
        return std::nullopt;
      return std::make_pair(*K, AtEnd ? P->End : P->Begin);
    }
    if (!SM->isMacroArgExpansion(Loc)) {
      if (Exact)
        return std::nullopt;
      CharSourceRange R = SM->getImmediateExpansionRange(Loc);
      Loc = AtEnd ? R.getEnd() : R.getBegin();
      continue;
    }
    SourceLocation Param = SM->getImmediateExpansionRange(Loc).getBegin();
    auto K = LevelOf(Param);
    if (!K) {
      Loc = SM->getImmediateSpellingLoc(Loc);
      continue;
    }
    // A token of an argument, where the replacement list names it: find it
    // in the text above, then in the argument's place here.
    const Piece *P = PieceAt(*K, Param);
    if (!P || P->Argument < 0)
      return std::nullopt;
    unsigned Above;
    if (*K == 0) {
      SourceLocation W =
          writtenLoc(SM->getImmediateSpellingLoc(Loc), *SM, AtEnd);
      if (SM->getFileID(W) != UseFile)
        return std::nullopt;
      Above = SM->getFileOffset(W);
      if (AtEnd)
        Above += Lexer::MeasureTokenLength(W, *SM, *LO);
    } else {
      auto Up = levelOffset(SM->getImmediateSpellingLoc(Loc), AtEnd, Exact);
      if (!Up || Up->first + 1 != *K)
        return std::nullopt;
      Above = Up->second;
    }
    const Substitution &S = Levels[*K].Arguments[P->Argument];
    if (Above < S.ParentBegin || Above > S.ParentEnd)
      return std::nullopt;
    return std::make_pair(*K, S.Begin + (Above - S.ParentBegin));
  }
  return std::nullopt;
}

std::optional<unsigned>
MacroExpansionText::offsetOf(SourceLocation Loc, bool AtEnd, bool Exact) const {
  auto At = levelOffset(Loc, AtEnd, Exact);
  if (!At)
    return std::nullopt;
  return finalOffset(At->first, At->second);
}

std::optional<std::pair<unsigned, unsigned>>
MacroExpansionText::offsets(CharSourceRange R) const {
  std::optional<unsigned> Begin = offsetOf(R.getBegin());
  std::optional<unsigned> End = offsetOf(R.getEnd(), R.isTokenRange());
  if (!Begin || !End || *Begin > *End)
    return std::nullopt;
  return std::make_pair(*Begin, *End);
}

} // namespace cudalower

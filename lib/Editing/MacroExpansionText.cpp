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

std::optional<MacroExpansionText> MacroExpansionText::around(SourceLocation Loc,
                                                             Preprocessor &PP,
                                                             std::string &Why) {
  const SourceManager &SM = PP.getSourceManager();
  MacroExpansionText X(SM, PP.getLangOpts());
  CharSourceRange UseRange;
  for (SourceLocation L = Loc; L.isMacroID();) {
    if (SM.isMacroArgExpansion(L)) {
      L = SM.getImmediateSpellingLoc(L);
      continue;
    }
    UseRange = SM.getImmediateExpansionRange(L);
    if (isWrittenDirectly(UseRange.getBegin(), SM) &&
        isWrittenDirectly(UseRange.getEnd(), SM)) {
      X.Body = SM.getFileID(L);
      break;
    }
    L = UseRange.getBegin();
  }
  if (X.Body.isInvalid()) {
    Why = "it is not written in a macro body";
    return std::nullopt;
  }
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
  X.Name = Lexer::getSourceText(CharSourceRange::getTokenRange(Begin, Begin),
                                SM, PP.getLangOpts())
               .str();
  const IdentifierInfo *II = PP.getIdentifierInfo(X.Name);
  const MacroInfo *MI = PP.getMacroDefinitionAtLoc(II, Begin).getMacroInfo();
  // The definition in effect at the use must be the one expanded there.
  if (!MI || MI->tokens_empty() ||
      SM.getSLocEntry(X.Body).getExpansion().getSpellingLoc() !=
          SM.getSpellingLoc(MI->tokens().front().getLocation())) {
    Why = "the definition of the macro '" + X.Name +
          "' expanded there was not found";
    return std::nullopt;
  }
  if (!X.splitArguments(*MI, Why) || !X.write(*MI, Why))
    return std::nullopt;
  return X;
}

bool MacroExpansionText::splitArguments(const MacroInfo &MI, std::string &Why) {
  if (!MI.isFunctionLike())
    return true;
  llvm::StringRef Buf = SM->getBufferData(UseFile);
  unsigned Start = SM->getFileOffset(Use.getBegin());
  unsigned Stop = SM->getFileOffset(Use.getEnd());
  Lexer Raw(SM->getLocForStartOfFile(UseFile), *LO, Buf.begin(),
            Buf.begin() + Start, Buf.end());
  Token Tok;
  Raw.LexFromRawLexer(Tok); // the name
  // Each argument from its first token's start to its last token's end,
  // split at commas outside parentheses (as the preprocessor splits them).
  std::vector<std::pair<unsigned, unsigned>> Args;
  bool Empty = true;
  unsigned First = 0, Last = 0;
  unsigned Depth = 0, Mark = 0;
  while (!Raw.LexFromRawLexer(Tok) || Tok.isNot(tok::eof)) {
    unsigned At = SM->getFileOffset(Tok.getLocation());
    if (At >= Stop)
      break;
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
    Why = "the arguments of '" + Name + "' could not be read";
    return false;
  }
  for (unsigned P = 0; P < Params; ++P) {
    bool Rest = MI.isVariadic() && P + 1 == Params;
    if (P >= Args.size()) {
      unsigned At = Args.empty() ? Stop : Args.back().second;
      Written.push_back({At, At});
    } else if (Rest) {
      Written.push_back({Args[P].first, Args.back().second});
    } else {
      Written.push_back(Args[P]);
    }
  }
  return true;
}

bool MacroExpansionText::write(const MacroInfo &MI, std::string &Why) {
  llvm::StringRef Buf = SM->getBufferData(UseFile);
  SourceLocation DefStart =
      SM->getSpellingLoc(MI.tokens().front().getLocation());
  unsigned DefBase = SM->getFileOffset(DefStart);
  bool Glue = false;
  size_t LastBegin = 0;
  llvm::ArrayRef<Token> Toks = MI.tokens();
  for (size_t I = 0; I < Toks.size(); ++I) {
    const Token &T = Toks[I];
    unsigned DefOffset =
        SM->getFileOffset(SM->getSpellingLoc(T.getLocation())) - DefBase;
    if (MI.isFunctionLike() && T.is(tok::hash)) {
      Why = "the macro '" + Name + "' turns an argument into a string ('#')";
      return false;
    }
    const IdentifierInfo *II = T.getIdentifierInfo();
    if (II && II->getName() == "__VA_OPT__") {
      Why = "the macro '" + Name + "' uses __VA_OPT__";
      return false;
    }
    if (T.is(tok::hashhash)) {
      Pieces.push_back(
          {DefOffset, unsigned(Text.size()), unsigned(Text.size())});
      Glue = true;
      continue;
    }
    int Param = (MI.isFunctionLike() && II) ? MI.getParameterNum(II) : -1;
    // GNU `, ## __VA_ARGS__`: the comma goes when no variadic argument
    // was given.
    if (Glue && Param >= 0 && MI.isVariadic() &&
        unsigned(Param) + 1 == MI.getNumParams() &&
        Written[Param].first == Written[Param].second &&
        llvm::StringRef(Text).substr(LastBegin) == ",")
      Text.resize(LastBegin);
    if (I > 0 && !Glue && (T.hasLeadingSpace() || T.isAtStartOfLine()))
      Text += ' ';
    Glue = false;
    unsigned Begin = Text.size();
    LastBegin = Begin;
    if (Param >= 0) {
      auto [From, To] = Written[Param];
      Text += Buf.slice(From, To).str();
      Arguments.push_back(
          {Begin, unsigned(Text.size()),
           CharSourceRange::getCharRange(SM->getComposedLoc(UseFile, From),
                                         SM->getComposedLoc(UseFile, To))});
      Pieces.push_back(
          {DefOffset, Begin, unsigned(Text.size()), int(Arguments.size() - 1)});
      continue;
    }
    Text += Lexer::getSpelling(T, *SM, *LO);
    Pieces.push_back({DefOffset, Begin, unsigned(Text.size())});
  }
  return true;
}

std::optional<unsigned>
MacroExpansionText::offsetOf(SourceLocation Loc, bool AtEnd, bool Exact) const {
  auto PieceAt = [&](SourceLocation L) -> const Piece * {
    unsigned DefOffset = SM->getDecomposedLoc(L).second;
    auto It = std::lower_bound(
        Pieces.begin(), Pieces.end(), DefOffset,
        [](const Piece &P, unsigned O) { return P.DefOffset < O; });
    return It != Pieces.end() && It->DefOffset == DefOffset ? &*It : nullptr;
  };
  while (Loc.isMacroID()) {
    if (SM->getFileID(Loc) == Body) {
      const Piece *P = PieceAt(Loc);
      if (!P)
        return std::nullopt;
      return AtEnd ? P->End : P->Begin;
    }
    if (!SM->isMacroArgExpansion(Loc)) {
      if (Exact)
        return std::nullopt;
      CharSourceRange R = SM->getImmediateExpansionRange(Loc);
      Loc = AtEnd ? R.getEnd() : R.getBegin();
      continue;
    }
    SourceLocation Param = SM->getImmediateExpansionRange(Loc).getBegin();
    if (SM->getFileID(Param) != Body) {
      Loc = SM->getImmediateSpellingLoc(Loc);
      continue;
    }
    // A token of an argument, where the replacement list names it.
    const Piece *P = PieceAt(Param);
    if (!P || P->Argument < 0)
      return std::nullopt;
    SourceLocation W = writtenLoc(SM->getImmediateSpellingLoc(Loc), *SM, AtEnd);
    if (SM->getFileID(W) != UseFile)
      return std::nullopt;
    unsigned Offset = SM->getFileOffset(W);
    if (AtEnd)
      Offset += Lexer::MeasureTokenLength(W, *SM, *LO);
    const Argument &A = Arguments[P->Argument];
    unsigned From = SM->getFileOffset(A.File.getBegin());
    unsigned To = SM->getFileOffset(A.File.getEnd());
    if (Offset < From || Offset > To)
      return std::nullopt;
    return A.Begin + (Offset - From);
  }
  return std::nullopt;
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

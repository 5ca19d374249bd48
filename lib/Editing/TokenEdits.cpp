//===--- TokenEdits.cpp - Find the tokens a fix removes -------------------===//

#include "Editing/TokenEdits.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cudalower {

static bool isAnnotationKeyword(llvm::StringRef Text) {
  return Text == "__host__" || Text == "__device__" || Text == "__global__";
}

/// Keywords a macro such as CUTLASS_HOST_DEVICE may add to the annotations
/// and still be removable from a defaulted function: in-class definitions
/// are inline anyway, and a defaulted function is constexpr whenever it can
/// be.
static bool isRemovableWithAnnotations(llvm::StringRef Text) {
  return llvm::StringSwitch<bool>(Text)
      .Cases({"__host__", "__device__", "__forceinline__", "__inline__",
              "inline", "constexpr"},
             true)
      .Default(false);
}

/// The offset of the start of the logical line holding \p Offset (a line
/// continued with a backslash belongs to the line before it).
static unsigned logicalLineStart(llvm::StringRef Buffer, unsigned Offset) {
  size_t Start = Buffer.rfind('\n', Offset ? Offset - 1 : 0);
  while (Start != llvm::StringRef::npos && Start > 0) {
    size_t Prev = Start;
    if (Buffer[Prev - 1] == '\r')
      --Prev;
    if (Prev == 0 || Buffer[Prev - 1] != '\\')
      break;
    Start = Buffer.rfind('\n', Prev - 1);
  }
  return Start == llvm::StringRef::npos ? 0 : Start + 1;
}

/// True if \p Name is an object-like macro whose body, spelled at
/// \p BodyLoc, holds only keywords removable with the annotations.
static bool isAnnotationOnlyMacro(llvm::StringRef Name, SourceLocation BodyLoc,
                                  const SourceManager &SM,
                                  const LangOptions &LO) {
  auto [FID, Offset] = SM.getDecomposedLoc(BodyLoc);
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return false;
  unsigned Start = logicalLineStart(Buffer, Offset);
  Lexer Lex(SM.getLocForStartOfFile(FID), LO, Buffer.begin(),
            Buffer.begin() + Start, Buffer.end());
  Token Tok;
  auto Next = [&] {
    Lex.LexFromRawLexer(Tok);
    return Tok.isNot(tok::eof);
  };
  auto IsIdent = [&](llvm::StringRef Text) {
    return Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == Text;
  };
  if (!Next() || Tok.isNot(tok::hash) || !Next() || !IsIdent("define") ||
      !Next() || !IsIdent(Name))
    return false;
  bool Empty = true;
  while (Next() && !Tok.isAtStartOfLine()) {
    if (Tok.is(tok::l_paren) && Empty && !Tok.hasLeadingSpace())
      return false; // A function-like macro.
    if (Tok.isNot(tok::raw_identifier) ||
        !isRemovableWithAnnotations(Tok.getRawIdentifier()))
      return false;
    Empty = false;
  }
  return !Empty;
}

std::optional<CharSourceRange> annotationTokenRange(const Attr &A,
                                                    const SourceManager &SM,
                                                    const LangOptions &LO) {
  SourceLocation Loc = A.getLocation();
  if (A.isImplicit() || Loc.isInvalid() || Loc.isFileID())
    return std::nullopt;
  // Climb to the macro use written in the file, keeping the location one
  // level below it: that one is spelled in the used macro's definition.
  SourceLocation Inner = Loc;
  for (;;) {
    SourceLocation Up = SM.getImmediateExpansionRange(Inner).getBegin();
    if (Up.isFileID())
      break;
    Inner = Up;
  }
  CharSourceRange Use = SM.getImmediateExpansionRange(Inner);
  CharSourceRange Chars = Lexer::makeFileCharRange(Use, SM, LO);
  if (Chars.isInvalid())
    return std::nullopt;
  llvm::StringRef Name = Lexer::getSourceText(Chars, SM, LO);
  if (isAnnotationKeyword(Name))
    return Chars;
  SourceLocation Body = SM.getImmediateSpellingLoc(Inner);
  if (!isAsciiIdentifierStart(Name.empty() ? ' ' : Name.front()) ||
      !Body.isFileID() || !isAnnotationOnlyMacro(Name, Body, SM, LO))
    return std::nullopt;
  return Chars;
}

std::optional<CharSourceRange> findKeyword(SourceLocation Begin,
                                           SourceLocation End,
                                           llvm::StringRef Keyword,
                                           const SourceManager &SM,
                                           const LangOptions &LO) {
  if (!Begin.isFileID() || !End.isFileID() ||
      SM.getFileID(Begin) != SM.getFileID(End))
    return std::nullopt;
  auto [FID, BeginOffset] = SM.getDecomposedLoc(Begin);
  unsigned EndOffset = SM.getFileOffset(End);
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(FID, &Invalid);
  if (Invalid || EndOffset < BeginOffset)
    return std::nullopt;
  // The raw lexer needs the buffer's terminating NUL, so lex to the end of
  // the file and stop at End.
  Lexer Lex(SM.getLocForStartOfFile(FID), LO, Buffer.begin(),
            Buffer.begin() + BeginOffset, Buffer.end());
  Token Tok;
  do {
    Lex.LexFromRawLexer(Tok);
    if (SM.getFileOffset(Tok.getLocation()) >= EndOffset)
      break;
    if (Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == Keyword)
      return CharSourceRange::getCharRange(Tok.getLocation(), Tok.getEndLoc());
  } while (Tok.isNot(tok::eof));
  return std::nullopt;
}

CharSourceRange withTrailingBlanks(CharSourceRange Tokens,
                                   const SourceManager &SM) {
  auto [FID, Begin] = SM.getDecomposedLoc(Tokens.getBegin());
  unsigned End = SM.getFileOffset(Tokens.getEnd());
  llvm::StringRef Buffer = SM.getBufferData(FID);
  while (End < Buffer.size() && (Buffer[End] == ' ' || Buffer[End] == '\t'))
    ++End;
  unsigned LineStart = Begin;
  while (LineStart > 0 &&
         (Buffer[LineStart - 1] == ' ' || Buffer[LineStart - 1] == '\t'))
    --LineStart;
  bool AloneOnLine = (LineStart == 0 || Buffer[LineStart - 1] == '\n') &&
                     (End == Buffer.size() || Buffer[End] == '\n' ||
                      Buffer[End] == '\r');
  if (AloneOnLine) {
    Begin = LineStart;
    // In a size_t: npos does not fit the unsigned offsets.
    size_t Newline = Buffer.find('\n', End);
    End = Newline == llvm::StringRef::npos ? Buffer.size() : Newline + 1;
  }
  SourceLocation FileStart = SM.getLocForStartOfFile(FID);
  return CharSourceRange::getCharRange(FileStart.getLocWithOffset(Begin),
                                       FileStart.getLocWithOffset(End));
}

} // namespace cudalower

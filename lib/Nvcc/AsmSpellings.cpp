//===--- AsmSpellings.cpp - asm statements as nvcc reads them -------------===//

#include "Nvcc/AsmSpellings.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cudalower {

std::optional<ParseFixSite> asmPercentFix(const StoredDiagnostic &Error) {
  if (Error.getID() != diag::err_asm_invalid_escape ||
      !Error.getLocation().isValid())
    return std::nullopt;
  const SourceManager &SM = Error.getLocation().getManager();
  SourceLocation Spelled = SM.getSpellingLoc(Error.getLocation());
  if (!Spelled.isFileID() || SM.isWrittenInScratchSpace(Spelled))
    return std::nullopt;
  auto [File, Offset] = SM.getDecomposedLoc(Spelled);
  llvm::StringRef Text = SM.getBufferData(File);
  // Clang reports the character after the escape's `%` (`% x`), or the one
  // after a letter it took for an operand modifier (`%laneid`: at 'a').
  for (unsigned Back = 1; Back <= 2 && Back <= Offset; ++Back) {
    unsigned Percent = Offset - Back;
    if (Text[Percent] != '%')
      continue;
    // An even run of `%` before it is escapes: it starts a new one.
    unsigned Run = 0;
    while (Run < Percent && Text[Percent - Run - 1] == '%')
      ++Run;
    if (Run % 2)
      return std::nullopt;
    llvm::StringRef Word =
        Text.substr(Percent + 1).take_while([](char C) {
          return isAsciiIdentifierContinue(C);
        });
    return ParseFixSite{
        FullSourceLoc(Spelled.getLocWithOffset(-static_cast<int>(Back)), SM),
        "%", ("%" + Word).str(), ParseFixKind::AsmPercentEscape};
  }
  return std::nullopt;
}

/// How far before an error asmOperandCommaFix looks for its `asm`.
constexpr unsigned MaxAsmStatementBytes = 16384;

/// True if \p Name is how an asm statement starts.
static bool isAsmKeyword(llvm::StringRef Name) {
  return Name == "asm" || Name == "__asm__" || Name == "__asm";
}

/// Reads the statement starting at \p Start of \p Text (an asm keyword)
/// up to \p ErrorOffset, and returns the end of the `)` right before it if
/// the error lies in the statement's operand list (inside its parentheses,
/// after a `:`).
static std::optional<unsigned>
operandEndBefore(const SourceManager &SM, FileID File, llvm::StringRef Text,
                 unsigned Start, unsigned ErrorOffset) {
  Lexer Raw(SM.getLocForStartOfFile(File), LangOptions(), Text.begin(),
            Text.begin() + Start, Text.end());
  Token Tok;
  Raw.LexFromRawLexer(Tok);
  if (!Tok.is(tok::raw_identifier) || !isAsmKeyword(Tok.getRawIdentifier()))
    return std::nullopt;
  unsigned Depth = 0;
  bool InOperands = false;
  std::optional<unsigned> LastCloseEnd;
  while (!Raw.LexFromRawLexer(Tok)) {
    unsigned Offset = SM.getFileOffset(Tok.getLocation());
    if (Offset >= ErrorOffset)
      return Offset == ErrorOffset && Depth == 1 && InOperands
                 ? LastCloseEnd
                 : std::nullopt;
    LastCloseEnd.reset();
    if (Tok.is(tok::l_paren)) {
      ++Depth;
    } else if (Tok.is(tok::r_paren)) {
      if (Depth-- <= 1)
        return std::nullopt; // The statement ended before the error.
      LastCloseEnd = Offset + Tok.getLength();
    } else if (Tok.isOneOf(tok::colon, tok::coloncolon) && Depth == 1) {
      InOperands = true;
    } else if (Tok.is(tok::semi)) {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<ParseFixSite>
asmOperandCommaFix(const StoredDiagnostic &Error) {
  if (Error.getID() != diag::err_expected ||
      Error.getMessage() != "expected ')'" || !Error.getLocation().isValid())
    return std::nullopt;
  const SourceManager &SM = Error.getLocation().getManager();
  SourceLocation Loc = Error.getLocation();
  if (!Loc.isFileID())
    return std::nullopt;
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  llvm::StringRef Text = SM.getBufferData(File);
  if (Offset >= Text.size() || Text[Offset] != '"')
    return std::nullopt;
  // The nearest asm keyword before the error whose operand list holds it.
  unsigned Floor = Offset > MaxAsmStatementBytes ? Offset - MaxAsmStatementBytes
                                                 : 0;
  for (size_t At = Offset; At > Floor;) {
    size_t Found = Text.substr(0, At).rfind("asm");
    if (Found == llvm::StringRef::npos || Found < Floor)
      break;
    At = Found;
    size_t Start = Found;
    while (Start > 0 && isAsciiIdentifierContinue(Text[Start - 1]))
      --Start;
    if (std::optional<unsigned> End =
            operandEndBefore(SM, File, Text, Start, Offset))
      return ParseFixSite{
          FullSourceLoc(SM.getComposedLoc(File, *End), SM), ",",
          Text.substr(Offset).take_until([](char C) { return C == '('; })
              .rtrim()
              .str(),
          ParseFixKind::AsmOperandComma};
  }
  return std::nullopt;
}

// nvcc hands a `%` that starts no operand (`%laneid`) to ptxas as is.
std::string asmPercentHint(llvm::ArrayRef<StoredDiagnostic> Held,
                           const ErrorContext &) {
  if (Held.front().getID() != diag::err_asm_invalid_escape)
    return "";
  std::optional<ParseFixSite> Site = asmPercentFix(Held.front());
  llvm::StringRef Name = Site ? llvm::StringRef(Site->Name) : "%name";
  return "nvcc passes '" + Name.str() +
         "' in an asm string to ptxas as written; Clang does not: escape "
         "it as '%" + Name.str() + "', which both compilers read as '" +
         Name.str() + "'";
}

// EDG reads `::"r"(v) "l"(p)` as two operands.
std::string asmOperandCommaHint(llvm::ArrayRef<StoredDiagnostic> Held,
                                const ErrorContext &) {
  std::optional<ParseFixSite> Site = asmOperandCommaFix(Held.front());
  if (!Site)
    return "";
  return "nvcc reads asm operands written without a ',' between them; "
         "Clang does not: write ',' before " +
         Site->Name + ", which both compilers accept";
}

} // namespace cudalower

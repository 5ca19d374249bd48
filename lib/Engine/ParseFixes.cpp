//===--- ParseFixes.cpp - Spellings nvcc accepts, fixed before the parse ---===//

#include "Engine/ParseFixes.h"
#include "Engine/ConstexprFixes.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>

using namespace clang;

namespace cudalower {

/// The name spelled at \p Loc, as far as its template argument list:
/// `view`, `operator()`; "" if no identifier starts there.
static std::string templateNameAt(FullSourceLoc Loc) {
  bool Invalid = false;
  const char *Data = Loc.getCharacterData(&Invalid);
  if (Invalid || !Data || !isAsciiIdentifierStart(*Data))
    return "";
  llvm::StringRef Rest(Data);
  llvm::StringRef Name =
      Rest.take_while([](char C) { return isAsciiIdentifierContinue(C); });
  if (Name != "operator")
    return Name.str();
  // An operator's name runs to its argument list: `operator()`.
  llvm::StringRef Operator = Rest.take_until([](char C) {
    return C == '<' || C == '\n' || C == ';';
  });
  return Operator.size() <= 16 ? Operator.rtrim().str() : Name.str();
}

/// Where Clang wants \p Keyword for \p Error: its fix-it's insertion point
/// if Sema gave one, else the name the error is reported at.
static FullSourceLoc insertionPoint(const StoredDiagnostic &Error,
                                    llvm::StringRef Keyword) {
  FullSourceLoc Loc = Error.getLocation();
  for (const FixItHint &Hint : Error.getFixIts())
    if (llvm::StringRef(Hint.CodeToInsert).trim() == Keyword &&
        Hint.RemoveRange.getBegin() == Hint.RemoveRange.getEnd())
      return FullSourceLoc(Hint.RemoveRange.getBegin(), Loc.getManager());
  return Loc;
}

/// True if \p Loc starts `operator()<` or `name<` right after `.` or `->`:
/// an explicit call of a member template (`f.operator()<2>(x)`,
/// `ref.retrieve<128>(g, ...)`), whatever Clang made of it.
static bool isMemberTemplateCall(FullSourceLoc Loc) {
  const SourceManager &SM = Loc.getManager();
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  llvm::StringRef Buffer = SM.getBufferData(FID);
  llvm::StringRef Before = Buffer.take_front(Offset).rtrim();
  llvm::StringRef After = Buffer.drop_front(Offset);
  if (!Before.ends_with(".") && !Before.ends_with("->"))
    return false;
  std::vector<llvm::StringRef> Tokens = {"operator", "(", ")", "<"};
  if (!After.starts_with("operator")) {
    llvm::StringRef Name = After.take_while(
        [](char C) { return isAsciiIdentifierContinue(C); });
    if (Name.empty() || !isAsciiIdentifierStart(Name.front()))
      return false;
    Tokens = {Name, "<"};
  }
  for (llvm::StringRef Token : Tokens) {
    if (!After.consume_front(Token))
      return false;
    After = After.ltrim();
  }
  return true;
}

std::optional<ParseFixSite>
templateKeywordFix(const StoredDiagnostic &Error) {
  // `typename T::view<>`, `T::f<int>()`: Sema's error carries the fix-it.
  // `f.operator()<2>(x)`: Clang parses it, then fails on instantiation
  // without one; `obj.get<0>()` likewise (nvcc rejects that one too). As
  // the right operand of a binary operator, or as `ref.retrieve<N>(g, i)`
  // with more than one argument (nvcc accepts it: cuCollections), Clang
  // reads `g.operator()` or `ref.retrieve` as a member function compared
  // with `<`, and instantiating it fails with
  // another error, at the same place.
  unsigned ID = Error.getID();
  bool OperatorCall = ID == diag::err_bound_member_function;
  if (ID != diag::err_missing_dependent_template_keyword &&
      ID != diag::err_template_kw_missing && !OperatorCall)
    return std::nullopt;
  FullSourceLoc Loc = insertionPoint(Error, "template");
  if (!Loc.isValid())
    return std::nullopt;
  const SourceManager &SM = Loc.getManager();
  // Where the name is written: in a macro's definition, `template` is
  // valid in every expansion, dependent or not (C++11 [temp.names]p5).
  FullSourceLoc Spelled(SM.getSpellingLoc(Loc), SM);
  if (!Spelled.isFileID() || SM.isWrittenInScratchSpace(Spelled) ||
      (OperatorCall && !isMemberTemplateCall(Spelled)))
    return std::nullopt;
  std::string Name = templateNameAt(Spelled);
  if (Name.empty())
    return std::nullopt;
  return ParseFixSite{Spelled, "template ", std::move(Name),
                      ParseFixKind::TemplateKeyword};
}

/// The qualified name written at \p Loc (`R::storage`, `::ns::T`); "" if
/// none starts there.
static llvm::StringRef qualifiedNameAt(FullSourceLoc Loc) {
  bool Invalid = false;
  const char *Data = Loc.getCharacterData(&Invalid);
  if (Invalid || !Data)
    return "";
  llvm::StringRef Name = llvm::StringRef(Data).take_while(
      [](char C) { return C == ':' || isAsciiIdentifierContinue(C); });
  return Name.contains("::") ? Name : "";
}

std::optional<ParseFixSite>
typenameKeywordFix(const StoredDiagnostic &Error) {
  if (Error.getID() != diag::err_typename_missing)
    return std::nullopt;
  // Sema gives a fix-it when it reads the template; on instantiation it
  // reports the error at the start of the name, without one.
  FullSourceLoc Loc = insertionPoint(Error, "typename");
  if (!Loc.isValid())
    return std::nullopt;
  const SourceManager &SM = Loc.getManager();
  FullSourceLoc Spelled(SM.getSpellingLoc(Loc), SM);
  if (!Spelled.isFileID() || SM.isWrittenInScratchSpace(Spelled))
    return std::nullopt;
  // The message names the type as instantiated ("... dependent type name
  // 'r::storage' (aka 'x')"): its last part must end the name written
  // there.
  llvm::StringRef Named = Error.getMessage();
  llvm::StringRef Lead = "type name '";
  Named = Named.drop_front(std::min(Named.size(), Named.find(Lead) + Lead.size()));
  Named = Named.take_until([](char C) { return C == '\''; });
  llvm::StringRef Last = Named.rsplit("::").second;
  llvm::StringRef Written = qualifiedNameAt(Spelled);
  if (Last.empty() || !Written.ends_with(("::" + Last).str()))
    return std::nullopt;
  return ParseFixSite{Spelled, "typename ", Written.str(),
                      ParseFixKind::TypenameKeyword};
}

std::optional<ParseFixSite>
dependentBaseMemberFix(const StoredDiagnostic &Error) {
  if (Error.getID() != diag::err_found_in_dependent_base)
    return std::nullopt;
  FullSourceLoc Loc = Error.getLocation();
  if (!Loc.isValid() || !Loc.isFileID())
    return std::nullopt;
  // The name written there must be the member the message names.
  std::string Name = templateNameAt(Loc);
  if (Name.empty() ||
      !Error.getMessage().contains("member '" + Name + "' from"))
    return std::nullopt;
  return ParseFixSite{Loc, "this->", std::move(Name),
                      ParseFixKind::DependentBaseMember};
}

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

std::optional<ParseFixSite>
nvccSpellingFix(llvm::ArrayRef<StoredDiagnostic> Held,
                const ErrorContext &Where) {
  if (Held.empty())
    return std::nullopt;
  const StoredDiagnostic &Error = Held.front();
  if (auto Site = templateKeywordFix(Error))
    return Site;
  if (auto Site = typenameKeywordFix(Error))
    return Site;
  if (auto Site = dependentBaseMemberFix(Error))
    return Site;
  if (auto Site = asmPercentFix(Error))
    return Site;
  if (auto Site = asmOperandCommaFix(Error))
    return Site;
  if (auto Site = staticMemberThisFix(Held, Where))
    return Site;
  if (auto Site = nonLiteralConstexprFix(Error, Where))
    return Site;
  return hostOnlyConstexprFix(Error, Where);
}

bool ParseFixes::add(ParseFix Fix) {
  auto &InFile = ByFile[Fix.File];
  // Fixes never overlap: the one after must start past this one's end,
  // the one before must end before this one starts.
  auto After = InFile.lower_bound(Fix.Offset);
  if (After != InFile.end() &&
      (After->first == Fix.Offset || After->first < Fix.Offset + Fix.Length))
    return false;
  if (After != InFile.begin()) {
    const ParseFix &Before = std::prev(After)->second;
    if (Before.Offset + Before.Length > Fix.Offset)
      return false;
  }
  return InFile.emplace(Fix.Offset, std::move(Fix)).second;
}

std::vector<ParseFix> ParseFixes::all() const {
  std::vector<ParseFix> All;
  for (const auto &[File, Fixes] : ByFile)
    for (const auto &[Offset, Fix] : Fixes)
      All.push_back(Fix);
  return All;
}

std::vector<std::string> ParseFixes::files() const {
  std::vector<std::string> Files;
  for (const auto &[File, Fixes] : ByFile)
    Files.push_back(File);
  return Files;
}

std::string ParseFixes::fixedText(llvm::StringRef File,
                                  llvm::StringRef Original) const {
  auto It = ByFile.find(File.str());
  if (It == ByFile.end())
    return Original.str();
  std::string Text;
  unsigned Done = 0;
  for (const auto &[Offset, Fix] : It->second) {
    unsigned At = std::min<size_t>(Offset, Original.size());
    Text += Original.slice(Done, At);
    Text += Fix.Text;
    Done = std::min<size_t>(At + Fix.Length, Original.size());
  }
  Text += Original.substr(Done);
  return Text;
}

unsigned ParseFixes::toOriginal(llvm::StringRef File, unsigned Offset) const {
  auto It = ByFile.find(File.str());
  if (It == ByFile.end())
    return Offset;
  // Shift: what the fixes before add to an offset (negative if they
  // remove more than they insert).
  long Shift = 0;
  for (const auto &[At, Fix] : It->second) {
    long Start = At + Shift; // of the fix's text, in the fixed text
    if (Offset <= Start)
      break;
    if (Offset < Start + static_cast<long>(Fix.Text.size()))
      return At;
    Shift += static_cast<long>(Fix.Text.size()) - Fix.Length;
  }
  return Offset - Shift;
}

unsigned ParseFixes::toFixed(llvm::StringRef File, unsigned Offset) const {
  auto It = ByFile.find(File.str());
  if (It == ByFile.end())
    return Offset;
  long Shift = 0;
  for (const auto &[At, Fix] : It->second) {
    if (At >= Offset)
      break;
    if (Offset < At + Fix.Length)
      return At + Shift;
    Shift += static_cast<long>(Fix.Text.size()) - Fix.Length;
  }
  return Offset + Shift;
}

unsigned ParseFixes::toOriginalColumn(llvm::StringRef File, unsigned Offset,
                                      unsigned Column) const {
  if (!Column || Column - 1 > Offset)
    return Column;
  // Both ends mapped to the file on disk: fixes may insert (a keyword) or
  // replace with shorter text (`this->m` read as `S::m`).
  unsigned LineStart = Offset - (Column - 1);
  return toOriginal(File, Offset) - toOriginal(File, LineStart) + 1;
}

/// Line, column and source line of \p Offset in \p Text, as
/// RuleContext::locate gives them.
static void relocate(Diagnostic &D, llvm::StringRef Text) {
  unsigned Offset = std::min<size_t>(D.Offset, Text.size());
  llvm::StringRef Before = Text.take_front(Offset);
  D.Line = Before.count('\n') + 1;
  size_t Start = Before.rfind('\n');
  Start = Start == llvm::StringRef::npos ? 0 : Start + 1;
  D.Column = Offset - Start + 1;
  size_t End = Text.find_first_of("\r\n", Offset);
  D.SourceLine = Text.slice(Start, End).str();
}

void ParseFixes::mapToOriginal(
    Diagnostic &D, const std::map<std::string, std::string> &Originals) const {
  auto Range = [&](const std::string &File, unsigned &Offset,
                   unsigned &Length) {
    unsigned End = toOriginal(File, Offset + Length);
    Offset = toOriginal(File, Offset);
    Length = End - Offset;
  };
  if (ByFile.count(D.File)) {
    D.Offset = toOriginal(D.File, D.Offset);
    auto Text = Originals.find(D.File);
    if (Text != Originals.end())
      relocate(D, Text->second);
  }
  for (Edit &E : D.Edits) {
    if (!ByFile.count(E.File))
      continue;
    Range(E.File, E.Offset, E.Length);
    if (E.IsCopy)
      Range(E.File, E.CopyOffset, E.CopyLength);
  }
  for (Diagnostic &N : D.Notes)
    mapToOriginal(N, Originals);
}

std::vector<ParseFixReference>
parseFixReferences(const ParseFixes &Fixes, const SourceManager &SM) {
  std::vector<ParseFixReference> Found;
  for (const ParseFix &Fix : Fixes.all()) {
    OptionalFileEntryRef File =
        SM.getFileManager().getOptionalFileRef(Fix.File, /*OpenFile=*/false);
    FileID FID = File ? SM.translateFile(*File) : FileID();
    if (FID.isInvalid())
      continue;
    SourceLocation Loc = SM.getLocForStartOfFile(FID).getLocWithOffset(
        Fixes.toFixed(Fix.File, Fix.Offset));
    Found.push_back({Loc, Fix.Text, Fix.Name, Fix.Kind, Fix.Removed});
  }
  return Found;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withFixes(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
          const ParseFixes &Fixes,
          const std::map<std::string, std::string> &Originals) {
  if (Fixes.empty())
    return Base;
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const std::string &File : Fixes.files()) {
    auto Original = Originals.find(File);
    if (Original == Originals.end())
      continue;
    Memory->addFile(File, /*ModificationTime=*/0,
                    llvm::MemoryBuffer::getMemBufferCopy(
                        Fixes.fixedText(File, Original->second), File));
  }
  auto Overlay =
      llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(std::move(Base));
  Overlay->pushOverlay(Memory);
  return Overlay;
}

} // namespace cudalower

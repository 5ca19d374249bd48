//===--- ParseFixes.cpp - Spellings nvcc accepts, fixed before the parse ---===//

#include "Engine/ParseFixes.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
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

/// Where Clang wants `template` for \p Error: its fix-it's insertion point
/// if Sema gave one, else the name the error is reported at.
static FullSourceLoc insertionPoint(const StoredDiagnostic &Error) {
  FullSourceLoc Loc = Error.getLocation();
  for (const FixItHint &Hint : Error.getFixIts())
    if (llvm::StringRef(Hint.CodeToInsert).trim() == "template" &&
        Hint.RemoveRange.getBegin() == Hint.RemoveRange.getEnd())
      return FullSourceLoc(Hint.RemoveRange.getBegin(), Loc.getManager());
  return Loc;
}

/// True if \p Loc starts `operator()<` right after `.` or `->`: an
/// explicit call of a member operator template, whatever Clang made of it.
static bool isMemberOperatorCallTemplate(FullSourceLoc Loc) {
  const SourceManager &SM = Loc.getManager();
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  llvm::StringRef Buffer = SM.getBufferData(FID);
  llvm::StringRef Before = Buffer.take_front(Offset).rtrim();
  llvm::StringRef After = Buffer.drop_front(Offset);
  if (!Before.ends_with(".") && !Before.ends_with("->"))
    return false;
  for (llvm::StringRef Token : {"operator", "(", ")", "<"}) {
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
  // the right operand of a binary operator, Clang reads `g.operator()` as a
  // member function compared with `<`, and instantiating it fails with
  // another error, at the same place.
  unsigned ID = Error.getID();
  bool OperatorCall = ID == diag::err_bound_member_function;
  if (ID != diag::err_missing_dependent_template_keyword &&
      ID != diag::err_template_kw_missing && !OperatorCall)
    return std::nullopt;
  FullSourceLoc Loc = insertionPoint(Error);
  if (!Loc.isValid())
    return std::nullopt;
  const SourceManager &SM = Loc.getManager();
  // Where the name is written: in a macro's definition, `template` is
  // valid in every expansion, dependent or not (C++11 [temp.names]p5).
  FullSourceLoc Spelled(SM.getSpellingLoc(Loc), SM);
  if (!Spelled.isFileID() || SM.isWrittenInScratchSpace(Spelled) ||
      (OperatorCall && !isMemberOperatorCallTemplate(Spelled)))
    return std::nullopt;
  std::string Name = templateNameAt(Spelled);
  if (Name.empty())
    return std::nullopt;
  return ParseFixSite{Spelled, "template ", std::move(Name)};
}

bool ParseFixes::add(ParseFix Fix) {
  auto &InFile = ByFile[Fix.File];
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
    Done = At;
  }
  Text += Original.substr(Done);
  return Text;
}

unsigned ParseFixes::toOriginal(llvm::StringRef File, unsigned Offset) const {
  auto It = ByFile.find(File.str());
  if (It == ByFile.end())
    return Offset;
  unsigned Inserted = 0;
  for (const auto &[At, Fix] : It->second) {
    unsigned Start = At + Inserted; // of the insertion, in the fixed text
    if (Offset <= Start)
      break;
    if (Offset < Start + Fix.Text.size())
      return At;
    Inserted += Fix.Text.size();
  }
  return Offset - Inserted;
}

unsigned ParseFixes::toFixed(llvm::StringRef File, unsigned Offset) const {
  auto It = ByFile.find(File.str());
  if (It == ByFile.end())
    return Offset;
  unsigned Inserted = 0;
  for (const auto &[At, Fix] : It->second) {
    if (At >= Offset)
      break;
    Inserted += Fix.Text.size();
  }
  return Offset + Inserted;
}

unsigned ParseFixes::toOriginalColumn(llvm::StringRef File, unsigned Offset,
                                      unsigned Column) const {
  if (!Column || Column - 1 > Offset)
    return Column;
  unsigned LineStart = Offset - (Column - 1);
  unsigned InsertedBefore = Offset - toOriginal(File, Offset);
  unsigned InsertedOnEarlierLines = LineStart - toOriginal(File, LineStart);
  return Column - (InsertedBefore - InsertedOnEarlierLines);
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
    Found.push_back({Loc, Fix.Text, Fix.Name});
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

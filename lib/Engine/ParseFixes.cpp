//===--- ParseFixes.cpp - Spellings nvcc accepts, fixed before the parse ---===//

#include "Engine/ParseFixes.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>

using namespace clang;

namespace cudalower {

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

//===--- DiagnosticPrinter.cpp - Clang-style diagnostic text --------------===//

#include "Output/DiagnosticPrinter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <set>
#include <tuple>

namespace cudalower {

std::string displayPath(llvm::StringRef File, llvm::StringRef GivenCwd) {
  llvm::SmallString<256> Cwd(GivenCwd);
  if (Cwd.empty() && llvm::sys::fs::current_path(Cwd))
    return File.str();
  // replace_path_prefix compares strings: /tmp/a-out starts with /tmp/a.
  llvm::StringRef Rest = File;
  if (!Rest.consume_front(llvm::StringRef(Cwd).rtrim('/')) ||
      (!Rest.empty() && !llvm::sys::path::is_separator(Rest.front())))
    return File.str();
  return Rest.ltrim('/').str();
}

SourceExcerpt excerptAround(llvm::StringRef Line, unsigned Column,
                            unsigned Width) {
  if (Line.size() <= Width)
    return {Line.str(), Column};
  size_t At = Column ? std::min<size_t>(Column - 1, Line.size()) : 0;
  size_t Begin = At > Width / 2 ? At - Width / 2 : 0;
  size_t End = std::min(Line.size(), Begin + Width);
  // UTF-8 continuation bytes are 10xxxxxx: never start or end inside one.
  auto IsContinuation = [&](size_t I) {
    return I < Line.size() && (static_cast<unsigned char>(Line[I]) & 0xC0) == 0x80;
  };
  while (Begin > 0 && IsContinuation(Begin))
    --Begin;
  while (End < Line.size() && IsContinuation(End))
    ++End;
  SourceExcerpt Out;
  llvm::StringRef Cut = Begin > 0 ? "..." : "";
  Out.Text = (Cut + Line.slice(Begin, End) +
              (End < Line.size() ? "..." : ""))
                 .str();
  Out.Column = static_cast<unsigned>(At - Begin + Cut.size() + 1);
  return Out;
}

/// True if a location may start at \p I of \p Text: at a line start, after
/// a space or a quote, or after a colour escape sequence (`ESC[...m`).
static bool startsLocation(llvm::StringRef Text, size_t I) {
  if (I == 0 || llvm::StringRef("\n \t'\"(").contains(Text[I - 1]))
    return true;
  if (Text[I - 1] != 'm')
    return false;
  size_t Esc = Text.rfind('\x1b', I);
  return Esc != llvm::StringRef::npos && I - Esc < 16 &&
         Text.substr(Esc + 1, I - Esc - 2)
                 .find_first_not_of("[0123456789;") == llvm::StringRef::npos;
}

std::string relativeLocations(llvm::StringRef Rendered, llvm::StringRef Cwd) {
  if (Cwd.empty() || Cwd == "/")
    return Rendered.str();
  std::string Prefix = (Cwd.rtrim('/') + "/").str();
  std::string Out;
  size_t Pos = 0;
  for (size_t I = Rendered.find(Prefix); I != llvm::StringRef::npos;
       I = Rendered.find(Prefix, I + 1)) {
    size_t Colon = Rendered.find(':', I + Prefix.size());
    bool IsLocation = startsLocation(Rendered, I) &&
                      Colon != llvm::StringRef::npos &&
                      Colon + 1 < Rendered.size() &&
                      isdigit(static_cast<unsigned char>(Rendered[Colon + 1])) &&
                      !Rendered.slice(I, Colon).contains('\n');
    if (!IsLocation)
      continue;
    Out += Rendered.slice(Pos, I);
    Pos = I + Prefix.size();
  }
  Out += Rendered.substr(Pos);
  return Out;
}

static void printLevel(llvm::raw_ostream &OS, DiagLevel Level, bool Color) {
  static const struct {
    llvm::raw_ostream::Colors Colour;
    const char *Text;
  } Styles[] = {{llvm::raw_ostream::BLACK, "note: "},
                {llvm::raw_ostream::MAGENTA, "warning: "},
                {llvm::raw_ostream::RED, "error: "}};
  const auto &Style = Styles[static_cast<int>(Level)];
  if (Color)
    OS.changeColor(Style.Colour, /*Bold=*/true);
  OS << Style.Text;
  if (Color)
    OS.resetColor();
}

static void printOne(llvm::raw_ostream &OS, const Diagnostic &D, bool Color) {
  if (Color)
    OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  // A finding about a whole file (Line 0) is shown as `file: error: ...`.
  if (!D.File.empty()) {
    OS << displayPath(D.File);
    if (D.Line)
      OS << ':' << D.Line << ':' << D.Column;
    OS << ": ";
  }
  if (Color)
    OS.resetColor();
  printLevel(OS, D.Level, Color);
  if (Color)
    OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  OS << D.Message;
  if (D.Level != DiagLevel::Note)
    OS << " [" << D.Rule << ']';
  if (Color)
    OS.resetColor();
  OS << '\n';
  if (D.File.empty() || !D.Line)
    return;
  SourceExcerpt Shown = excerptAround(D.SourceLine, D.Column);
  OS << Shown.Text << '\n';
  // Keep tabs so the caret lines up under the same character.
  for (unsigned I = 0; I + 1 < Shown.Column && I < Shown.Text.size(); ++I)
    OS << (Shown.Text[I] == '\t' ? '\t' : ' ');
  if (Color)
    OS.changeColor(llvm::raw_ostream::GREEN, /*Bold=*/true);
  OS << '^';
  if (Color)
    OS.resetColor();
  OS << '\n';
}

void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D, bool Color) {
  printOne(OS, D, Color);
  for (const Diagnostic &N : D.Notes)
    printOne(OS, N, Color);
}

void printDiagnostics(llvm::raw_ostream &OS,
                      const std::vector<Diagnostic> &Found,
                      const std::vector<Diagnostic> &Problems, bool Color) {
  std::vector<Diagnostic> All = Found;
  std::set<std::pair<std::string, unsigned>> RuleErrorLines;
  for (const Diagnostic &D : Found)
    if (D.Level == DiagLevel::Error)
      RuleErrorLines.insert({D.File, D.Line});
  for (const Diagnostic &P : Problems)
    if (!RuleErrorLines.count({P.File, P.Line}))
      All.push_back(P);
  std::stable_sort(All.begin(), All.end(),
                   [](const Diagnostic &A, const Diagnostic &B) {
                     return std::tie(A.File, A.Offset) <
                            std::tie(B.File, B.Offset);
                   });
  for (const Diagnostic &D : All)
    printDiagnostic(OS, D, Color);
}

} // namespace cudalower

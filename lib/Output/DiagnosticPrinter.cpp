//===--- DiagnosticPrinter.cpp - Clang-style diagnostic text --------------===//

#include "Output/DiagnosticPrinter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalower {

std::string displayPath(llvm::StringRef File) {
  llvm::SmallString<256> Cwd;
  if (llvm::sys::fs::current_path(Cwd))
    return File.str();
  llvm::SmallString<256> Rel(File);
  if (llvm::sys::path::replace_path_prefix(Rel, Cwd, ""))
    return llvm::sys::path::relative_path(Rel).str();
  return File.str();
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
  if (!D.File.empty())
    OS << displayPath(D.File) << ':' << D.Line << ':' << D.Column << ": ";
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
  if (D.File.empty())
    return;
  OS << D.SourceLine << '\n';
  // Keep tabs so the caret lines up under the same character.
  for (unsigned I = 0; I + 1 < D.Column && I < D.SourceLine.size(); ++I)
    OS << (D.SourceLine[I] == '\t' ? '\t' : ' ');
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

} // namespace cudalower

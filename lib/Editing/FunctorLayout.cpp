//===--- FunctorLayout.cpp - Format generated code like its file ----------===//

#include "Editing/FunctorLayout.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"
#include <algorithm>

using namespace clang;

namespace cudalower {

/// The longest line of \p Buffer, in bytes.
static unsigned longestLine(llvm::StringRef Buffer) {
  unsigned Longest = 0;
  while (!Buffer.empty()) {
    auto [Line, Rest] = Buffer.split('\n');
    Longest = std::max<unsigned>(Longest, Line.rtrim('\r').size());
    Buffer = Rest;
  }
  return Longest;
}

/// LLVM style with the file's indentation and a column limit its lines keep.
static format::FormatStyle styleFromFile(llvm::StringRef Buffer,
                                         llvm::StringRef IndentUnit) {
  format::FormatStyle Style = format::getLLVMStyle(format::FormatStyle::LK_Cpp);
  if (IndentUnit.starts_with("\t")) {
    Style.UseTab = format::FormatStyle::UT_ForIndentation;
    Style.IndentWidth = Style.TabWidth = 4;
  } else if (!IndentUnit.empty()) {
    Style.IndentWidth = IndentUnit.size();
  }
  // Namespace-scope declarations stay at the namespace's indentation, as the
  // functor goes next to the function it came from.
  Style.NamespaceIndentation = format::FormatStyle::NI_None;
  // `template <class T>` on its own line, as class templates are usually
  // written by hand.
  Style.BreakTemplateDeclarations = format::FormatStyle::BTDS_Yes;
  unsigned Longest = longestLine(Buffer);
  Style.ColumnLimit = Longest <= 80 ? 80 : Longest <= 120 ? 120 : 0;
  return Style;
}

std::optional<format::FormatStyle> styleForFile(llvm::StringRef FilePath,
                                                llvm::StringRef Buffer,
                                                llvm::StringRef IndentUnit) {
  // "none" as the fallback tells "no .clang-format" (DisableFormat) apart
  // from a file that configures a style.
  llvm::Expected<format::FormatStyle> Found =
      format::getStyle("file", FilePath, "none", Buffer);
  if (!Found) {
    llvm::consumeError(Found.takeError());
    return std::nullopt;
  }
  if (!Found->DisableFormat)
    return *Found;
  // A .clang-format that disables formatting also yields DisableFormat;
  // only the fallback has no style name to base on.
  llvm::Expected<format::FormatStyle> Llvm =
      format::getStyle("file", FilePath, "LLVM", Buffer);
  if (!Llvm) {
    llvm::consumeError(Llvm.takeError());
    return std::nullopt;
  }
  if (Llvm->DisableFormat)
    return std::nullopt; // the project asked for no formatting
  return styleFromFile(Buffer, IndentUnit);
}

std::optional<std::string> formatAt(const format::FormatStyle &Style,
                                    llvm::StringRef Code,
                                    llvm::StringRef Indent) {
  format::FormatStyle S = Style;
  // Tabs count as one column here; a limit this small would fight the code.
  if (S.ColumnLimit != 0)
    S.ColumnLimit = S.ColumnLimit > Indent.size() + 40
                        ? S.ColumnLimit - Indent.size()
                        : 40;
  format::FormattingAttemptStatus Status;
  tooling::Replacements R = format::reformat(
      S, Code, {tooling::Range(0, Code.size())}, "<generated>", &Status);
  if (!Status.FormatComplete)
    return std::nullopt;
  llvm::Expected<std::string> Formatted =
      tooling::applyAllReplacements(Code, R);
  if (!Formatted) {
    llvm::consumeError(Formatted.takeError());
    return std::nullopt;
  }
  std::string Out;
  llvm::StringRef Rest = *Formatted;
  while (!Rest.empty()) {
    auto [Line, Next] = Rest.split('\n');
    if (!Line.empty())
      Out += Indent;
    Out += Line;
    if (Rest.size() > Line.size())
      Out += '\n';
    Rest = Next;
  }
  return Out;
}

const std::optional<format::FormatStyle> &
FunctorLayout::style(llvm::StringRef FilePath, llvm::StringRef Buffer,
                     llvm::StringRef IndentUnit) {
  auto It = Styles.find(FilePath.str());
  if (It == Styles.end())
    It = Styles
             .emplace(FilePath.str(),
                      styleForFile(FilePath, Buffer, IndentUnit))
             .first;
  return It->second;
}

} // namespace cudalower

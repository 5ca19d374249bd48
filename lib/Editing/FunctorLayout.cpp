//===--- FunctorLayout.cpp - Format generated code like its file ----------===//

#include "Editing/FunctorLayout.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/STLExtras.h"
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

namespace {

/// \p Style with its column limit reduced by \p Indent, the depth the code
/// will be indented to.
format::FormatStyle styleAtDepth(const format::FormatStyle &Style,
                                 llvm::StringRef Indent) {
  format::FormatStyle S = Style;
  // Tabs count as one column here; a limit this small would fight the code.
  if (S.ColumnLimit != 0)
    S.ColumnLimit = S.ColumnLimit > Indent.size() + 40
                        ? S.ColumnLimit - Indent.size()
                        : 40;
  return S;
}

/// \p Code formatted whole with \p Style; nullopt if Clang cannot.
std::optional<std::string> reformatAll(const format::FormatStyle &Style,
                                       llvm::StringRef Code) {
  format::FormattingAttemptStatus Status;
  tooling::Replacements R = format::reformat(
      Style, Code, {tooling::Range(0, Code.size())}, "<generated>", &Status);
  if (!Status.FormatComplete)
    return std::nullopt;
  llvm::Expected<std::string> Formatted =
      tooling::applyAllReplacements(Code, R);
  if (!Formatted) {
    llvm::consumeError(Formatted.takeError());
    return std::nullopt;
  }
  return std::move(*Formatted);
}

/// Every non-blank line of \p Text indented by \p Indent.
std::string indentLines(llvm::StringRef Text, llvm::StringRef Indent) {
  std::string Out;
  while (!Text.empty()) {
    auto [Line, Next] = Text.split('\n');
    if (!Line.empty())
      Out += Indent;
    Out += Line;
    if (Text.size() > Line.size())
      Out += '\n';
    Text = Next;
  }
  return Out;
}

/// Stands between the pieces that formatEachAt formats together: a comment
/// line of its own, between blank lines, which the Format library neither
/// moves nor joins with the code around it.
constexpr llvm::StringLiteral PieceBoundary = "// cuda-lower: piece boundary";

/// Splits \p Formatted, pieces joined by PieceBoundary, back into \p Count
/// pieces, each without the blank lines and indentation the boundary put
/// around it; nullopt if the boundaries did not survive as written.
std::optional<std::vector<std::string>> splitPieces(llvm::StringRef Formatted,
                                                    size_t Count) {
  std::vector<std::string> Pieces;
  while (true) {
    size_t At = Formatted.find(PieceBoundary);
    llvm::StringRef Piece = Formatted.take_front(At);
    Pieces.push_back(Piece.ltrim('\n').rtrim().str() + "\n");
    if (At == llvm::StringRef::npos)
      break;
    Formatted = Formatted.drop_front(At + PieceBoundary.size());
  }
  if (Pieces.size() != Count)
    return std::nullopt;
  return Pieces;
}

} // namespace

std::optional<std::string> formatAt(const format::FormatStyle &Style,
                                    llvm::StringRef Code,
                                    llvm::StringRef Indent) {
  std::optional<std::string> Formatted =
      reformatAll(styleAtDepth(Style, Indent), Code);
  if (!Formatted)
    return std::nullopt;
  return indentLines(*Formatted, Indent);
}

std::optional<std::vector<std::string>>
formatJointlyAt(const format::FormatStyle &Style,
                llvm::ArrayRef<std::string> Codes, llvm::StringRef Indent) {
  if (llvm::any_of(Codes, [](llvm::StringRef Code) {
        return Code.contains(PieceBoundary);
      }))
    return std::nullopt;
  std::string Joined;
  for (const std::string &Code : Codes) {
    if (!Joined.empty())
      Joined += ("\n\n" + PieceBoundary + "\n\n").str();
    Joined += llvm::StringRef(Code).rtrim();
  }
  std::optional<std::string> Formatted =
      reformatAll(styleAtDepth(Style, Indent), Joined);
  std::optional<std::vector<std::string>> Pieces =
      Formatted ? splitPieces(*Formatted, Codes.size()) : std::nullopt;
  if (Pieces)
    for (std::string &Piece : *Pieces)
      Piece = indentLines(Piece, Indent);
  return Pieces;
}

std::vector<std::optional<std::string>>
formatEachAt(const format::FormatStyle &Style,
             llvm::ArrayRef<std::string> Codes, llvm::StringRef Indent) {
  std::vector<std::optional<std::string>> Out;
  if (Codes.size() > 1)
    if (std::optional<std::vector<std::string>> Pieces =
            formatJointlyAt(Style, Codes, Indent)) {
      Out.assign(Pieces->begin(), Pieces->end());
      return Out;
    }
  // One piece, or pieces the joint run could not keep apart (a piece that
  // does not parse on its own can swallow the boundary): one run each.
  for (const std::string &Code : Codes)
    Out.push_back(formatAt(Style, Code, Indent));
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

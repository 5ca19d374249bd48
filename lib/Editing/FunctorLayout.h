//===--- FunctorLayout.h - Format generated code like its file --*- C++ -*-===//
//
// Generated declarations (the functors of lower-extended-lambda) should read
// like the code around them. FunctorLayout formats them with the
// .clang-format that applies to the file they go into, through Clang's Format
// library, and, where no .clang-format applies, with LLVM style adapted to the
// file's own indentation and line length.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Format/Format.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cudalower {

/// The style for code inserted into \p Buffer (the text of \p FilePath): the
/// .clang-format found above \p FilePath, else LLVM style with \p IndentUnit
/// as the indentation and the file's line-length class (80 or 120 columns,
/// or none when the file has longer lines). Nullopt when formatting is off
/// for the file (`DisableFormat: true`) or its .clang-format is invalid.
std::optional<clang::format::FormatStyle>
styleForFile(llvm::StringRef FilePath, llvm::StringRef Buffer,
             llvm::StringRef IndentUnit);

/// Formats \p Code, complete declarations written at column 0, with \p Style,
/// then indents every non-blank line by \p Indent (the column limit is
/// reduced by as much). Returns nullopt if Clang cannot format the code.
std::optional<std::string> formatAt(const clang::format::FormatStyle &Style,
                                    llvm::StringRef Code,
                                    llvm::StringRef Indent);

/// formatAt for each of \p Codes, through one run of the Format library for
/// all of them: its set-up (a source manager, an identifier table per pass)
/// costs more than laying out one functor, so a file with hundreds of
/// lambdas would spend most of its time there. Each piece comes out as
/// formatAt gives it alone, up to trailing blank lines (one final newline);
/// nullopt where Clang cannot format a piece.
std::vector<std::optional<std::string>>
formatEachAt(const clang::format::FormatStyle &Style,
             llvm::ArrayRef<std::string> Codes, llvm::StringRef Indent);

/// The joint run of formatEachAt: nullopt when a piece fails to format or
/// the pieces cannot be told apart afterwards.
std::optional<std::vector<std::string>>
formatJointlyAt(const clang::format::FormatStyle &Style,
                llvm::ArrayRef<std::string> Codes, llvm::StringRef Indent);

/// styleForFile with one lookup per file and TU.
class FunctorLayout {
public:
  const std::optional<clang::format::FormatStyle> &
  style(llvm::StringRef FilePath, llvm::StringRef Buffer,
        llvm::StringRef IndentUnit);

private:
  std::map<std::string, std::optional<clang::format::FormatStyle>> Styles;
};

} // namespace cudalower

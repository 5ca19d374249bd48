//===--- IncludeSite.h - Where a new #include line goes ---------*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace cudalower {

/// Where a `#include` line goes in \p FileText: the start of the line after
/// the last #include that precedes the first line of code, in the same
/// preprocessor conditional as that code; failing that, after the last
/// directive there (an include guard's #define, #pragma once); failing
/// that, the start of the first line of code. Depends only on the text, so
/// every fix that adds an include to one file adds it at one place, and
/// identical insertions merge.
struct IncludeSite {
  unsigned Offset = 0;
  /// The text at Offset does not start a line (the anchor line ends the
  /// file without a newline): start the insertion with one.
  bool NeedsNewline = false;
};
IncludeSite findIncludeSite(llvm::StringRef FileText);

/// The text to insert at \p Site for `#include <Header>`: one whole line,
/// ending in a newline, starting with one when Site.NeedsNewline; \p Comment,
/// if given, follows the directive as a `//` comment.
std::string includeLine(const IncludeSite &Site, llvm::StringRef Header,
                        llvm::StringRef Comment = {});

/// The headers of the `#include <...>` lines \p FileText starts with (only
/// comments before and between them), up to the first other line: what a
/// precompiled preamble can hold without changing what the file means.
std::vector<std::string> leadingAngledIncludes(llvm::StringRef FileText);

/// True if \p FileText has `#include <Header>` (or "Header").
bool includesHeader(llvm::StringRef FileText, llvm::StringRef Header);

} // namespace cudalower

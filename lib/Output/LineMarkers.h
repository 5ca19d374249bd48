//===--- LineMarkers.h - #line directives for rewritten text ----*- C++ -*-===//
#pragma once

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace cudalower {

/// \p Old with \p Edits applied, and `#line` directives so that a compiler
/// reading the result names \p OriginalPath and the lines of \p Old: one at
/// the top (before an include guard's #define, so that the guard stays
/// first and preprocessors still skip a second #include of the file), and
/// one wherever the edits shifted the lines that follow. Text
/// the edits moved (a lambda body that became a functor's `operator()`) is
/// found in the text the edits removed, line by line, and keeps the line
/// numbers it had there; lines the edits wrote anew take the numbers that
/// follow the line before them. No directive is put after a line that ends
/// with a backslash (a macro definition continues there).
std::string withLineMarkers(llvm::StringRef Old,
                            const clang::tooling::Replacements &Edits,
                            llvm::StringRef OriginalPath);

/// `#line N "PATH"` and a line break, with PATH escaped as a string literal.
std::string lineMarker(unsigned Line, llvm::StringRef Path);

} // namespace cudalower

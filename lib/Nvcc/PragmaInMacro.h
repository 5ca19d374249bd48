//===--- PragmaInMacro.h - `#define X #pragma ...` as nvcc reads it -*- C++ -*-===//
#pragma once

#include <optional>
#include <string>

namespace clang {
class MacroInfo;
class Preprocessor;
} // namespace clang

namespace cudalower {

/// For an object-like macro whose body is a `#pragma` directive
/// (`#define UNROLL #pragma unroll 4`), the text of the `_Pragma` operator
/// that says the same, `_Pragma("unroll 4")`; nullopt for any other macro.
///
/// nvcc accepts such a macro used on a line of its own: its preprocessor
/// writes `#pragma unroll 4` at the start of a line, and its front end reads
/// that line again as a directive. Clang expands the macro to the tokens
/// `# pragma unroll 4` in the middle of code, a syntax error.
std::optional<std::string> pragmaOperatorFor(const clang::MacroInfo &MI,
                                             const clang::Preprocessor &PP);

/// Makes every such macro that \p PP defines from now on expand to its
/// `_Pragma` operator instead, so Clang parses code that nvcc accepts. The
/// source text is not changed (rule nvcc-pragma-macro rewrites it).
void readPragmaMacrosAsNvcc(clang::Preprocessor &PP);

} // namespace cudalower

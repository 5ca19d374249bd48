//===--- TokenEdits.h - Find the tokens a fix removes -----------*- C++ -*-===//
//
// Fixes that delete a keyword or an annotation need its exact file range,
// which the AST does not keep: attributes point into the toolkit's
// `#define __device__ __attribute__((device))`, and `constexpr` has no
// location at all. These helpers recover the ranges with the raw lexer.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/Attr.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include <optional>

namespace cudalower {

/// The file range of what spells attribute \p A in the user's text: the
/// `__host__`/`__device__`/`__global__` keyword, or a use of an object-like
/// macro (such as `HD`) whose definition holds only such keywords and
/// `inline`, `__forceinline__` or `constexpr`. std::nullopt if \p A is
/// implicit or spelled any other way (`__attribute__((device))` written out,
/// or inside a larger macro), since removing it could remove more.
std::optional<clang::CharSourceRange>
annotationTokenRange(const clang::Attr &A, const clang::SourceManager &SM,
                     const clang::LangOptions &LO);

/// The first token spelled \p Keyword in the file text [\p Begin, \p End),
/// or std::nullopt if the range is not plain file text (a macro use) or
/// holds no such token.
std::optional<clang::CharSourceRange>
findKeyword(clang::SourceLocation Begin, clang::SourceLocation End,
            llvm::StringRef Keyword, const clang::SourceManager &SM,
            const clang::LangOptions &LO);

/// \p Tokens widened so that deleting it leaves tidy text: the blanks after
/// it go too, and so does its whole line when nothing else is on it.
clang::CharSourceRange withTrailingBlanks(clang::CharSourceRange Tokens,
                                          const clang::SourceManager &SM);

} // namespace cudalower

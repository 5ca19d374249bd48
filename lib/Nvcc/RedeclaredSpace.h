//===--- RedeclaredSpace.h - One function declared in two spaces -*- C++
//-*-===//
//
// nvcc merges the execution spaces of a function's declarations:
// `__device__ int f(int);` then `__host__ __device__ int f(int x) {...}` is
// one `__host__ __device__` function to it (warnings 20035-D, 20036-D,
// 20040-D; none for `__host__ __device__` then `__device__`). Clang refuses
// a redeclaration in another space when either is `__host__ __device__`
// ("cannot overload"). The spelling both accept, and the one nvcc compiles,
// is the union of the spaces on every declaration: the parse uses it
// (SpellingFixes.def) and rule nvcc-redeclared-space writes it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Nvcc/ErrorContext.h"
#include "Nvcc/FixSite.h"
#include "clang/Basic/Diagnostic.h"
#include <optional>
#include <string>

namespace cudalower {

/// For Clang's "cannot overload" error between two declarations of one
/// function in different execution spaces (neither `__global__`): the
/// declarations that lack `__host__` (else `__device__`) of their union,
/// each given it before its type. One keyword per parse: a declaration
/// that lacks the other gets it in the next. None when a place is spelled
/// by a macro.
std::optional<ParseFixSite>
redeclaredSpaceFix(const clang::StoredDiagnostic &Error,
                   const ErrorContext &Where);

/// Why nvcc accepts such a pair of declarations and what to write, or "".
std::string redeclaredSpaceHint(llvm::ArrayRef<clang::StoredDiagnostic> Held,
                                const ErrorContext &Where);

} // namespace cudalower

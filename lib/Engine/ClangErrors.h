//===--- ClangErrors.h - Reading Clang's errors as nvcc would ---*- C++ -*-===//
#pragma once

#include "clang/Basic/Diagnostic.h"

namespace clang {
class NamedDecl;
}

namespace cudalower {

/// True for Clang errors that nvcc only warns about: a __host__ __device__
/// function using a function or a variable of one side only (#20011-D,
/// #20014-D, #20094-D).
bool isOnlyAWarningForNvcc(const clang::Diagnostic &Info);

/// The declaration a cross-space error (`reference to __host__ function ...
/// in __device__ function`) is about, or null for other errors.
const clang::NamedDecl *crossSpaceTarget(const clang::Diagnostic &Info);

} // namespace cudalower

//===--- CrossSpaceCalls.h - Calls across execution spaces ------*- C++ -*-===//
//
// nvcc: a __host__ __device__ function that uses a function or a variable
// of one side only compiles with a warning (#20011-D, #20014-D, #20094-D),
// and the use is an error only if that side's code is generated.
// Clang: an error (`reference to __host__ function ... in __host__
// __device__ function`).
// cuda-lower: the parse goes on, and keeps the place and the callee for the
// exec-space rules (Clang may drop the statement from the AST);
// verification accepts such an error of the output that the input had
// (crossSpaceKeys). Tests: lit exec-space-host-call-from-hd/*,
// engine/error-limit.test; unit VerificationTest.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/Diagnostic.h"

#include <string>
#include <vector>

namespace clang {
class NamedDecl;
} // namespace clang

namespace cudalower {

/// True for Clang errors that nvcc only warns about: a __host__ __device__
/// function using a function or a variable of one side only (#20011-D,
/// #20014-D, #20094-D).
bool isOnlyAWarningForNvcc(const clang::Diagnostic &Info);

/// The declaration a cross-space error (`reference to __host__ function ...
/// in __device__ function`) is about, or null for other errors.
const clang::NamedDecl *crossSpaceTarget(const clang::Diagnostic &Info);

/// Keys that identify a cross-space error across two parses of one program,
/// before and after a rewrite: where it is (\p File, \p Offset in the file
/// as read), and what it refers to (a callee, which keeps its name when
/// the code around the call moves into a functor). Verification accepts a
/// cross-space error of the output that the input had under one of them.
/// \p Target is the qualified name of what the error refers to, or "".
std::vector<std::string> crossSpaceKeys(const std::string &File,
                                        unsigned Offset,
                                        const std::string &Target);

} // namespace cudalower

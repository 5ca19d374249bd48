//===--- LambdaTraits.h - nvcc's extended-lambda traits ---------*- C++ -*-===//
//
// nvcc: `__nv_is_extended_device_lambda_closure_type(T)` and its two
// siblings are builtins, true for the closure type of an extended lambda
// (§5.3.8.3).
// Clang: unknown names.
// cuda-lower: every parse defines them as a trait that is always false
// (`(__is_same(T, void) && false)`, CompilationSetup::commandFor), as they
// are for the functors it writes; lower-extended-lambda finds the lambdas
// they classify. Code that needs them true (a static_assert, an enable_if)
// keeps needing --extended-lambda, and its error says so (the hint below).
// Tests: lit lower-extended-lambda/trait-dispatch.cu,
// trait-static-assert.cu, guards.cu.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Nvcc/ErrorContext.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace cudalower {

/// For an error (with its notes, \p Held) about one of nvcc's lambda
/// traits: it is written in one, quotes one, or is a static_assert on a
/// variable initialised from one (seen from \p Where). What to tell the
/// user; "" for any other error.
std::string lambdaTraitHint(llvm::ArrayRef<clang::StoredDiagnostic> Held,
                            const ErrorContext &Where);

} // namespace cudalower

//===--- LenientConstexpr.h - Constexpr spellings nvcc accepts --*- C++ -*-===//
//
// nvcc's front end (EDG) checks a constant expression only where it is
// evaluated; Clang checks some of them where they are written. Two such
// differences stop libraries (cuCollections) from parsing, and each has a
// spelling both compilers accept, which the parse uses (SpellingFixes.def)
// and rule nvcc-lenient-constexpr writes:
//
// - `if constexpr (this->has_payload)`, a static data member named through
//   `this`: `C::has_payload`, the class's own member;
// - a constexpr function that defines a variable of non-literal type (a
//   `std::vector`), which before C++23 can never be a constant expression:
//   the function without `constexpr` (`inline` in its place, which it was
//   implicitly);
// - a constexpr function without an execution space, which nvcc reads as
//   `__host__` and Clang as `__host__ __device__`
//   (-fcuda-host-device-constexpr): on its device side Clang's overload
//   resolution prefers a `__device__` overload that nvcc never considers
//   there, and instantiating it fails (cuCollections' `hyperloglog::clear`
//   picking `clear(CG const&)` for a `cuda::stream_ref`). `__host__` on
//   each declaration, which changes nothing for nvcc, with or without
//   --expt-relaxed-constexpr.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Nvcc/ErrorContext.h"
#include "Nvcc/FixSite.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace cudalower {

/// `this->` to replace with the class's name for Clang's `constexpr if
/// condition is not a constant expression` whose note is a use of `this`,
/// where `this->NAME` names a static data member declared in the class of
/// the member function \p Where is in; none otherwise (a member of a base
/// class, a spelling in a macro, any other error). \p Held: the error and
/// its notes.
std::optional<ParseFixSite>
staticMemberThisFix(llvm::ArrayRef<clang::StoredDiagnostic> Held,
                    const ErrorContext &Where);

/// `constexpr` to replace with `inline` for Clang's `variable of
/// non-literal type ... cannot be defined in a constexpr function before
/// C++23`, in the function \p Where is in. Only for a function that is not
/// a constructor (whether a class is literal depends on its constructors),
/// not declared for the device (`__device__`, `__global__` spelled, where
/// nvcc without --expt-relaxed-constexpr treats constexpr differently;
/// Clang's implicit `__host__ __device__` does not count), not
/// declared `inline` already, with `constexpr` spelled once in its
/// declaration outside any macro.
std::optional<ParseFixSite>
nonLiteralConstexprFix(const clang::StoredDiagnostic &Error,
                       const ErrorContext &Where);

/// The constexpr function without an execution space whose device side
/// asked, in \p Where's chain of instantiations, for the instantiation of
/// a `__device__` function (the innermost such pair): none outside the
/// device pass, or if no such pair leads to the error.
const clang::FunctionDecl *hostDeviceConstexprCaller(const ErrorContext &Where);

/// `__host__ ` before `constexpr` in every declaration of
/// hostDeviceConstexprCaller(\p Where), for an error of the device pass
/// that lies in an instantiation it asked for. None if some declaration
/// does not spell `constexpr` once, outside macros.
std::optional<ParseFixSite>
hostOnlyConstexprFix(const clang::StoredDiagnostic &Error,
                     const ErrorContext &Where);

/// What nvcc accepts and what both compilers accept, for each of the three
/// errors above; "" for any other error.
std::string staticMemberThisHint(llvm::ArrayRef<clang::StoredDiagnostic> Held,
                                 const ErrorContext &Where);
std::string nonLiteralConstexprHint(llvm::ArrayRef<clang::StoredDiagnostic> Held,
                                    const ErrorContext &Where);
std::string hostOnlyConstexprHint(llvm::ArrayRef<clang::StoredDiagnostic> Held,
                                  const ErrorContext &Where);

} // namespace cudalower

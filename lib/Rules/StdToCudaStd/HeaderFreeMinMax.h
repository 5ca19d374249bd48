//===--- HeaderFreeMinMax.h - std::min/max with no header ---*- C++ -*-===//
//
// cuda::std::min and cuda::std::max live in libcu++ headers that cost nvcc
// about a second per translation unit (CCCL 3.0 has no <cuda/std/algorithm>;
// the narrowest public header that declares them pulls in <functional> or
// <bitset>). Every CUDA compilation already has CUDA's own __host__
// __device__ ::min and ::max overloads (crt/math_functions.hpp, included
// by cuda_runtime.h). For two integers of one type they compute exactly
// what std::min and std::max compute; for other arithmetic types, std::min's
// definition written out as a conditional expression does. This file
// decides when a call may be spelled either way, which needs no header.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class CallExpr;
} // namespace clang

namespace cudalower {

/// A spelling of a std::min or std::max call that needs no header.
struct HeaderFreeSpelling {
  enum SpellingKind {
    /// `std::min(a, b)` -> `::min(a, b)`: Text ("::min" or "::max")
    /// replaces the qualified name.
    CudaOverload,
    /// `std::min(a, b)` -> `(b < a ? b : a)`, std::min's own definition
    /// written out: Text replaces the whole call.
    Conditional,
  } Kind;
  /// What is replaced (the qualifier `std::`, or the whole call) and by
  /// what.
  clang::CharSourceRange Range;
  std::string Text;

  /// The warning for the call to std::\p Name (`min` or `max`).
  std::string message(llvm::StringRef Name) const;
};

/// How the call \p Call to std::min or std::max (as written in device code,
/// outside any template instantiation) can be spelled with no header and
/// mean the same, if it can:
///  - two arguments, no comparator and no explicit template argument;
///  - both of one arithmetic type T;
///  - the result is used as a value (std::min returns a reference; one
///    bound to a reference or whose address is taken is left alone);
///  - not constant-evaluated: not in a constexpr or consteval function, a
///    constexpr variable, a variable of static storage (a __device__
///    variable needs a constant initializer), a template argument or any
///    other constant expression: CUDA's overloads are not constexpr, and
///    the conditional is kept to the same contexts.
/// Then, for int, long, long long and their unsigned forms, CUDA's own
/// overload when the global namespace's `min` (`max`) is CUDA's alone and
/// no macro (CudaOverload). Otherwise (floating point: CUDA's overloads are
/// fminf/fmaxf, which differ on NaN; narrow types: they would be promoted)
/// the conditional, when evaluating each argument twice means the same as
/// evaluating it once (Conditional): std::min binds both to references and
/// reads the chosen one again, so an argument that designates an object
/// (a variable, member, element, dereference) without side effects reads
/// the same object; a constant reads the same value.
/// Otherwise std::nullopt: the call becomes cuda::std::min with its header.
std::optional<HeaderFreeSpelling> headerFreeMinMax(const clang::CallExpr &Call,
                                                   clang::ASTContext &Ctx);

} // namespace cudalower

//===--- HeaderFreeMinMax.h - std::min/max with no header ---*- C++ -*-===//
//
// cuda::std::min and cuda::std::max live in libcu++ headers that cost nvcc
// about a second per translation unit (CCCL 3.0 has no <cuda/std/algorithm>;
// the narrowest public header that declares them pulls in <functional> or
// <bitset>). Every CUDA compilation already has CUDA's own __host__
// __device__ ::min and ::max overloads (crt/math_functions.hpp, included
// by cuda_runtime.h). For two integers of one type they compute exactly
// what std::min and std::max compute; this file decides when a call may
// use them, which needs no header at all.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include <optional>

namespace clang {
class ASTContext;
class CallExpr;
} // namespace clang

namespace cudalower {

/// "::min" or "::max" when the call \p Call to std::min or std::max (as
/// written in device code, outside any template instantiation) can call
/// CUDA's overload instead and mean the same:
///  - two arguments, no comparator and no explicit template argument;
///  - both of one integer type that CUDA overloads exactly (int, long,
///    long long and their unsigned forms): floating point is left alone,
///    since CUDA's float overloads are fminf/fmaxf, which differ on NaN;
///  - the result is used as a value (std::min returns a reference; one
///    bound to a reference or whose address is taken is left alone);
///  - not constant-evaluated: not in a constexpr or consteval function, a
///    constexpr variable, a variable of static storage (a __device__
///    variable needs a constant initializer), a template argument or any
///    other constant expression: CUDA's overloads are not constexpr;
///  - the global namespace's `min` (or `max`) is CUDA's and no macro.
/// Otherwise std::nullopt: the call becomes cuda::std::min with its header.
std::optional<llvm::StringRef> headerFreeMinMax(const clang::CallExpr &Call,
                                                clang::ASTContext &Ctx);

} // namespace cudalower

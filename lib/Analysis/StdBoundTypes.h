//===--- StdBoundTypes.h - Expressions whose std type must stay -*- C++ -*-===//
//
// A std class written in device code may become a cuda::std class only if
// nothing it flows into insists on the std type: an argument of a parameter
// declared `const std::tuple<P, S...> &` in a function the rewrite leaves as
// it is (a __host__ __device__ function, a library's), the operand of a
// return from a function whose return type stays std. This finds those
// places, in every instantiation, so that std-to-cuda-std leaves the types
// written there (and says why) instead of breaking the call.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/SourceLocation.h"
#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace cudalower {

class RuleContext;

/// Text of the project's code whose type must stay the std type it has.
struct StdBoundRange {
  clang::SourceRange Range; ///< File locations (macros expanded).
  std::string Why;          ///< "a parameter of 'rank' ('const std::tuple<tag, tag> &')"
};

/// True if the parameters and return type of \p FD keep their std types
/// through the rewrite: they are not the project's device-only code (whose
/// signature is rewritten with its body), nor, with \p RewriteInterfaceTypes,
/// the project's kernels and __host__ __device__ functions; std's own
/// functions are rewritten with their arguments.
bool signatureStaysStd(const clang::FunctionDecl &FD, RuleContext &Ctx,
                       bool RewriteInterfaceTypes);

/// The expressions (and the declared types of the locals they name) of the
/// project's code that flow into a std-typed parameter or return that stays.
std::vector<StdBoundRange> findStdBoundRanges(RuleContext &Ctx,
                                              bool RewriteInterfaceTypes);

/// The entry of \p Ranges that holds \p Loc, or null.
const StdBoundRange *findBound(const std::vector<StdBoundRange> &Ranges,
                               clang::SourceLocation Loc,
                               const clang::SourceManager &SM);

} // namespace cudalower

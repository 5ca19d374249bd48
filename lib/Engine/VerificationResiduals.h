//===--- VerificationResiduals.h - What the output still needs a flag for -*- C++ -*-===//
//
// Plain nvcc refuses what Clang accepts without a word: a lambda still
// annotated __host__ or __device__ ("requires --extended-lambda"), and
// device code calling a constexpr function that is a host function for
// nvcc (Clang makes every constexpr function __host__ __device__). The
// verification parse of the rewritten code looks for both in the user's
// files.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Engine/Ownership.h"
#include "Engine/VerificationReport.h"
#include "cudalower/Rule.h"
#include "clang/AST/ASTContext.h"
#include <vector>

namespace cudalower {

/// Adds to \p Out what the files \p Owned owns still need a flag for, in
/// \p Ctx's translation unit as \p Pass sees it.
void findResiduals(clang::ASTContext &Ctx, FileOwnership &Owned,
                   std::vector<RawProblem> &Out, CompilationPass Pass);

} // namespace cudalower

//===--- SystemHeaderLambdas.h - Lambdas of -isystem libraries --*- C++ -*-===//
//
// nvcc without --extended-lambda drops the annotation of an extended lambda
// written in a header found with -isystem (CMake's way with the include
// directories of imported targets) without a word, and fails where the
// template holding it is instantiated. The rules' matchers skip system
// headers (Thrust and CUB would cost too much), so these lambdas are found
// by a walk of their own over the declarations of such headers alone.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cudalower/Rule.h"
#include "clang/AST/ExprCXX.h"
#include <vector>

namespace cudalower {

/// The lambdas in template instantiations declared in system headers that
/// are not the toolchain's (RuleContext::isToolchainFile), in \p Ctx's
/// translation unit.
std::vector<const clang::LambdaExpr *>
lambdasInLibrarySystemHeaders(clang::ASTContext &Ctx, RuleContext &Rules);

} // namespace cudalower

//===--- LambdaLocalDependencies.h - Locals a lowered lambda takes -*- C++ -*-//
//
// A lowered lambda's functor copies the function's local aliases, constants
// and types that its body (or a copied declaration) uses: planLocals, one
// closure over all three (LambdaPlanner, Lowering.h). Once copied, a local
// that nothing else in the function uses would stay behind unused (nvcc
// warning #177-D): it is retired, that is its declarator is removed.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <vector>

namespace clang {
class ASTContext;
class Decl;
class DeclaratorDecl;
class Stmt;
} // namespace clang

namespace cudalower::lowering {

/// Where \p D's own declarator starts: its name, or the first `*`, `&` or
/// `(` before it (`*p` in `int *p, n;`). Invalid when a macro spells it.
clang::SourceLocation declaratorBegin(const clang::DeclaratorDecl &D,
                                      const clang::ASTContext &Ctx);

/// Each retired local, and the range of text that removes it.
using RetiredRanges =
    llvm::DenseMap<const clang::Decl *, clang::CharSourceRange>;

/// The locals of \p Candidates that nothing in \p Body but lowered lambdas
/// (\p InLowered) and other retired locals uses, each with the range that
/// removes it: the whole statement, with its line when it stands alone
/// there, when every declarator of the statement retires, else only the
/// retiring declarators with their commas (`const int a = 1, b = 2;` keeps
/// `const int b = 2;`). Locals whose statement a macro spells stay.
/// Several locals of one statement may share one range.
RetiredRanges
retireLocals(const std::vector<const clang::Decl *> &Candidates,
             const clang::Stmt &Body,
             llvm::function_ref<bool(clang::SourceLocation)> InLowered,
             clang::ASTContext &Ctx);

} // namespace cudalower::lowering

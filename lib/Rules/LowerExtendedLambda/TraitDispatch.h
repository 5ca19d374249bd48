//===--- TraitDispatch.h - Lambdas that nvcc's traits classify --*- C++ -*-===//
//
// nvcc's __nv_is_extended_*_lambda_* traits (§5.3.8.3) are true for the
// closure type of an extended lambda and false for any class, so a library
// that dispatches on them (CCCL's STF launchers do) takes another path, or
// fails a static_assert, once the lambda is a functor. This finds, in every
// instantiation, the lambdas such a trait is asked about.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Rules/LowerExtendedLambda/LambdaSpace.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class ASTContext;
class LambdaExpr;
} // namespace clang

namespace cudalower {

/// One of nvcc's lambda traits, asked about a closure type.
struct TraitQuery {
  llvm::StringRef Trait;      ///< e.g. "__nv_is_extended_device_lambda_closure_type"
  clang::SourceLocation Where; ///< Where the trait is written (expansion).
};

/// True if nvcc answers \p Trait with true for a lambda written with space
/// \p Space (and, for the preserved-return-type trait, a trailing return
/// type): then a functor would get another answer.
bool nvccAnswersTrue(llvm::StringRef Trait, LambdaSpace Space,
                     bool TrailingReturnType);

/// The traits asked about each lambda, found in the whole translation unit,
/// template instantiations and headers outside the project included. The
/// tool defines each trait as `(__is_same(T, void) && false)` (see
/// CompilationSetup), so the type asked about stays in the AST.
class TraitQueries {
public:
  static TraitQueries find(clang::ASTContext &Ctx);
  /// The first trait asked about \p L whose answer lowering would change,
  /// or null.
  const TraitQuery *changedAnswer(const clang::LambdaExpr &L) const;

private:
  /// Keyed by the closure class's location, which a template's pattern and
  /// its instantiations share.
  llvm::DenseMap<clang::SourceLocation, llvm::SmallVector<TraitQuery, 1>>
      ByLambda;
};

} // namespace cudalower

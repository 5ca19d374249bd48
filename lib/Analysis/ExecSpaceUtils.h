//===--- ExecSpaceUtils.h - Execution spaces as nvcc sees them --*- C++ -*-===//
//
// Shared by the exec-space-* and constexpr-* rules. Clang and nvcc disagree
// on some execution spaces: Clang makes constexpr functions and plain lambdas
// implicitly __host__ __device__, nvcc does not (without
// --expt-relaxed-constexpr / --extended-lambda). These helpers answer as nvcc
// does, using whether Clang's attributes are implicit.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"

#include "Analysis/DeviceCode.h"

namespace clang {
class ASTContext;
class LambdaExpr;
} // namespace clang

namespace cudalower {

/// The execution space nvcc, without --expt-relaxed-constexpr, gives \p FD:
/// its explicit annotations; for a lambda's call operator without any, the
/// space of the function around the lambda; for implicit or defaulted
/// special members, the space Clang inferred from their callers (nvcc infers
/// it the same way, §5.3.10.6.4); `std::move`, `std::forward` and the members
/// of `std::initializer_list` are __host__ __device__ (§5.3.11.7-8);
/// builtins are callable everywhere. Anything else is __host__, including
/// the constexpr functions Clang makes implicitly __host__ __device__.
ExecSpace nvccExecSpace(const clang::FunctionDecl &FD);

/// True if \p FD is declared in namespace `std` or a namespace nested in it
/// (members of std classes included).
bool isInStdNamespace(const clang::Decl &FD);

/// The name of the outermost named namespace around \p D ("thrust" for
/// `thrust::THRUST_NS::detail::foo`), or "" at global scope.
llvm::StringRef outermostNamespace(const clang::Decl &D);

/// "__device__", "__host__ __device__", ... as written in CUDA source.
llvm::StringRef spelling(ExecSpace S);

/// The function whose body holds \p S: the call operator for code inside a
/// lambda (then \p Lambda, if given, is set to the lambda), null for code
/// outside any function (e.g. a global initialiser or a default member
/// initialiser).
const clang::FunctionDecl *
enclosingFunction(const clang::Stmt &S, clang::ASTContext &Ctx,
                  const clang::LambdaExpr **Lambda = nullptr);

/// True if \p E is in an unevaluated operand (`sizeof`, `alignof`,
/// `decltype`, `noexcept`, a non-polymorphic `typeid`), where calling a
/// host function from device code is fine.
bool isInUnevaluatedOperand(const clang::Expr &E, clang::ASTContext &Ctx);

/// The declaration to annotate for a call to \p FD: the template pattern
/// for a specialization instantiated from a template (or a member of a
/// class template), \p FD itself otherwise.
const clang::FunctionDecl *annotationTarget(const clang::FunctionDecl &FD);

/// Where to insert an execution-space annotation on declaration \p FD: the
/// start of its declaration specifiers (after `template <...>`).
clang::SourceLocation annotationLoc(const clang::FunctionDecl &FD);

/// `'name'` as shown in messages, qualified ('S::get', 'std::min'), of the
/// template for a specialization; "lambda" for a lambda's call operator.
std::string quotedName(const clang::FunctionDecl &FD);

} // namespace cudalower

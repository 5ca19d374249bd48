//===--- LambdaSpace.h - The space and place of an extended lambda -*- C++ -*-//
//
// What the lambda rule asks about a lambda's execution space and where it
// sits: the space written on it, the function nvcc calls its enclosing
// function, the namespace-scope variable it initialises. Kept in one place
// so that the switch to the shared execution-space model of lib/Analysis is
// one change.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace clang {
class FunctionDecl;
class LambdaExpr;
class VarDecl;
} // namespace clang

namespace cudalower {

/// The execution space written on a lambda: None for a plain lambda.
enum class LambdaSpace { None, Device, HostDevice, Host };

/// The space the user wrote (implicit attributes, which Clang adds to every
/// lambda, do not count).
LambdaSpace writtenLambdaSpace(const clang::LambdaExpr &L);

/// The annotation that writes \p S on a functor or a lambda:
/// `__host__ __device__` or `__device__`.
const char *spaceName(LambdaSpace S);

/// The function that nvcc calls the "enclosing function" (§5.3.8.4): the
/// function whose body holds the lambda, looking through plain lambdas that
/// enclose it. Null at namespace or class scope.
const clang::FunctionDecl *enclosingFunction(const clang::LambdaExpr &L);

/// The namespace-scope variable whose initialiser is \p L
/// (`auto square = [] __host__ __device__ (int i) {...};`), or null: the
/// functor of such a lambda goes before the variable. Variable templates
/// and static data members are not handled.
const clang::VarDecl *namespaceScopeOwner(const clang::LambdaExpr &L);

} // namespace cudalower

//===--- ExecSpace.h - Execution spaces as nvcc sees them -------*- C++ -*-===//
//
// The one model of execution spaces. Clang and nvcc disagree on some: Clang
// makes constexpr functions and plain lambdas implicitly __host__ __device__,
// nvcc does not (without --expt-relaxed-constexpr / --extended-lambda).
// writtenExecSpace() reads what the user wrote; nvccExecSpace() resolves a
// function's space as nvcc does. Where code sits (its function, its lambda,
// whether it is evaluated) comes from a walk down the AST
// (Analysis/CodeContext.h), never from a parent map.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace cudalower {

/// An execution space as nvcc assigns it.
enum class ExecSpace { Host, Device, HostDevice, Global };

/// True if nvcc compiles a body in \p S for the device.
inline bool runsOnDevice(ExecSpace S) { return S != ExecSpace::Host; }

/// "__device__", "__host__ __device__", ... as written in CUDA source.
llvm::StringRef spelling(ExecSpace S);

/// True if \p D carries an attribute of type \p AttrT written in the source
/// (Clang also adds implicit ones, e.g. __host__ __device__ on constexpr
/// functions).
template <typename AttrT> bool hasExplicitAttr(const clang::Decl &D) {
  for (const AttrT *A : D.specific_attrs<AttrT>())
    if (!A->isImplicit())
      return true;
  return false;
}

/// The space written on \p FD: its explicit `__global__`, `__host__` and
/// `__device__` attributes, __host__ when it has none.
ExecSpace writtenExecSpace(const clang::FunctionDecl &FD);

/// True if \p FD has an explicit `__global__`, `__host__` or `__device__`.
bool hasWrittenExecSpace(const clang::FunctionDecl &FD);

/// The execution space nvcc, without --expt-relaxed-constexpr, gives \p FD:
/// its explicit annotations; for a lambda's call operator without any, the
/// space of the function around the lambda; for implicit or defaulted
/// special members, the space Clang inferred from their callers (nvcc infers
/// it the same way, §5.3.10.6.4); `std::move`, `std::forward` and the members
/// of `std::initializer_list` are __host__ __device__ (§5.3.11.7-8);
/// builtins are callable everywhere; the `std::min`/`std::max` of Clang's
/// cuda_wrappers are the standard library's __host__ ones for nvcc. Anything
/// else is __host__, including the constexpr functions Clang makes
/// implicitly __host__ __device__.
ExecSpace nvccExecSpace(const clang::FunctionDecl &FD);

/// The execution space of code written directly in \p DC, from what is
/// written: a lambda without attributes takes the space of the code around
/// it; a __device__ or __host__ __device__ lambda its own.
ExecSpace execSpaceOf(const clang::DeclContext *DC);

/// True if the memory space of \p VD is written as __device__, __constant__,
/// __shared__ or __managed__ (Clang implicitly marks constexpr variables
/// __constant__ in the device pass; nvcc does not).
bool hasExplicitMemorySpace(const clang::VarDecl &VD);

/// True for the call operator of a lambda's class.
bool isLambdaCallOperator(const clang::FunctionDecl &FD);

/// The function whose body declares \p D (for local variables, local classes
/// and lambda classes: a lambda's class sits in the function that writes the
/// lambda), or null at namespace scope.
const clang::FunctionDecl *enclosingFunction(const clang::Decl &D);

/// True if \p D is declared in namespace `std` or a namespace nested in it
/// (members of std classes included).
bool isInStdNamespace(const clang::Decl &D);

/// The name of the outermost named namespace around \p D ("thrust" for
/// `thrust::THRUST_NS::detail::foo`), or "" at global scope.
llvm::StringRef outermostNamespace(const clang::Decl &D);

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

//===--- DeviceCode.h - Which code nvcc compiles for the GPU ----*- C++ -*-===//
//
// Clang and nvcc disagree on execution spaces in one important way: Clang
// makes every constexpr function (and every unannotated lambda) implicitly
// __host__ __device__, nvcc without --expt-relaxed-constexpr does not. Rules
// that reason about "device code" ask these helpers, which answer as nvcc
// does, and separately say which host constexpr functions device code calls
// (what --expt-relaxed-constexpr compiled for the GPU in the original build).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

namespace cudalower {

/// An execution space as nvcc assigns it.
enum class ExecSpace { Host, Device, HostDevice, Global };

/// True if \p D carries attribute \p A written by the user (Clang also adds
/// implicit ones, e.g. __host__ __device__ on constexpr functions).
template <typename A> bool hasExplicitAttr(const clang::Decl *D) {
  const auto *Attr = D->getAttr<A>();
  return Attr && !Attr->isImplicit();
}

/// The execution space nvcc gives \p FD without --expt-relaxed-constexpr:
/// its written attributes; for an unannotated lambda, the space of the
/// function it is defined in; for an implicit or defaulted special member,
/// Clang's inference (which follows the same rule as nvcc, §5.3.10.6.4).
/// Clang's implicit attributes on constexpr functions are ignored.
ExecSpace nvccExecSpace(const clang::FunctionDecl *FD);

/// True if nvcc compiles a body in \p S for the device.
inline bool runsOnDevice(ExecSpace S) { return S != ExecSpace::Host; }

/// True if the memory space of \p VD is written as __device__, __constant__,
/// __shared__ or __managed__ (Clang implicitly marks constexpr variables
/// __constant__ in the device pass; nvcc does not).
bool hasExplicitMemorySpace(const clang::VarDecl *VD);

/// The function, or lambda call operator, whose *body* holds \p S; null if
/// \p S is outside every body (namespace scope, a class member declaration,
/// a function's declarator such as a trailing return type).
const clang::FunctionDecl *enclosingFunctionBody(const clang::Stmt &S,
                                                 clang::ASTContext &Ctx);

/// The function whose body declares \p D (for local variables and local
/// classes), or null.
const clang::FunctionDecl *enclosingFunction(const clang::Decl &D);

/// True if \p S is in a context that is never evaluated at run time:
/// sizeof/alignof/decltype/noexcept/typeid of a type, an array bound, a
/// template argument, a static_assert, an `if constexpr` condition, or the
/// initialiser of a constexpr variable.
bool isConstantOrUnevaluated(const clang::Stmt &S, clang::ASTContext &Ctx);

/// Which function bodies of one translation unit nvcc compiled for the GPU
/// in the original build: every body whose nvccExecSpace runs on the device,
/// plus the host constexpr functions that such bodies call at run time
/// (--expt-relaxed-constexpr compiles those for the GPU too), transitively.
/// A call "at run time" is one nvcc cannot fold: the callee is not
/// constexpr, or its arguments are not constant.
class DeviceCodeIndex {
public:
  /// Walks the translation unit once. Bodies in files \p IsUserOwned rejects
  /// are searched only when device code reaches them (kernels excepted).
  DeviceCodeIndex(clang::ASTContext &Ctx,
                  llvm::function_ref<bool(clang::SourceLocation)> IsUserOwned);

  /// True if the body of \p FD is device code (see the class comment).
  bool isDeviceCode(const clang::FunctionDecl *FD) const;

  /// For a constexpr function that device code calls at run time, the
  /// device-side caller found first; null otherwise.
  const clang::FunctionDecl *
  runTimeCaller(const clang::FunctionDecl *FD) const;

  /// runTimeCaller() of a *host* constexpr function: set only for the host
  /// functions that --expt-relaxed-constexpr made device code.
  const clang::FunctionDecl *
  relaxedConstexprCaller(const clang::FunctionDecl *FD) const;

private:
  /// Constexpr function (canonical) -> a device-side caller at run time.
  llvm::DenseMap<const clang::FunctionDecl *, const clang::FunctionDecl *>
      RuntimeCallers;
};

} // namespace cudalower

//===--- DeviceCode.h - Which code nvcc compiles for the GPU ----*- C++ -*-===//
//
// Which function bodies nvcc compiled for the GPU in the original build:
// those whose space (Analysis/ExecSpace.h) runs on the device, and the host
// constexpr functions that device code calls, which --expt-relaxed-constexpr
// compiled for the GPU too.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/ExecSpace.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

namespace cudalower {

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

//===--- DeviceToHostCalls.h - Calls from device code to the host -*- C++
//-*-===//
//
// Where device code calls a function nvcc compiles for the host only: what
// host-call-from-device, constexpr-host-call and std-to-cuda-std fix
// (DeviceCallable.h plans the fix).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/ExecSpace.h"
#include "cudalower/Rule.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <string>
#include <vector>

namespace cudalower {

/// A call from code nvcc compiles for the GPU to a function it compiles for
/// the host only.
struct DeviceToHostCall {
  const clang::FunctionDecl *Caller = nullptr;
  /// The caller's space: Device, Global or HostDevice.
  ExecSpace CallerSpace = ExecSpace::Host;
  const clang::FunctionDecl *Callee = nullptr;
  clang::SourceLocation Loc;
};

/// The calls from device code to __host__ functions, as nvcc without
/// --expt-relaxed-constexpr sees them, spelled in code the user owns: the
/// CallExprs and CXXConstructExprs of the AST (walk order), then the calls
/// from __host__ __device__ functions that Clang reported as wrong-side
/// references in this pass (it may have dropped their statements). Calls
/// in unevaluated operands, to lambdas and to consteval functions are not
/// counted. A plain lambda that exec-space-lambda-to-device makes a device
/// lambda counts as device code when that rule runs.
std::vector<DeviceToHostCall> findDeviceToHostCalls(RuleContext &Ctx);

/// "__device__ function 'f'", "__host__ __device__ lambda", ...
std::string describeCaller(const DeviceToHostCall &C);

/// Where \p Call (a call or a construction) names its callee: the function
/// name, the member name, the operator, or the constructed variable. Clang
/// reports wrong-side references there too, so every way of finding a call
/// agrees on it.
clang::SourceLocation callReferenceLoc(const clang::Expr &Call);

} // namespace cudalower

//===--- DeviceCallable.h - Host functions made GPU-callable ----*- C++ -*-===//
//
// Shared by constexpr-host-call and exec-space-host-call-from-hd: the calls
// from device code to functions nvcc compiles for the host only, and the fix
// that annotates such a function __host__ __device__, together with every
// host function it calls in turn, provided all of them are user code whose
// body is valid device code.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/DeviceToHostCalls.h"
#include "Analysis/ExecSpace.h"
#include "cudalower/Rule.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudalower {

/// A step of a call chain: \p Callee is reached through the call at \p Loc.
struct CallStep {
  const clang::FunctionDecl *Callee;
  clang::SourceLocation Loc;
};

/// What stops a function from being made __host__ __device__.
struct Blocker {
  clang::SourceLocation Loc;
  /// The function at fault: the callee or one it calls, directly or not.
  const clang::FunctionDecl *Culprit = nullptr;
  /// What it does, e.g. "throws an exception".
  std::string What;
  /// Why that stops the fix, e.g. "device code does not support exceptions".
  std::string Why;
  /// True when the culprit is declared outside the files the user owns.
  bool Outside = false;
};

/// The fix for a call from device code to a host function.
struct DeviceCallablePlan {
  /// The calls through which each function to annotate is reached, the
  /// callee itself first (with the original call's location). Each Callee
  /// is the declaration to annotate (a template pattern, not a
  /// specialization).
  std::vector<CallStep> ToAnnotate;
  /// Set if the fix is impossible.
  std::optional<Blocker> Block;
  /// For a blocked plan: the calls leading from the callee to the function
  /// holding the blocker, the callee's own call first.
  std::vector<CallStep> Chain;
};

/// Computes, and caches per callee, how to make host functions callable
/// from device code. Functions whose body cannot run on the GPU (exceptions,
/// RTTI, `long double`, host variables, calls to host functions that cannot
/// be fixed in turn, virtual functions, no visible definition) block the fix.
class DeviceCallablePlanner {
public:
  /// With \p LeaveStdToStdRule, calls to `std::` functions found on the way
  /// are left alone: std-to-cuda-std rewrites them in the same run.
  DeviceCallablePlanner(RuleContext &Ctx, bool LeaveStdToStdRule);
  ~DeviceCallablePlanner();

  /// The plan for making \p Callee, called at \p CallLoc, device-callable.
  const DeviceCallablePlan &plan(const clang::FunctionDecl &Callee,
                                 clang::SourceLocation CallLoc);

private:
  class Walker;
  RuleContext &Ctx;
  bool LeaveStdToStdRule;
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::unique_ptr<DeviceCallablePlan>>
      Cache;
};

/// Adds to \p D the edits of \p Plan: `__host__ __device__` (or `__device__`
/// where `__host__` is written already) before every declaration of every
/// function to annotate, and a note for each function made
/// __host__ __device__ only because the callee needs it.
void addAnnotationEdits(DiagBuilder &D, const DeviceCallablePlan &Plan,
                        RuleContext &Ctx);

/// Adds to \p D the notes explaining why \p Plan is blocked: the call
/// chain, then the blocker.
void addBlockerNotes(DiagBuilder &D, const DeviceCallablePlan &Plan);

/// Why \p Plan is blocked, for a message: "it throws an exception", "it
/// calls 'g', which is declared outside the project".
std::string describeBlock(const DeviceCallablePlan &Plan);

} // namespace cudalower

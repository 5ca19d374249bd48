//===--- HostCallFromDevice.h - Host functions called on the GPU -*- C++ -*-===//
//
// constexpr-host-call and exec-space-host-call-from-hd: one rule class with
// two specifications. Both fix a call from device code to a function nvcc
// compiles for the host only by annotating the callee (and the host
// functions it calls) __host__ __device__; they differ in the calls they
// handle and in what they say.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/DeviceCallable.h"
#include "cudalower/Rule.h"
#include "llvm/ADT/DenseSet.h"

namespace cudalower {

/// What one host-call rule handles and says.
struct HostCallSpec {
  /// True if the rule reports \p C (given which rule owns what).
  bool (*Handles)(const DeviceToHostCall &C, const FindingOwners &Owners);
  /// The finding, e.g. "__host__ function 'f' called from ...".
  std::string (*Message)(const DeviceToHostCall &C);
  /// How to do without annotating \p Callee, which the user does not own.
  std::string (*Alternatives)(const clang::FunctionDecl &Callee);
};

/// Reports the calls from device code to host functions that its
/// specification handles (from Analyses::deviceToHostCalls(), computed once
/// for both rules), plans the fix and makes it. Runs in the device pass
/// only, where calls resolve as in nvcc's device compilation (a host and a
/// device overload of one name pick differently in the host pass).
class HostCalleeFixRule : public Rule {
public:
  HostCalleeFixRule(llvm::StringRef Name, RuleContext &Ctx,
                    const HostCallSpec &Spec)
      : Rule(Name, Ctx), Spec(Spec) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &) final {}
  void check(const clang::ast_matchers::MatchFinder::MatchResult &) final {}
  void finishTranslationUnit() final;

private:
  void report(const DeviceToHostCall &C);

  const HostCallSpec &Spec;
  /// (call location, callee) pairs reported, found in the AST or in Clang's
  /// diagnostics.
  llvm::DenseSet<std::pair<const void *, const void *>> Reported;
};

/// Calls from device code to constexpr functions without __device__, which
/// nvcc accepts only with --expt-relaxed-constexpr (§5.3.11.3).
/// See docs/rules/constexpr-host-call.md.
extern const HostCallSpec ConstexprHostCallSpec;

/// Calls from __host__ __device__ (and device) code to __host__ functions
/// (constexpr ones too when constexpr-host-call does not run). nvcc only
/// warns about them in a __host__ __device__ function (#20011-D) and the
/// GPU code is then wrong. See docs/rules/exec-space-host-call-from-hd.md.
extern const HostCallSpec ExecSpaceHostCallFromHdSpec;

/// The two rules of Rules.def.
class ConstexprHostCall : public HostCalleeFixRule {
public:
  ConstexprHostCall(llvm::StringRef Name, RuleContext &Ctx)
      : HostCalleeFixRule(Name, Ctx, ConstexprHostCallSpec) {}
  static PreScanTriggers preScanTriggers();
  static void claimFindings(FindingOwners &Owners);
};
class ExecSpaceHostCallFromHd : public HostCalleeFixRule {
public:
  ExecSpaceHostCallFromHd(llvm::StringRef Name, RuleContext &Ctx)
      : HostCalleeFixRule(Name, Ctx, ExecSpaceHostCallFromHdSpec) {}
  static PreScanTriggers preScanTriggers();
};

} // namespace cudalower

//===--- ConstexprHostCall.cpp - Host constexpr functions in device code --===//

#include "Rules/ConstexprHostCall.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {

static constexpr llvm::StringLiteral StdRule = "std-to-cuda-std";

void ConstexprHostCall::registerMatchers(MatchFinder &Finder) {
  // Calls are resolved for the device in the device pass only (a host and
  // a device overload of one name pick differently in the host pass).
  if (context().getPass() != CompilationPass::Device)
    return;
  Planner = std::make_unique<DeviceCallablePlanner>(
      context(), context().isRuleEnabled(StdRule));
  Finder.addMatcher(callExpr().bind("call"), this);
  Finder.addMatcher(cxxConstructExpr().bind("call"), this);
}

/// How to get along without annotating \p Callee, which the user cannot.
static std::string alternatives(const FunctionDecl &Callee) {
  if (isInStdNamespace(Callee))
    return "call its cuda::std equivalent, write a __host__ __device__ "
           "replacement, or build with --expt-relaxed-constexpr";
  return "write a __host__ __device__ replacement, or build with "
         "--expt-relaxed-constexpr";
}

void ConstexprHostCall::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<Expr>("call");
  std::optional<DeviceToHostCall> C = asDeviceToHostCall(*Call, context());
  if (!C || !C->Callee->isConstexpr())
    return;
  std::string Message = "constexpr function " + quotedName(*C->Callee) +
                        " called from " + describeCaller(*C) +
                        " is not __device__ (nvcc needs "
                        "--expt-relaxed-constexpr)";
  const FunctionDecl &Target = *annotationTarget(*C->Callee);
  if (!context().isUserOwned(Target.getLocation())) {
    if (isInStdNamespace(Target) && context().isRuleEnabled(StdRule))
      return; // std-to-cuda-std reports and rewrites it
    diag(C->Loc, Message + "; it is declared outside the project: " +
                     alternatives(Target));
    return;
  }
  const DeviceCallablePlan &Plan = Planner->plan(*C->Callee, C->Loc);
  if (Plan.Block) {
    DiagBuilder D =
        diag(C->Loc, Message + "; it cannot be made __host__ __device__ "
                               "because " + describeBlock(Plan));
    addBlockerNotes(D, Plan);
    return;
  }
  DiagBuilder D = diag(C->Loc, Message);
  addAnnotationEdits(D, Plan, context());
}

} // namespace cudalower

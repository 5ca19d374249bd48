//===--- ExecSpaceHostCallFromHd.cpp - Host calls in device code ----------===//

#include "Rules/ExecSpaceHostCallFromHd.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {

void ExecSpaceHostCallFromHd::registerMatchers(MatchFinder &Finder) {
  // Calls are resolved for the device in the device pass only: there a
  // __host__ __device__ caller picks the device overload of a name.
  if (context().getPass() != CompilationPass::Device)
    return;
  Planner = std::make_unique<DeviceCallablePlanner>(
      context(), context().isRuleEnabled("std-to-cuda-std"));
  Finder.addMatcher(callExpr().bind("call"), this);
  Finder.addMatcher(cxxConstructExpr().bind("call"), this);
  Finder.addMatcher(functionDecl(isDefinition()).bind("function"), this);
}

/// What nvcc does with the call, by the caller's space.
static std::string consequence(const DeviceToHostCall &C) {
  if (C.CallerSpace != ExecSpace::HostDevice)
    return "nvcc rejects the call";
  return C.Callee->isConstexpr()
             ? "nvcc only warns (#20013-D) and the GPU code is wrong"
             : "nvcc only warns (#20011-D) and the GPU code is wrong";
}

void ExecSpaceHostCallFromHd::check(const MatchFinder::MatchResult &Result) {
  if (const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("function")) {
    if (runsOnDevice(nvccExecSpace(*FD)))
      DeviceSideFunctions.push_back(FD);
    return;
  }
  const auto *Call = Result.Nodes.getNodeAs<Expr>("call");
  std::optional<DeviceToHostCall> C = asDeviceToHostCall(*Call, context());
  if (C)
    report(*C);
}

const FunctionDecl *
ExecSpaceHostCallFromHd::functionAround(SourceLocation Loc) {
  const SourceManager &SM = context().getSourceManager();
  SourceLocation At = SM.getExpansionLoc(Loc);
  const FunctionDecl *Best = nullptr;
  for (const FunctionDecl *FD : DeviceSideFunctions) {
    SourceRange R(SM.getExpansionLoc(FD->getBeginLoc()),
                  SM.getExpansionLoc(FD->getEndLoc()));
    if (!SM.isPointWithin(At, R.getBegin(), R.getEnd()))
      continue;
    // The innermost one: a lambda inside a function, say.
    if (!Best || SM.isBeforeInTranslationUnit(
                     SM.getExpansionLoc(Best->getBeginLoc()), R.getBegin()))
      Best = FD;
  }
  return Best;
}

void ExecSpaceHostCallFromHd::onEndOfTranslationUnit() {
  if (context().getPass() != CompilationPass::Device)
    return;
  // Clang may have dropped the statement holding such a call, so these come
  // from its diagnostics rather than from the AST.
  for (const WrongSideReference &R : context().getWrongSideReferences()) {
    if (!R.Callee || nvccExecSpace(*R.Callee) != ExecSpace::Host ||
        !context().isUserOwned(R.Loc))
      continue;
    DeviceToHostCall C;
    C.Caller = functionAround(R.Loc);
    C.CallerSpace = ExecSpace::HostDevice;
    C.Callee = R.Callee;
    C.Loc = R.Loc;
    if (C.Caller)
      report(C);
  }
}

void ExecSpaceHostCallFromHd::report(const DeviceToHostCall &C) {
  // constexpr callees belong to constexpr-host-call when it runs.
  if (C.Callee->isConstexpr() && context().isRuleEnabled("constexpr-host-call"))
    return;
  SourceLocation At = context().getSourceManager().getFileLoc(C.Loc);
  if (!Reported.insert({At.getPtrEncoding(), C.Callee->getCanonicalDecl()})
           .second)
    return;
  std::string Message = "__host__ function " + quotedName(*C.Callee) +
                        " called from " + describeCaller(C) + "; " +
                        consequence(C);
  const DeviceCallablePlan &Plan = Planner->plan(*C.Callee, C.Loc);
  if (Plan.Block) {
    DiagBuilder D = diag(C.Loc, Message + "; it cannot be made __host__ "
                                          "__device__ because " +
                                    describeBlock(Plan));
    addBlockerNotes(D, Plan);
    return;
  }
  DiagBuilder D = diag(C.Loc, Message);
  addAnnotationEdits(D, Plan, context());
}

} // namespace cudalower

//===--- HostCallFromDevice.cpp - Host functions called on the GPU --------===//

#include "Rules/HostCallFromDevice.h"
#include "Analysis/Analyses.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cudalower {

void HostCalleeFixRule::finishTranslationUnit() {
  if (context().getPass() != CompilationPass::Device)
    return;
  for (const DeviceToHostCall &C : context().analyses().deviceToHostCalls())
    if (Spec.Handles(C, context().owners()))
      report(C);
}

void HostCalleeFixRule::report(const DeviceToHostCall &C) {
  SourceLocation At = context().getSourceManager().getFileLoc(C.Loc);
  if (!Reported.insert({At.getPtrEncoding(), C.Callee->getCanonicalDecl()})
           .second)
    return;
  std::string Message = Spec.Message(C);
  const FunctionDecl &Target = *annotationTarget(*C.Callee);
  if (!context().isUserOwned(Target.getLocation())) {
    if (isInStdNamespace(Target) && context().owners().StdRuleOwnsStdCallees)
      return; // std-to-cuda-std reports and rewrites it
    diag(C.Loc, Message + "; it is declared outside the project: " +
                    Spec.Alternatives(Target));
    return;
  }
  const DeviceCallablePlan &Plan =
      context().analyses().deviceCallablePlanner().plan(*C.Callee, C.Loc);
  if (Plan.Block) {
    DiagBuilder D = diag(C.Loc, Message + "; it cannot be made __host__ "
                                          "__device__ because " +
                                    describeBlock(Plan));
    addBlockerNotes(D, Plan);
    return;
  }
  if (Plan.ToAnnotate.empty()) {
    // An implicit member (a copy constructor, say) whose host-only callees
    // all lie outside the project: nothing here can be annotated.
    diag(C.Loc, Message + "; nothing in the project can be made __host__ "
                          "__device__ to fix it (what it calls is declared "
                          "outside the project)");
    return;
  }
  DiagBuilder D = diag(C.Loc, Message);
  addAnnotationEdits(D, Plan, context());
}

const HostCallSpec ConstexprHostCallSpec = {
    [](const DeviceToHostCall &C, const FindingOwners &) {
      return C.Callee->isConstexpr();
    },
    [](const DeviceToHostCall &C) {
      return "constexpr function " + quotedName(*C.Callee) + " called from " +
             describeCaller(C) +
             " is not __device__ (nvcc needs --expt-relaxed-constexpr)";
    },
    [](const FunctionDecl &Callee) -> std::string {
      if (isInStdNamespace(Callee))
        return "call its cuda::std equivalent, write a __host__ __device__ "
               "replacement, or build with --expt-relaxed-constexpr";
      return "write a __host__ __device__ replacement, or build with "
             "--expt-relaxed-constexpr";
    }};

const HostCallSpec ExecSpaceHostCallFromHdSpec = {
    [](const DeviceToHostCall &C, const FindingOwners &Owners) {
      return !C.Callee->isConstexpr() ||
             !Owners.ConstexprRuleOwnsConstexprCallees;
    },
    [](const DeviceToHostCall &C) {
      std::string Consequence =
          C.CallerSpace != ExecSpace::HostDevice ? "nvcc rejects the call"
          : C.Callee->isConstexpr()
              ? "nvcc only warns (#20013-D) and the GPU code is wrong"
              : "nvcc only warns (#20011-D) and the GPU code is wrong";
      return "__host__ function " + quotedName(*C.Callee) + " called from " +
             describeCaller(C) + "; " + Consequence;
    },
    [](const FunctionDecl &Callee) -> std::string {
      if (isInStdNamespace(Callee))
        return "call its cuda::std equivalent if there is one, write a "
               "__host__ __device__ replacement, or keep the call out of "
               "device code with #ifndef __CUDA_ARCH__";
      return "write a __host__ __device__ replacement, or keep the call out "
             "of device code with #ifndef __CUDA_ARCH__";
    }};

PreScanTriggers ConstexprHostCall::preScanTriggers() {
  static constexpr PreScanTriggers::Word Words[] = {
      {"constexpr", "has constexpr"},
      {"__CUDACC_RELAXED_CONSTEXPR__", "tests the flags' macros"},
  };
  return {PreScanTriggers::None, Words};
}

void ConstexprHostCall::claimFindings(FindingOwners &Owners) { Owners.ConstexprRuleOwnsConstexprCallees = true; }

PreScanTriggers ExecSpaceHostCallFromHd::preScanTriggers() {
  // Nothing for the wrapper to find: nvcc warns about such calls with or without the flags; the edit is for code that should run on the GPU, not for the build.
  return PreScanTriggers::nvccNeedsNone();
}

} // namespace cudalower

//===--- ExecSpaceHostCallFromHd.cpp - Host calls in device code ----------===//

#include "Rules/ExecSpaceHostCallFromHd.h"

using namespace clang;

namespace cudalower {

bool ExecSpaceHostCallFromHd::handles(const DeviceToHostCall &C) {
  // constexpr callees belong to constexpr-host-call when it runs.
  return !C.Callee->isConstexpr() ||
         !context().isRuleEnabled("constexpr-host-call");
}

std::string ExecSpaceHostCallFromHd::message(const DeviceToHostCall &C) {
  std::string Consequence =
      C.CallerSpace != ExecSpace::HostDevice ? "nvcc rejects the call"
      : C.Callee->isConstexpr()
          ? "nvcc only warns (#20013-D) and the GPU code is wrong"
          : "nvcc only warns (#20011-D) and the GPU code is wrong";
  return "__host__ function " + quotedName(*C.Callee) + " called from " +
         describeCaller(C) + "; " + Consequence;
}

std::string ExecSpaceHostCallFromHd::alternatives(const FunctionDecl &Callee) {
  if (isInStdNamespace(Callee))
    return "call its cuda::std equivalent if there is one, write a "
           "__host__ __device__ replacement, or keep the call out of device "
           "code with #ifndef __CUDA_ARCH__";
  return "write a __host__ __device__ replacement, or keep the call out of "
         "device code with #ifndef __CUDA_ARCH__";
}

} // namespace cudalower

//===--- ConstexprHostCall.cpp - Host constexpr functions in device code --===//

#include "Rules/ConstexprHostCall.h"

using namespace clang;

namespace cudalower {

bool ConstexprHostCall::handles(const DeviceToHostCall &C) {
  return C.Callee->isConstexpr();
}

std::string ConstexprHostCall::message(const DeviceToHostCall &C) {
  return "constexpr function " + quotedName(*C.Callee) + " called from " +
         describeCaller(C) +
         " is not __device__ (nvcc needs --expt-relaxed-constexpr)";
}

std::string ConstexprHostCall::alternatives(const FunctionDecl &Callee) {
  if (isInStdNamespace(Callee))
    return "call its cuda::std equivalent, write a __host__ __device__ "
           "replacement, or build with --expt-relaxed-constexpr";
  return "write a __host__ __device__ replacement, or build with "
         "--expt-relaxed-constexpr";
}

} // namespace cudalower

//===--- CrossSpaceCalls.cpp - Calls across execution spaces --------------===//

#include "Nvcc/CrossSpaceCalls.h"
#include "clang/Basic/Cuda.h"
#include "clang/Basic/DiagnosticSema.h"
#include <optional>

using namespace clang;

namespace cudalower {

bool isOnlyAWarningForNvcc(const clang::Diagnostic &Info) {
  if (Info.getID() != diag::err_ref_bad_target || Info.getNumArgs() < 4)
    return false;
  auto IntArg = [&](unsigned I) -> std::optional<uint64_t> {
    auto Kind = Info.getArgKind(I);
    if (Kind != DiagnosticsEngine::ak_sint &&
        Kind != DiagnosticsEngine::ak_uint)
      return std::nullopt;
    return Info.getRawArg(I);
  };
  // Arguments: callee space, function (0) or variable (1), callee, caller
  // space.
  return IntArg(1).has_value() &&
         IntArg(3) == static_cast<uint64_t>(CUDAFunctionTarget::HostDevice);
}

const NamedDecl *crossSpaceTarget(const clang::Diagnostic &Info) {
  if (Info.getID() != diag::err_ref_bad_target || Info.getNumArgs() < 3 ||
      Info.getArgKind(2) != DiagnosticsEngine::ak_nameddecl)
    return nullptr;
  return reinterpret_cast<const NamedDecl *>(Info.getRawArg(2));
}

std::vector<std::string> crossSpaceKeys(const std::string &File,
                                        unsigned Offset,
                                        const std::string &Target) {
  std::vector<std::string> Keys = {"at " + File + ":" +
                                   std::to_string(Offset)};
  if (!Target.empty())
    Keys.push_back("to " + Target + " in " + File);
  return Keys;
}
} // namespace cudalower

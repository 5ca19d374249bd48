//===--- LambdaFlagHeaders.cpp - Headers --extended-lambda brings ---------===//

#include "Nvcc/LambdaFlagHeaders.h"
#include "clang/AST/DeclBase.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticSema.h"

using namespace clang;

namespace cudalower {

bool isMissingStdName(const clang::Diagnostic &Info) {
  unsigned ID = Info.getID();
  if (ID != diag::err_no_member && ID != diag::err_no_member_suggest &&
      ID != diag::err_no_member_template &&
      ID != diag::err_no_member_template_suggest)
    return false;
  if (Info.getNumArgs() < 2 ||
      Info.getArgKind(1) != DiagnosticsEngine::ak_declcontext)
    return false;
  const auto *Context = reinterpret_cast<const DeclContext *>(Info.getRawArg(1));
  return Context && Context->isStdNamespace();
}
} // namespace cudalower

//===--- ErrorContext.cpp - Where the parser was at a Clang error ---------===//

#include "Nvcc/ErrorContext.h"
#include "clang/AST/Decl.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace cudalower {

ErrorContext contextOf(const Sema &S) {
  ErrorContext Where{S.getCurFunctionDecl(/*AllowLambda=*/false),
                     S.CurContext};
  Where.DevicePass = S.getLangOpts().CUDAIsDevice;
  for (const Sema::CodeSynthesisContext &C : S.CodeSynthesisContexts)
    if (C.Kind == Sema::CodeSynthesisContext::TemplateInstantiation)
      if (const auto *F = dyn_cast_or_null<FunctionDecl>(C.Entity))
        Where.Instantiating.push_back(F);
  return Where;
}

ErrorContext contextOf(const Sema &S, const clang::Diagnostic &Error) {
  ErrorContext Where = contextOf(S);
  for (unsigned I = 0; I < Error.getNumArgs(); ++I)
    if (Error.getArgKind(I) == DiagnosticsEngine::ak_nameddecl)
      Where.Named.push_back(
          reinterpret_cast<const NamedDecl *>(Error.getRawArg(I)));
  return Where;
}
} // namespace cudalower

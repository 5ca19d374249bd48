//===--- ClangErrors.cpp - Reading Clang's errors as nvcc would -----------===//

#include "Engine/ClangErrors.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/Cuda.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
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

/// True if \p D is about one of nvcc's lambda traits, which the parse
/// defines as `(__is_same(T, void) && false)`: it is written in one, or
/// quotes one (a requirement that was not satisfied).
static bool isAboutLambdaTrait(const StoredDiagnostic &D) {
  llvm::StringRef Msg = D.getMessage();
  if (Msg.contains("__is_same(") && Msg.contains("void) && false"))
    return true;
  FullSourceLoc Loc = D.getLocation();
  if (!Loc.isValid() || !Loc.isMacroID())
    return false;
  return Lexer::getImmediateMacroName(Loc, Loc.getManager(), LangOptions())
      .starts_with("__nv_is_extended_");
}

std::string nvccExtensionHint(llvm::ArrayRef<StoredDiagnostic> Held) {
  if (Held.empty())
    return "";
  // A static_assert or an enable_if that wants nvcc's trait to be true for
  // an extended lambda: Clang cannot tell such a lambda from others.
  if (llvm::any_of(Held, isAboutLambdaTrait))
    return "nvcc's __nv_is_extended_*_lambda_* traits are true for extended "
           "lambdas; Clang cannot tell them from other classes, so "
           "cuda-lower reads the traits as false (as for the functors it "
           "writes): code that needs them true keeps needing "
           "--extended-lambda";
  unsigned ID = Held.front().getID();
  // EDG (nvcc's front end) looks a dependent name up when the template is
  // instantiated; Clang needs `template` to parse `<` as a template list.
  if (ID == diag::err_missing_dependent_template_keyword ||
      ID == diag::err_template_kw_missing)
    return "nvcc accepts a dependent member template named without "
           "'template'; Clang does not: write 'template' before the name, "
           "which both compilers accept";
  // `this->static_member` in a constant expression: EDG evaluates the
  // static member; Clang rejects the use of `this`.
  bool ThisInConstant = llvm::any_of(Held, [](const StoredDiagnostic &D) {
    return D.getID() == diag::note_constexpr_this;
  });
  if (ID == diag::err_constexpr_if_condition_expression_is_not_constant &&
      ThisInConstant)
    return "nvcc accepts 'this->' naming a static member in 'if constexpr'; "
           "Clang does not: name the member without 'this->', which both "
           "compilers accept";
  return "";
}

} // namespace cudalower

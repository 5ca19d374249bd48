//===--- LambdaTraits.cpp - nvcc's extended-lambda traits -----------------===//

#include "Nvcc/LambdaTraits.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cudalower {

/// True if \p Loc lies in an expansion of one of nvcc's lambda traits
/// (the parse defines them as macros), at any depth.
static bool isInLambdaTrait(SourceLocation Loc, const SourceManager &SM) {
  for (; Loc.isMacroID(); Loc = SM.getImmediateMacroCallerLoc(Loc))
    if (Lexer::getImmediateMacroName(Loc, SM, LangOptions())
            .starts_with("__nv_is_extended_"))
      return true;
  return false;
}

/// How many variables deep asksLambdaTrait follows initialisers.
constexpr unsigned MaxInitialiserDepth = 4;

/// True if \p E asks one of nvcc's lambda traits, itself or through the
/// initialiser of a variable it names (\p Depth such steps at most).
static bool asksLambdaTrait(const Expr *E, const SourceManager &SM,
                            unsigned Depth) {
  if (!E)
    return false;
  if (isInLambdaTrait(E->getBeginLoc(), SM))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      return Depth && asksLambdaTrait(Var->getInit(), SM, Depth - 1);
  for (const Stmt *Child : E->children())
    if (asksLambdaTrait(dyn_cast_or_null<Expr>(Child), SM, Depth))
      return true;
  return false;
}

/// The variables named \p Name visible from \p DC: a function's own
/// (locals included), then those of the enclosing classes and namespaces.
static std::vector<const VarDecl *> variablesNamed(llvm::StringRef Name,
                                                   const DeclContext *DC) {
  std::vector<const VarDecl *> Found;
  if (!DC)
    return Found;
  IdentifierInfo &Id = cast<Decl>(DC)->getASTContext().Idents.get(Name);
  for (; DC; DC = DC->getParent()) {
    if (DC->isFunctionOrMethod()) {
      // Locals are not in a function's lookup table.
      for (const Decl *D : DC->decls())
        if (const auto *Var = dyn_cast<VarDecl>(D))
          if (Var->getIdentifier() == &Id)
            Found.push_back(Var);
      continue;
    }
    for (const NamedDecl *D : DC->lookup(&Id))
      if (const auto *Var = dyn_cast<VarDecl>(D))
        Found.push_back(Var);
  }
  return Found;
}

/// The identifiers of the requirement a failed static_assert quotes
/// ("static assertion failed due to requirement 'a || b'").
static std::vector<llvm::StringRef> requirementNames(llvm::StringRef Msg) {
  std::vector<llvm::StringRef> Names;
  llvm::StringRef Lead = "due to requirement '";
  size_t At = Msg.find(Lead);
  if (At == llvm::StringRef::npos)
    return Names;
  llvm::StringRef Rest = Msg.drop_front(At + Lead.size());
  Rest = Rest.take_until([](char C) { return C == '\''; });
  while (!Rest.empty()) {
    Rest = Rest.drop_until([](char C) { return isAsciiIdentifierStart(C); });
    llvm::StringRef Name =
        Rest.take_while([](char C) { return isAsciiIdentifierContinue(C); });
    if (!Name.empty())
      Names.push_back(Name);
    Rest = Rest.drop_front(Name.size());
  }
  return Names;
}

/// True if \p D is a static_assert whose requirement names a variable
/// initialised from one of nvcc's lambda traits (`constexpr bool is_device
/// = __nv_is_extended_device_lambda_closure_type(F); static_assert(
/// is_device, ...)`), seen from \p Where.
static bool assertsOnLambdaTraitVariable(const StoredDiagnostic &D,
                                         const ErrorContext &Where) {
  if (D.getID() != diag::err_static_assert_requirement_failed ||
      !Where.Context || !D.getLocation().isValid())
    return false;
  const SourceManager &SM = D.getLocation().getManager();
  for (llvm::StringRef Name : requirementNames(D.getMessage()))
    for (const VarDecl *Var : variablesNamed(Name, Where.Context))
      if (asksLambdaTrait(Var->getInit(), SM, MaxInitialiserDepth))
        return true;
  return false;
}

/// True if \p D is about one of nvcc's lambda traits, which the parse
/// defines as `(__is_same(T, void) && false)`: it is written in one, quotes
/// one (a requirement that was not satisfied), or is a static_assert on a
/// variable initialised from one.
static bool isAboutLambdaTrait(const StoredDiagnostic &D,
                               const ErrorContext &Where) {
  llvm::StringRef Msg = D.getMessage();
  if (Msg.contains("__is_same(") && Msg.contains("void) && false"))
    return true;
  FullSourceLoc Loc = D.getLocation();
  if (!Loc.isValid())
    return false;
  return isInLambdaTrait(Loc, Loc.getManager()) ||
         assertsOnLambdaTraitVariable(D, Where);
}
std::string lambdaTraitHint(llvm::ArrayRef<StoredDiagnostic> Held,
                            const ErrorContext &Where) {
  // A static_assert or an enable_if that wants nvcc's trait to be true for
  // an extended lambda: Clang cannot tell such a lambda from others.
  if (llvm::none_of(Held, [&](const StoredDiagnostic &D) {
        return isAboutLambdaTrait(D, Where);
      }))
    return "";
  return "nvcc's __nv_is_extended_*_lambda_* traits are true for extended "
         "lambdas; Clang cannot tell them from other classes, so "
         "cuda-lower reads the traits as false (as for the functors it "
         "writes): code that needs them true keeps needing "
         "--extended-lambda";
}

} // namespace cudalower

//===--- ToleratedErrors.cpp - Clang errors on code nvcc builds -----------===//

#include "Nvcc/ToleratedErrors.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/Scope.h"
#include "clang/Sema/ScopeInfo.h"
#include "clang/Sema/Sema.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace cudalower {

/// True if \p D is declared in one of the headers Clang's CUDA mode
/// includes on its own (`__clang_cuda_runtime_wrapper.h` and the headers
/// it brings in, all in Clang's resource directory).
static bool isInClangCudaWrapper(const Decl &D) {
  const SourceManager &SM = D.getASTContext().getSourceManager();
  SourceLocation Loc = SM.getSpellingLoc(D.getLocation());
  if (Loc.isInvalid() || !SM.isInSystemHeader(Loc))
    return false;
  return llvm::sys::path::filename(SM.getFilename(Loc))
      .starts_with("__clang_cuda_");
}

/// The variable declared at \p Loc in the context \p S is parsing (or
/// instantiating), if any.
static const VarDecl *variableDeclaredAt(const Sema &S, SourceLocation Loc) {
  if (!S.CurContext)
    return nullptr;
  for (const Decl *D : S.CurContext->decls())
    if (const auto *Var = dyn_cast<VarDecl>(D);
        Var && Var->getLocation() == Loc)
      return Var;
  return nullptr;
}

/// True if \p Init is the default construction of a declaration that
/// writes no initialiser (`T x;`, `T x[4];`).
static bool isImplicitDefaultConstruction(const Expr *Init) {
  const auto *Construct = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit());
  return Construct && !isa<CXXTemporaryObjectExpr>(Construct) &&
         !Construct->isListInitialization() &&
         Construct->getParenOrBraceRange().isInvalid() &&
         llvm::all_of(Construct->arguments(), [](const Expr *Arg) {
           return isa<CXXDefaultArgExpr>(Arg);
         });
}

bool isSharedInitialisationNvccSkips(const clang::Diagnostic &Info,
                                     const Sema *S) {
  if (Info.getID() != diag::err_shared_var_init || !S)
    return false;
  const VarDecl *Var = variableDeclaredAt(*S, Info.getLocation());
  return Var && Var->isLocalVarDecl() && Var->hasAttr<CUDASharedAttr>() &&
         Var->getInit() &&
         isImplicitDefaultConstruction(Var->getInit());
}

/// True for a function only the device compilation compiles: `__global__`,
/// or `__device__` written without `__host__` (not the `__device__` Clang
/// gives a constexpr function on its own).
static bool isDeviceOnly(const FunctionDecl *F) {
  if (F->hasAttr<CUDAGlobalAttr>())
    return true;
  const auto *Device = F->getAttr<CUDADeviceAttr>();
  return Device && !Device->isImplicit() && !F->hasAttr<CUDAHostAttr>();
}

bool isLeftToDevicePass(const ErrorContext &Where) {
  return !Where.DevicePass && llvm::any_of(Where.Instantiating, isDeviceOnly);
}

bool isRedeclarationOfClangRuntime(const clang::Diagnostic &Info) {
  // Arguments: the new declaration's space, its name, the earlier one's
  // space, the earlier declaration.
  if (Info.getID() != diag::err_cuda_ovl_target || Info.getNumArgs() < 4 ||
      Info.getArgKind(3) != DiagnosticsEngine::ak_nameddecl)
    return false;
  const auto *Earlier = reinterpret_cast<const NamedDecl *>(Info.getRawArg(3));
  return Earlier && isa<FunctionDecl>(Earlier) &&
         isInClangCudaWrapper(*Earlier);
}

bool isAttributeInCudaLambdaParameters(const clang::Diagnostic &Info,
                                       const clang::Sema *S) {
  // In a lambda's parameter clause: its prototype scope, inside its
  // function scope.
  if (Info.getID() != diag::err_attributes_not_allowed || !S ||
      !Info.hasSourceManager() || S->FunctionScopes.empty() ||
      !S->getCurScope() || !S->getCurScope()->isFunctionPrototypeScope())
    return false;
  const auto *Lambda =
      dyn_cast<sema::LambdaScopeInfo>(S->FunctionScopes.back());
  if (!Lambda)
    return false;
  // Only a `[[...]]` after the introducer: the parser read the lambda's
  // own attributes and is in its parameter clause.
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation At = SM.getSpellingLoc(Info.getLocation());
  SourceLocation Introduced = Lambda->IntroducerRange.getEnd();
  return At.isValid() && Introduced.isValid() &&
         SM.isBeforeInTranslationUnit(SM.getSpellingLoc(Introduced), At) &&
         llvm::StringRef(SM.getCharacterData(At)).starts_with("[[");
}

bool isAmbiguousEmptyBraceAssignment(const clang::Diagnostic &Info) {
  if (Info.getID() != diag::err_ovl_ambiguous_oper_binary ||
      !Info.hasSourceManager())
    return false;
  // The operator `=`, then `{` and `}` (comments between them allowed):
  // an empty braced list, as written.
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation At = SM.getSpellingLoc(Info.getLocation());
  LangOptions Lang;
  Lang.CPlusPlus = true;
  Token Operator;
  if (At.isInvalid() || Lexer::getRawToken(At, Operator, SM, Lang) ||
      Operator.isNot(tok::equal))
    return false;
  std::optional<Token> Open = Lexer::findNextToken(At, SM, Lang);
  if (!Open || Open->isNot(tok::l_brace))
    return false;
  std::optional<Token> Close =
      Lexer::findNextToken(Open->getLocation(), SM, Lang);
  return Close && Close->is(tok::r_brace);
}

bool isToleratedError(const clang::Diagnostic &Info, const clang::Sema *S) {
  if (isAmbiguousEmptyBraceAssignment(Info))
    return true; // nvcc assigns it; the statement stays as written
  if (isAttributeInCudaLambdaParameters(Info, S))
    return true; // the parameter is read without it, as nvcc reads it
  if (isRedeclarationOfClangRuntime(Info))
    return true; // Clang's declaration stays; it means the same
  if (isSharedInitialisationNvccSkips(Info, S))
    return true; // nvcc warns (#20054-D) and compiles the rest
  // nvcc's host compilation never reads such a body; the device pass does,
  // and reports the error if it is one.
  return S && isLeftToDevicePass(contextOf(*S));
}

} // namespace cudalower

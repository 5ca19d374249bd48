//===--- ClangErrors.cpp - Reading Clang's errors as nvcc would -----------===//

#include "Engine/ClangErrors.h"
#include "Engine/ConstexprFixes.h"
#include "Engine/ParseFixes.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/Cuda.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/Sema.h"
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

std::string nvccExtensionHint(llvm::ArrayRef<StoredDiagnostic> Held,
                              const ErrorContext &Where) {
  if (Held.empty())
    return "";
  // A static_assert or an enable_if that wants nvcc's trait to be true for
  // an extended lambda: Clang cannot tell such a lambda from others.
  if (llvm::any_of(Held, [&](const StoredDiagnostic &D) {
        return isAboutLambdaTrait(D, Where);
      }))
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
  if (ID == diag::err_found_in_dependent_base)
    return "nvcc accepts a member of a dependent base class named without "
           "'this->'; Clang does not: write 'this->' before the name, which "
           "both compilers accept";
  if (ID == diag::err_typename_missing)
    return "nvcc accepts a dependent type named without 'typename'; Clang "
           "does not: write 'typename' before the name, which both "
           "compilers accept";
  // EDG checks a constexpr function's body only when it is evaluated as a
  // constant; C++17 forbids the variable in any constexpr function.
  if (ID == diag::err_constexpr_local_var_non_literal_type)
    return "nvcc accepts a variable of non-literal type in a constexpr "
           "function that is never evaluated as a constant; Clang does not "
           "before C++23: drop 'constexpr' from the function (keeping it "
           "'inline'), which both compilers accept";
  // nvcc hands a `%` that starts no operand (`%laneid`) to ptxas as is.
  if (ID == diag::err_asm_invalid_escape) {
    std::optional<ParseFixSite> Site = asmPercentFix(Held.front());
    llvm::StringRef Name = Site ? llvm::StringRef(Site->Name) : "%name";
    return "nvcc passes '" + Name.str() +
           "' in an asm string to ptxas as written; Clang does not: escape "
           "it as '%" + Name.str() + "', which both compilers read as '" +
           Name.str() + "'";
  }
  // EDG reads `::"r"(v) "l"(p)` as two operands.
  if (std::optional<ParseFixSite> Site = asmOperandCommaFix(Held.front()))
    return "nvcc reads asm operands written without a ',' between them; "
           "Clang does not: write ',' before " +
           Site->Name + ", which both compilers accept";
  // `this->static_member` in a constant expression: EDG evaluates the
  // static member; Clang rejects the use of `this`.
  bool ThisInConstant = llvm::any_of(Held, [](const StoredDiagnostic &D) {
    return D.getID() == diag::note_constexpr_this;
  });
  if (ID == diag::err_constexpr_if_condition_expression_is_not_constant &&
      ThisInConstant) {
    std::optional<ParseFixSite> Site = staticMemberThisFix(Held, Where);
    return "nvcc accepts 'this->' naming a static member in 'if constexpr'; "
           "Clang does not: name the member through its class ('" +
           (Site ? Site->Text + Site->Name : "C::member") +
           "'), which both compilers accept";
  }
  // Clang's -fcuda-host-device-constexpr, the counterpart of nvcc's
  // --expt-relaxed-constexpr, compiles the device side of a host function.
  if (const FunctionDecl *Caller = hostDeviceConstexprCaller(Where))
    return "nvcc reads the constexpr function '" +
           Caller->getQualifiedNameAsString() +
           "', which has no execution space, as __host__; Clang reads it as "
           "__host__ __device__, and its device side asked for this "
           "__device__ function: declare it '__host__ constexpr', which "
           "both compilers accept";
  return "";
}

} // namespace cudalower

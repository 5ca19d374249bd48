//===--- LenientConstexpr.cpp - Constexpr spellings nvcc accepts ----------===//

#include "Nvcc/LenientConstexpr.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cudalower {

/// The member name after `this->` at \p Loc, and the length of `this->`
/// with the blanks around the arrow; "" if the text there is not that.
static std::pair<llvm::StringRef, unsigned> memberAfterThis(FullSourceLoc Loc) {
  bool Invalid = false;
  const char *Data = Loc.getCharacterData(&Invalid);
  if (Invalid || !Data)
    return {"", 0};
  llvm::StringRef Text(Data);
  llvm::StringRef Rest = Text;
  if (!Rest.consume_front("this"))
    return {"", 0};
  Rest = Rest.ltrim();
  if (!Rest.consume_front("->"))
    return {"", 0};
  Rest = Rest.ltrim();
  llvm::StringRef Name =
      Rest.take_while([](char C) { return isAsciiIdentifierContinue(C); });
  if (Name.empty() || !isAsciiIdentifierStart(Name.front()))
    return {"", 0};
  return {Name, static_cast<unsigned>(Text.size() - Rest.size())};
}

/// True if \p Class declares a static data member named \p Name.
static bool declaresStaticMember(const CXXRecordDecl &Class,
                                 llvm::StringRef Name) {
  IdentifierInfo &Id = Class.getASTContext().Idents.get(Name);
  return llvm::any_of(Class.lookup(&Id), [](const NamedDecl *D) {
    const auto *Var = dyn_cast<VarDecl>(D);
    return Var && Var->isStaticDataMember();
  });
}

std::optional<ParseFixSite>
staticMemberThisFix(llvm::ArrayRef<StoredDiagnostic> Held,
                    const ErrorContext &Where) {
  if (Held.empty() ||
      Held.front().getID() !=
          diag::err_constexpr_if_condition_expression_is_not_constant)
    return std::nullopt;
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Where.Function);
  if (!Method || !Method->getParent()->getIdentifier())
    return std::nullopt;
  const CXXRecordDecl &Class = *Method->getParent();
  for (const StoredDiagnostic &Note : Held.drop_front()) {
    FullSourceLoc Loc = Note.getLocation();
    if (Note.getID() != diag::note_constexpr_this || !Loc.isValid() ||
        !Loc.isFileID())
      continue;
    auto [Name, Length] = memberAfterThis(Loc);
    // The class's own member: the injected class name finds it from any
    // member function, in a template as well.
    if (Name.empty() || !declaresStaticMember(Class, Name))
      continue;
    return ParseFixSite{Loc, Class.getName().str() + "::", Name.str(),
                        ParseFixKind::StaticMemberThis, Length};
  }
  return std::nullopt;
}

/// True if \p F is declared for the device as well as (or instead of) the
/// host: `__device__` or `__global__` spelled. Clang's implicit
/// `__host__ __device__` on a constexpr function without an execution space
/// does not count: nvcc reads such a function as `__host__`.
static bool isDeviceFunction(const FunctionDecl &F) {
  const auto *Device = F.getAttr<CUDADeviceAttr>();
  return (Device && !Device->isImplicit()) || F.hasAttr<CUDAGlobalAttr>();
}

/// The place of the one `constexpr` spelled in \p F's declaration before
/// its name, outside macros; invalid if there is none or more than one.
static SourceLocation constexprKeywordOf(const FunctionDecl &F,
                                         const SourceManager &SM) {
  SourceLocation Begin = F.getOuterLocStart();
  SourceLocation Name = F.getLocation();
  if (Begin.isInvalid() || Name.isInvalid() || Name.isMacroID())
    return {};
  Begin = SM.getExpansionLoc(Begin);
  FileID File = SM.getFileID(Name);
  if (SM.getFileID(Begin) != File)
    return {};
  llvm::StringRef Buffer = SM.getBufferData(File);
  unsigned Start = SM.getFileOffset(Begin), End = SM.getFileOffset(Name);
  LangOptions Lang;
  Lang.CPlusPlus = Lang.CPlusPlus11 = true;
  Lexer Raw(SM.getLocForStartOfFile(File), Lang, Buffer.begin(),
            Buffer.begin() + Start, Buffer.end());
  SourceLocation Found;
  Token Tok;
  while (!Raw.LexFromRawLexer(Tok) && SM.getFileOffset(Tok.getLocation()) < End) {
    if (!Tok.is(tok::raw_identifier) || Tok.getRawIdentifier() != "constexpr")
      continue;
    if (Found.isValid())
      return {};
    Found = Tok.getLocation();
  }
  return Found;
}

std::optional<ParseFixSite>
nonLiteralConstexprFix(const StoredDiagnostic &Error,
                       const ErrorContext &Where) {
  if (Error.getID() != diag::err_constexpr_local_var_non_literal_type ||
      !Where.Function || !Error.getLocation().isValid())
    return std::nullopt;
  const FunctionDecl *F = Where.Function;
  if (const FunctionDecl *Pattern = F->getTemplateInstantiationPattern())
    F = Pattern;
  if (!F->isConstexprSpecified() || isa<CXXConstructorDecl>(F) ||
      F->isInlineSpecified() || isDeviceFunction(*F))
    return std::nullopt;
  const SourceManager &SM = Error.getLocation().getManager();
  SourceLocation Keyword = constexprKeywordOf(*F, SM);
  if (Keyword.isInvalid())
    return std::nullopt;
  return ParseFixSite{FullSourceLoc(Keyword, SM), "inline",
                      F->getNameAsString(), ParseFixKind::NonLiteralConstexpr,
                      static_cast<unsigned>(llvm::StringRef("constexpr").size())};
}

/// True if Clang made \p F `__host__ __device__` only because it is
/// constexpr: no execution space is spelled (nor forced by a pragma).
static bool isImplicitHostDeviceConstexpr(const FunctionDecl &F) {
  const auto *Host = F.getAttr<CUDAHostAttr>();
  const auto *Device = F.getAttr<CUDADeviceAttr>();
  const auto *Method = dyn_cast<CXXMethodDecl>(&F);
  return F.isConstexpr() && Host && Device && Host->isImplicit() &&
         Device->isImplicit() && !(Method && Method->getParent()->isLambda());
}

/// True for a function of the device only (`__device__`, spelled).
static bool isDeviceOnly(const FunctionDecl &F) {
  const auto *Device = F.getAttr<CUDADeviceAttr>();
  return Device && !Device->isImplicit() && !F.hasAttr<CUDAHostAttr>();
}

const FunctionDecl *hostDeviceConstexprCaller(const ErrorContext &Where) {
  if (!Where.DevicePass)
    return nullptr;
  const auto &Chain = Where.Instantiating;
  for (size_t I = Chain.size(); I-- > 1;)
    if (isImplicitHostDeviceConstexpr(*Chain[I - 1]) &&
        isDeviceOnly(*Chain[I]))
      return Chain[I - 1];
  return nullptr;
}

std::optional<ParseFixSite>
hostOnlyConstexprFix(const StoredDiagnostic &Error, const ErrorContext &Where) {
  const FunctionDecl *Caller = hostDeviceConstexprCaller(Where);
  if (!Caller || !Error.getLocation().isValid())
    return std::nullopt;
  if (const FunctionDecl *Pattern = Caller->getTemplateInstantiationPattern())
    Caller = Pattern;
  // Clang refuses declarations of one function with different execution
  // spaces ("cannot overload"): every declaration gets `__host__`.
  const SourceManager &SM = Error.getLocation().getManager();
  std::vector<FullSourceLoc> Keywords;
  for (const FunctionDecl *D : Caller->redecls()) {
    SourceLocation Keyword = constexprKeywordOf(*D, SM);
    if (Keyword.isInvalid())
      return std::nullopt;
    Keywords.emplace_back(Keyword, SM);
  }
  llvm::sort(Keywords, [&](FullSourceLoc A, FullSourceLoc B) {
    return SM.isBeforeInTranslationUnit(A, B);
  });
  ParseFixSite Site{Keywords.front(), "__host__ ", Caller->getNameAsString(),
                    ParseFixKind::HostOnlyConstexpr, 0};
  Site.Also.assign(std::next(Keywords.begin()), Keywords.end());
  return Site;
}

// `this->static_member` in a constant expression: EDG evaluates the static
// member; Clang rejects the use of `this`.
std::string staticMemberThisHint(llvm::ArrayRef<StoredDiagnostic> Held,
                                 const ErrorContext &Where) {
  bool ThisInConstant = llvm::any_of(Held, [](const StoredDiagnostic &D) {
    return D.getID() == diag::note_constexpr_this;
  });
  if (Held.front().getID() !=
          diag::err_constexpr_if_condition_expression_is_not_constant ||
      !ThisInConstant)
    return "";
  std::optional<ParseFixSite> Site = staticMemberThisFix(Held, Where);
  return "nvcc accepts 'this->' naming a static member in 'if constexpr'; "
         "Clang does not: name the member through its class ('" +
         (Site ? Site->Text + Site->Name : "C::member") +
         "'), which both compilers accept";
}

// EDG checks a constexpr function's body only when it is evaluated as a
// constant; C++17 forbids the variable in any constexpr function.
std::string nonLiteralConstexprHint(llvm::ArrayRef<StoredDiagnostic> Held,
                                    const ErrorContext &) {
  if (Held.front().getID() != diag::err_constexpr_local_var_non_literal_type)
    return "";
  return "nvcc accepts a variable of non-literal type in a constexpr "
         "function that is never evaluated as a constant; Clang does not "
         "before C++23: drop 'constexpr' from the function (keeping it "
         "'inline'), which both compilers accept";
}

// Clang's -fcuda-host-device-constexpr, the counterpart of nvcc's
// --expt-relaxed-constexpr, compiles the device side of a host function.
std::string hostOnlyConstexprHint(llvm::ArrayRef<StoredDiagnostic>,
                                  const ErrorContext &Where) {
  const FunctionDecl *Caller = hostDeviceConstexprCaller(Where);
  if (!Caller)
    return "";
  return "nvcc reads the constexpr function '" +
         Caller->getQualifiedNameAsString() +
         "', which has no execution space, as __host__; Clang reads it as "
         "__host__ __device__, and its device side asked for this "
         "__device__ function: declare it '__host__ constexpr', which "
         "both compilers accept";
}

} // namespace cudalower

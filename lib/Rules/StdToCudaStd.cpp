//===--- StdToCudaStd.cpp - std:: in device code to cuda::std:: -----------===//
//
// The rule reads the AST of the device compilation pass only: code under
// `#ifndef __CUDA_ARCH__` never runs on the GPU, and code that does is all
// there. It walks template patterns, never instantiations, so one edit serves
// every instantiation. Every name that refers to an entity of namespace std
// is a use; where the use is written decides what happens to it:
//   - device code (bodies of device functions and lambdas, default arguments
//     and initialisers evaluated there, signatures of __device__ functions,
//     __device__ variables): rewritten to cuda::std, or an error if libcu++
//     has no such entity;
//   - types that host code shares (kernel parameters, __host__ __device__
//     signatures, data members, __managed__ variables): a warning, rewritten
//     only with RewriteInterfaceTypes, since the rewrite changes the type
//     host code passes;
//   - host code: left alone.
//
//===----------------------------------------------------------------------===//

#include "Rules/StdToCudaStd.h"
#include "Rules/StdSymbolMap.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cudalower {

//===----------------------------------------------------------------------===//
// Decision helpers (declared in the header for the unit tests)
//===----------------------------------------------------------------------===//

template <typename AttrT> static bool hasExplicit(const Decl &D) {
  return llvm::any_of(D.specific_attrs<AttrT>(),
                      [](const AttrT *A) { return !A->isImplicit(); });
}

ExecSpace explicitExecSpace(const FunctionDecl &FD) {
  if (hasExplicit<CUDAGlobalAttr>(FD))
    return ExecSpace::Global;
  if (!hasExplicit<CUDADeviceAttr>(FD))
    return ExecSpace::Host;
  return hasExplicit<CUDAHostAttr>(FD) ? ExecSpace::HostDevice
                                       : ExecSpace::Device;
}

static bool isLambdaCallOperator(const FunctionDecl &FD) {
  const auto *MD = dyn_cast<CXXMethodDecl>(&FD);
  return MD && MD->getParent()->isLambda() &&
         MD->getOverloadedOperator() == OO_Call;
}

ExecSpace execSpaceOf(const DeclContext *DC) {
  for (; DC; DC = DC->getParent()) {
    const auto *FD = dyn_cast<FunctionDecl>(DC);
    if (!FD) {
      // A lambda's class sits in the function that writes the lambda.
      const auto *RD = dyn_cast<CXXRecordDecl>(DC);
      if (RD && RD->isLambda())
        continue;
      return ExecSpace::Host;
    }
    if (!isLambdaCallOperator(*FD) || hasExplicit<CUDADeviceAttr>(*FD) ||
        hasExplicit<CUDAHostAttr>(*FD))
      return explicitExecSpace(*FD);
  }
  return ExecSpace::Host;
}

/// True for names the implementation reserves (__cxx11, _Tp).
static bool isReserved(llvm::StringRef Name) {
  return Name.starts_with("__") ||
         (Name.size() > 1 && Name[0] == '_' && isUppercase(Name[1]));
}

std::optional<std::string> stdMemberName(const NamedDecl &D) {
  if (!D.getDeclName().isIdentifier() || isReserved(D.getName()))
    return std::nullopt;
  const DeclContext *DC = D.getDeclContext();
  // Enumerators of an unscoped enum are names of the enclosing namespace.
  if (const auto *ED = dyn_cast<EnumDecl>(DC); ED && !ED->isScoped())
    DC = DC->getParent();
  std::string Path = D.getName().str();
  for (; DC; DC = DC->getParent()) {
    if (isa<LinkageSpecDecl>(DC) || isa<ExportDecl>(DC))
      continue;
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS)
      return std::nullopt;
    if (NS->isInline() || NS->isAnonymousNamespace())
      continue;
    if (NS->getName() == "std")
      return NS->getParent()->getRedeclContext()->isTranslationUnit()
                 ? std::optional<std::string>(Path)
                 : std::nullopt;
    if (isReserved(NS->getName()))
      return std::nullopt;
    Path = (NS->getName() + "::" + Path).str();
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Where a new #include goes
//===----------------------------------------------------------------------===//

namespace {
/// The preprocessor directives of a file, and where its code starts.
struct DirectiveScan {
  struct Directive {
    llvm::StringRef Name;   // "include", "define", "if", ...
    llvm::StringRef Target; // for include: the header between <> or ""
    unsigned LineEnd;       // offset just past the directive's line
    unsigned Branch;        // the conditional branch it is in (0: none)
  };
  std::vector<Directive> Directives;
  unsigned CodeStart = 0;   // offset of the first line of code
  unsigned CodeBranch = 0;  // branch that line is in
  bool HasCode = false;
};
} // namespace

/// Offset of the start of the line holding \p Offset.
static unsigned lineStart(llvm::StringRef Text, unsigned Offset) {
  size_t NL = Text.take_front(Offset).rfind('\n');
  return NL == llvm::StringRef::npos ? 0 : NL + 1;
}

static DirectiveScan scanDirectives(llvm::StringRef Text) {
  DirectiveScan Out;
  LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus17 = true;
  Lexer Lex(SourceLocation::getFromRawEncoding(1), LO, Text.begin(),
            Text.begin(), Text.end());
  auto OffsetOf = [&](const Token &T) {
    return T.getLocation().getRawEncoding() - 1;
  };
  // Each #if opens a branch, #elif/#else replace it, #endif closes it; a
  // branch is named by a counter, so equal numbers mean the same branch.
  std::vector<unsigned> Open = {0};
  unsigned NextBranch = 1;
  Token Tok;
  Lex.LexFromRawLexer(Tok);
  while (Tok.isNot(tok::eof)) {
    if (!(Tok.is(tok::hash) && Tok.isAtStartOfLine())) {
      if (!Out.HasCode) {
        Out.HasCode = true;
        Out.CodeStart = lineStart(Text, OffsetOf(Tok));
        Out.CodeBranch = Open.back();
      }
      Lex.LexFromRawLexer(Tok);
      continue;
    }
    DirectiveScan::Directive D;
    Lex.LexFromRawLexer(Tok);
    unsigned NameEnd = OffsetOf(Tok) + Tok.getLength();
    if (Tok.is(tok::raw_identifier) && !Tok.isAtStartOfLine())
      D.Name = Tok.getRawIdentifier();
    // Skip to the next line: the raw lexer joins escaped newlines.
    unsigned LastEnd = NameEnd;
    while (Tok.isNot(tok::eof)) {
      Lex.LexFromRawLexer(Tok);
      if (Tok.isAtStartOfLine() || Tok.is(tok::eof))
        break;
      LastEnd = OffsetOf(Tok) + Tok.getLength();
    }
    size_t NL = Text.find('\n', LastEnd);
    D.LineEnd = NL == llvm::StringRef::npos ? Text.size() : NL + 1;
    if (D.Name == "include") {
      llvm::StringRef Rest = Text.slice(NameEnd, D.LineEnd).trim();
      char Close = Rest.starts_with("<") ? '>' : '"';
      if (Rest.size() > 1 && (Rest[0] == '<' || Rest[0] == '"'))
        D.Target = Rest.drop_front().take_until([&](char C) { return C == Close; });
    }
    if (D.Name == "if" || D.Name == "ifdef" || D.Name == "ifndef") {
      Open.push_back(NextBranch++);
    } else if (D.Name == "elif" || D.Name == "else" || D.Name == "elifdef" ||
               D.Name == "elifndef") {
      Open.back() = NextBranch++;
    } else if (D.Name == "endif" && Open.size() > 1) {
      Open.pop_back();
    }
    D.Branch = Open.back();
    Out.Directives.push_back(D);
  }
  return Out;
}

IncludeSite findIncludeSite(llvm::StringRef FileText) {
  DirectiveScan Scan = scanDirectives(FileText);
  unsigned Limit = Scan.HasCode ? Scan.CodeStart : FileText.size();
  std::optional<unsigned> LastInclude, LastDirective;
  for (const auto &D : Scan.Directives) {
    if (D.LineEnd > Limit || D.Branch != Scan.CodeBranch)
      continue;
    // A conditional's own line belongs to the enclosing branch; only lines
    // inside the code's branch can anchor an insertion.
    if (D.Name == "if" || D.Name == "ifdef" || D.Name == "ifndef" ||
        D.Name == "elif" || D.Name == "else" || D.Name == "endif")
      continue;
    LastDirective = D.LineEnd;
    if (D.Name == "include")
      LastInclude = D.LineEnd;
  }
  IncludeSite Site;
  if (LastInclude || LastDirective)
    Site.Offset = LastInclude ? *LastInclude : *LastDirective;
  else
    Site.Offset = Scan.HasCode ? Scan.CodeStart : 0;
  Site.NeedsNewline = Site.Offset > 0 && FileText[Site.Offset - 1] != '\n';
  return Site;
}

bool includesHeader(llvm::StringRef FileText, llvm::StringRef Header) {
  for (const auto &D : scanDirectives(FileText).Directives)
    if (D.Name == "include" && D.Target == Header)
      return true;
  return false;
}

//===----------------------------------------------------------------------===//
// Finding the uses
//===----------------------------------------------------------------------===//

namespace {

/// How the code around a use relates to the GPU.
enum class Site {
  Host,       ///< Host code: never touched.
  Device,     ///< Runs on the GPU, or declares what only the GPU uses.
  SharedType, ///< A type that host code shares with device code.
};

enum class UseKind { Function, Variable, Type, UsingDecl, MemberCall };

/// One name in device code that refers to an entity of namespace std.
struct StdUse {
  UseKind Kind;
  const NamedDecl *Target;   // the std entity (using shadows looked through)
  std::string Name;          // below std::, e.g. "chrono::duration"
  SourceLocation NameLoc;    // the name as written
  SourceLocation StdToken;   // the `std` (or alias) token to replace, if any
  bool StdIsGlobal = false;  // written ::std
  SourceRange OtherQualifier; // a qualifier that does not name std (util::)
  Site Where = Site::Device;
  llvm::StringRef SharedWhat; // for SharedType: what the type belongs to
  const UsingDecl *FoundVia = nullptr; // found through this using-declaration
  const CallExpr *Call = nullptr;      // the call whose callee this is
  bool AsQualifier = false;  // the type only qualifies another name (traits)
  QualType WrittenType;      // for types: the type as written
  const DeclContext *Context = nullptr;
};

class UseFinder : public RecursiveASTVisitor<UseFinder> {
  using Base = RecursiveASTVisitor<UseFinder>;

public:
  UseFinder(RuleContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  std::vector<StdUse> Uses;
  /// Using-declarations in device code that are rewritten themselves; the
  /// names found through them need no edit of their own.
  llvm::SmallPtrSet<const UsingDecl *, 8> DeviceUsings;

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (!isa<TranslationUnitDecl>(D) &&
        (D->getLocation().isInvalid() || !Ctx.isUserOwned(D->getLocation())))
      return true;
    auto SavedDC = CurDC;
    if (auto *DC = dyn_cast<DeclContext>(D))
      CurDC = DC;
    bool R = traverseDeclIn(D);
    CurDC = SavedDC;
    return R;
  }

  bool TraverseStmt(Stmt *S, DataRecursionQueue *Queue = nullptr) {
    if (S && BodyRoots.count(S)) {
      State Saved = Cur;
      Cur.Where = runsOnDevice(Cur.Space) ? Site::Device : Site::Host;
      bool R = Base::TraverseStmt(S, Queue);
      Cur = Saved;
      return R;
    }
    return Base::TraverseStmt(S, Queue);
  }

  bool TraverseLambdaExpr(LambdaExpr *L) {
    const CXXMethodDecl *Op = L->getCallOperator();
    State Saved = Cur;
    if (hasExplicit<CUDADeviceAttr>(*Op) || hasExplicit<CUDAHostAttr>(*Op))
      Cur.Space = explicitExecSpace(*Op);
    Cur.Where = runsOnDevice(Cur.Space) ? Site::Device : Site::Host;
    auto SavedDC = CurDC;
    CurDC = L->getCallOperator();
    bool R = Base::TraverseLambdaExpr(L);
    CurDC = SavedDC;
    Cur = Saved;
    return R;
  }

  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc NNS) {
    bool Saved = InQualifier;
    InQualifier = true;
    bool R = Base::TraverseNestedNameSpecifierLoc(NNS);
    InQualifier = Saved;
    return R;
  }

  bool TraverseTemplateArgumentLoc(const TemplateArgumentLoc &Arg) {
    // A template argument is a type in its own right, not a qualifier.
    bool Saved = InQualifier;
    InQualifier = false;
    bool R = Base::TraverseTemplateArgumentLoc(Arg);
    InQualifier = Saved;
    return R;
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (Cur.Where != Site::Host)
      if (Expr *Callee = CE->getCallee())
        CallOf[Callee->IgnoreImplicit()->IgnoreParens()] = CE;
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const ValueDecl *D = DRE->getDecl();
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      if (FD->isOverloadedOperator() || isa<CXXConversionDecl>(FD))
        return true; // operators follow the types of their operands
    add(isa<FunctionDecl>(D) ? UseKind::Function : UseKind::Variable,
        DRE->getFoundDecl(), DRE->getLocation(), DRE->getQualifierLoc(), DRE);
    return true;
  }

  bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr *ULE) {
    const NamedDecl *First = nullptr;
    for (const NamedDecl *Found : ULE->decls()) {
      // Lookup that also found user functions may mean ADL or overloads the
      // user wants; leave such calls alone.
      if (!stdEntity(Found))
        return true;
      First = First ? First : Found;
    }
    if (First && !isOperator(First->getUnderlyingDecl()))
      add(UseKind::Function, First, ULE->getNameLoc(), ULE->getQualifierLoc(),
          ULE);
    return true;
  }

  bool VisitMemberExpr(MemberExpr *ME) {
    const auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    if (Cur.Where != Site::Device || !MD || MD->isOverloadedOperator() ||
        !stdMemberName(*MD->getParent()) || hasExplicit<CUDADeviceAttr>(*MD))
      return true;
    if (owned(ME->getMemberLoc())) {
      StdUse U = makeUse(UseKind::MemberCall, MD->getParent(),
                         ME->getMemberLoc());
      Uses.push_back(U);
    }
    return true;
  }

  bool VisitUsingDecl(UsingDecl *UD) {
    if (Cur.Where != Site::Device || !UD->getQualifierLoc())
      return true;
    for (const UsingShadowDecl *Shadow : UD->shadows()) {
      if (!stdEntity(Shadow->getTargetDecl()))
        return true;
      if (add(UseKind::UsingDecl, Shadow, UD->getNameInfo().getLoc(),
              UD->getQualifierLoc(), nullptr)) {
        Uses.back().FoundVia = nullptr;
        DeviceUsings.insert(UD);
      }
      return true;
    }
    return true;
  }

  bool VisitTypeLoc(TypeLoc TL) {
    if (Cur.Where == Site::Host)
      return true;
    const NamedDecl *D = nullptr;
    SourceLocation NameLoc;
    const UsingShadowDecl *Shadow = nullptr;
    if (auto TST = TL.getAs<TemplateSpecializationTypeLoc>()) {
      TemplateName TN = TST.getTypePtr()->getTemplateName();
      D = TN.getAsTemplateDecl();
      Shadow = TN.getAsUsingShadowDecl();
      NameLoc = TST.getTemplateNameLoc();
    } else if (auto DTST = TL.getAs<DeducedTemplateSpecializationTypeLoc>()) {
      TemplateName TN = DTST.getTypePtr()->getTemplateName();
      D = TN.getAsTemplateDecl();
      Shadow = TN.getAsUsingShadowDecl();
      NameLoc = DTST.getTemplateNameLoc();
    } else if (auto TT = TL.getAs<TypedefTypeLoc>()) {
      D = TT.getDecl();
      NameLoc = TT.getNameLoc();
    } else if (auto Tag = TL.getAs<TagTypeLoc>()) {
      if (Tag.isDefinition())
        return true;
      D = Tag.getDecl();
      NameLoc = Tag.getNameLoc();
    } else if (auto UT = TL.getAs<UsingTypeLoc>()) {
      Shadow = UT.getDecl();
      D = Shadow->getTargetDecl();
      NameLoc = UT.getNameLoc();
    }
    if (!D || NameLoc.isInvalid())
      return true;
    // Aliases of fundamental types (std::size_t, std::uint32_t) name the same
    // type in both libraries; rewriting them would change nothing.
    if (const auto *TND = dyn_cast<TypedefNameDecl>(D);
        TND && TND->getUnderlyingType()->isFundamentalType())
      return true;
    if (add(UseKind::Type, Shadow ? Shadow : D, NameLoc, TL.getPrefix(),
            nullptr)) {
      Uses.back().AsQualifier = InQualifier;
      Uses.back().WrittenType = TL.getType();
    }
    return true;
  }

private:
  struct State {
    Site Where = Site::Host;
    ExecSpace Space = ExecSpace::Host;
    llvm::StringRef SharedWhat;
  };

  bool owned(SourceLocation Loc) {
    return Ctx.isUserOwned(SM.getSpellingLoc(Loc));
  }

  StdUse makeUse(UseKind Kind, const NamedDecl *Target, SourceLocation Loc) {
    StdUse U;
    U.Kind = Kind;
    U.Target = Target->getUnderlyingDecl();
    U.Name = stdMemberName(*Target).value_or("");
    U.NameLoc = Loc;
    U.Where = Cur.Where;
    U.SharedWhat = Cur.SharedWhat;
    U.Context = CurDC;
    return U;
  }

  /// Records a use of the entity \p Found (as name lookup found it: a
  /// using-declaration's shadow, or the entity itself) if it is a std entity
  /// written in user code at a site that is not host code. Returns true if
  /// it did.
  bool add(UseKind Kind, const NamedDecl *Found, SourceLocation NameLoc,
           NestedNameSpecifierLoc Qualifier, const Expr *Callee) {
    const NamedDecl *Target = stdEntity(Found);
    if (Cur.Where == Site::Host || !Target || !owned(NameLoc))
      return false;
    StdUse U = makeUse(Kind, Target, NameLoc);
    if (const auto *Shadow = dyn_cast<UsingShadowDecl>(Found);
        Shadow && Shadow != Target)
      U.FoundVia = dyn_cast<UsingDecl>(Shadow->getIntroducer());
    splitQualifier(Qualifier, U);
    if (Callee) {
      auto It = CallOf.find(Callee);
      U.Call = It == CallOf.end() ? nullptr : It->second;
    }
    Uses.push_back(std::move(U));
    return true;
  }

  /// The std entity \p Found stands for, or null. A using-declaration inside
  /// std (`namespace std { using ::sqrt; }`, as the C library headers and
  /// Clang's CUDA wrappers write) makes a std entity too; one outside std
  /// (`using std::min;`) stands for its target.
  static const NamedDecl *stdEntity(const NamedDecl *Found) {
    if (const auto *Shadow = dyn_cast<UsingShadowDecl>(Found)) {
      if (stdMemberName(*Shadow))
        return Shadow;
      Found = Shadow->getTargetDecl();
    }
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(Found))
      Found = FTD->getTemplatedDecl();
    return stdMemberName(*Found) ? Found : nullptr;
  }

  static bool isOperator(const NamedDecl *D) {
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
      D = FTD->getTemplatedDecl();
    const auto *FD = dyn_cast<FunctionDecl>(D);
    return FD && FD->isOverloadedOperator();
  }

  /// Finds the token naming std in \p Q (std::, ::std::, std::chrono::, or a
  /// namespace alias of std); a qualifier without one (util:: holding a
  /// using-declaration) is kept whole, to be replaced.
  static void splitQualifier(NestedNameSpecifierLoc Q, StdUse &U) {
    for (NestedNameSpecifierLoc L = Q; L;) {
      if (L.getNestedNameSpecifier().getKind() !=
          NestedNameSpecifier::Kind::Namespace)
        break;
      auto [NS, Prefix] = L.castAsNamespaceAndPrefix();
      const NamespaceDecl *Named = NS->getNamespace();
      if (Named && Named->getName() == "std" &&
          Named->getParent()->getRedeclContext()->isTranslationUnit()) {
        U.StdToken = L.getLocalBeginLoc();
        U.StdIsGlobal = Prefix && Prefix.getNestedNameSpecifier().getKind() ==
                                      NestedNameSpecifier::Kind::Global;
        return;
      }
      L = Prefix;
    }
    if (Q && Q.getNestedNameSpecifier().getKind() !=
                 NestedNameSpecifier::Kind::Global)
      U.OtherQualifier = Q.getSourceRange();
  }

  bool traverseDeclIn(Decl *D) {
    if (auto *FD = dyn_cast<FunctionDecl>(D); FD && !isLambdaCallOperator(*FD))
      return traverseFunction(FD);
    if (auto *VD = dyn_cast<VarDecl>(D);
        VD && !isa<ParmVarDecl>(VD) && !VD->getParentFunctionOrMethod())
      return traverseGlobal(VD);
    if (auto *Field = dyn_cast<FieldDecl>(D))
      return traverseField(Field);
    return Base::TraverseDecl(D);
  }

  bool traverseFunction(FunctionDecl *FD) {
    State Saved = Cur;
    auto SavedRoots = BodyRoots;
    Cur.Space = explicitExecSpace(*FD);
    switch (Cur.Space) {
    case ExecSpace::Host:
      Cur.Where = Site::Host;
      break;
    case ExecSpace::Device:
      Cur.Where = Site::Device;
      break;
    case ExecSpace::Global:
      Cur.Where = Site::SharedType;
      Cur.SharedWhat = "a kernel parameter";
      break;
    case ExecSpace::HostDevice:
      Cur.Where = Site::SharedType;
      Cur.SharedWhat = "the signature of a __host__ __device__ function";
      break;
    }
    // The body, default arguments and member initialisers run where the
    // function runs.
    BodyRoots.clear();
    if (FD->doesThisDeclarationHaveABody())
      BodyRoots.insert(FD->getBody());
    for (ParmVarDecl *P : FD->parameters())
      if (P->hasDefaultArg() && !P->hasUnparsedDefaultArg())
        BodyRoots.insert(P->hasUninstantiatedDefaultArg()
                             ? P->getUninstantiatedDefaultArg()
                             : P->getDefaultArg());
    if (auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
      for (CXXCtorInitializer *Init : Ctor->inits())
        if (Init->isWritten())
          BodyRoots.insert(Init->getInit());
    bool R = Base::TraverseDecl(FD);
    BodyRoots = std::move(SavedRoots);
    Cur = Saved;
    return R;
  }

  /// Variables at namespace or class scope.
  bool traverseGlobal(VarDecl *VD) {
    State Saved = Cur;
    if (hasExplicit<HIPManagedAttr>(*VD)) {
      Cur.Where = Site::SharedType;
      Cur.SharedWhat = "a __managed__ variable";
    } else if (hasExplicit<CUDADeviceAttr>(*VD) ||
               hasExplicit<CUDAConstantAttr>(*VD)) {
      Cur.Where = Site::Device;
      Cur.Space = ExecSpace::Device;
    } else {
      Cur.Where = Site::Host;
    }
    bool R = Base::TraverseDecl(VD);
    Cur = Saved;
    return R;
  }

  bool traverseField(FieldDecl *FD) {
    State Saved = Cur;
    const auto *RD = cast<RecordDecl>(FD->getDeclContext());
    // A class local to device code is device code; any other is shared with
    // host code, which may copy it to and from the GPU.
    bool Local = Cur.Where == Site::Device;
    if (!Local) {
      Cur.Where = Site::SharedType;
      Cur.SharedWhat = "a data member";
    }
    if (TypeSourceInfo *TSI = FD->getTypeSourceInfo())
      if (!TraverseTypeLoc(TSI->getTypeLoc()))
        return false;
    Cur = Saved;
    if (FD->isBitField() && !TraverseStmt(FD->getBitWidth()))
      return false;
    if (!FD->hasInClassInitializer())
      return true;
    // A default member initialiser runs in the constructors, which run on
    // the GPU when the class has device code.
    if (!Local && hasDeviceMember(RD)) {
      Cur.Where = Site::Device;
      Cur.Space = ExecSpace::HostDevice;
    }
    bool R = TraverseStmt(FD->getInClassInitializer());
    Cur = Saved;
    return R;
  }

  static bool hasDeviceMember(const RecordDecl *RD) {
    const auto *CRD = dyn_cast<CXXRecordDecl>(RD);
    if (!CRD)
      return false;
    for (const Decl *D : CRD->decls()) {
      const Decl *Inner = D;
      if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
        Inner = FTD->getTemplatedDecl();
      if (const auto *FD = dyn_cast<FunctionDecl>(Inner))
        if (runsOnDevice(explicitExecSpace(*FD)))
          return true;
    }
    return false;
  }

  RuleContext &Ctx;
  SourceManager &SM;
  State Cur;
  const DeclContext *CurDC = nullptr;
  bool InQualifier = false;
  llvm::SmallPtrSet<const Stmt *, 8> BodyRoots;
  llvm::DenseMap<const Expr *, const CallExpr *> CallOf;
};

} // namespace

//===----------------------------------------------------------------------===//
// The rule
//===----------------------------------------------------------------------===//

static bool isTrue(llvm::StringRef Value) {
  return Value.equals_insensitive("true") || Value == "1" ||
         Value.equals_insensitive("yes") || Value.equals_insensitive("on");
}

StdToCudaStd::StdToCudaStd(llvm::StringRef Name, RuleContext &Ctx)
    : Rule(Name, Ctx),
      RewriteInterfaceTypes(
          isTrue(Ctx.getOption(Name, "RewriteInterfaceTypes", "false"))),
      RewriteMoveForward(
          isTrue(Ctx.getOption(Name, "RewriteMoveForward", "false"))) {}

void StdToCudaStd::registerMatchers(ast_matchers::MatchFinder &) {
  // The rule walks the whole translation unit once, at its end: whether a
  // name is device code depends on everything around it.
}

namespace {

/// Turns the uses into diagnostics and fixes.
class UseReporter {
public:
  using DiagFn =
      std::function<DiagBuilder(SourceLocation, llvm::StringRef, DiagLevel)>;

  UseReporter(RuleContext &Ctx, DiagFn Diag, bool RewriteInterfaceTypes,
              bool RewriteMoveForward,
              const llvm::SmallPtrSetImpl<const UsingDecl *> &DeviceUsings)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Diag(std::move(Diag)),
        RewriteInterfaceTypes(RewriteInterfaceTypes),
        RewriteMoveForward(RewriteMoveForward), DeviceUsings(DeviceUsings) {}

  void report(const StdUse &U) {
    const CudaStdSymbol *Sym = findCudaStdSymbol(U.Name);
    if (!Sym) {
      reportMissing(U);
      return;
    }
    if (U.Kind == UseKind::MemberCall)
      return;
    if ((U.Name == "move" || U.Name == "forward") && !RewriteMoveForward)
      return; // nvcc makes these __host__ __device__ (guide §5.3.11.8)
    if (U.FoundVia && DeviceUsings.count(U.FoundVia))
      return; // the using-declaration itself is rewritten
    std::string Std = "'std::" + U.Name + "'";
    std::string Cuda = "'cuda::std::" + U.Name + "'";
    if (U.Where == Site::SharedType && crossesAsStdType(U) &&
        !RewriteInterfaceTypes) {
      Diag(diagLoc(U),
           Std + " in " + U.SharedWhat.str() +
               " is a type host code shares; not rewritten to " + Cuda +
               ", as that changes the interface (set "
               "std-to-cuda-std.RewriteInterfaceTypes=true to rewrite it)",
           DiagLevel::Warning);
      return;
    }
    if (const Decl *Spec = userSpecialization(U.Target)) {
      Diag(diagLoc(U),
           Std + " has a specialisation in this program that " + Cuda +
               " would not see; not rewritten",
           DiagLevel::Warning)
          .note(Spec->getLocation(), "specialisation is here");
      return;
    }
    if (std::optional<std::string> Shared = sharedStdArgument(U)) {
      Diag(diagLoc(U),
           Std + " is applied to " + *Shared +
               ", which host code shares and stays a std:: type; not "
               "rewritten to " + Cuda,
           DiagLevel::Warning);
      return;
    }
    std::string Message = "use " + Cuda + " instead of " + Std +
                          " in device code";
    if (Sym->Internal)
      Message += " (libcu++ declares it only in its internal header <" +
                 Sym->Header.str() + ">)";
    DiagBuilder B = Diag(diagLoc(U), Message, DiagLevel::Warning);
    addFix(B, U, *Sym);
  }

private:
  static SourceLocation diagLoc(const StdUse &U) {
    if (U.OtherQualifier.isValid())
      return U.OtherQualifier.getBegin();
    return U.StdToken.isValid() ? U.StdToken : U.NameLoc;
  }

  /// libcu++ has no such entity: an error where it must run on the GPU,
  /// unless it needs no code there.
  void reportMissing(const StdUse &U) {
    if (U.Where != Site::Device || needsNoDeviceCode(U))
      return;
    std::string Std = "'std::" + U.Name + "'";
    std::string Message;
    if (isException(U.Target))
      Message = Std + " is an exception type; exceptions are not supported "
                      "in device code";
    else if (U.Kind == UseKind::MemberCall)
      Message = "member function of " + Std +
                " called in device code; the type has no equivalent in "
                "libcu++ and its functions cannot run on the GPU";
    else if (U.Kind == UseKind::Function)
      Message = Std + " is a host function with no equivalent in libcu++; "
                      "it cannot run on the GPU";
    else if (U.Kind == UseKind::Variable)
      Message = Std + " is a host object with no equivalent in libcu++; it "
                      "cannot be used on the GPU";
    else if (U.Kind == UseKind::Type)
      Message = Std + " has no equivalent in libcu++; it cannot be used in "
                      "device code";
    else
      return; // a using-declaration: its uses are reported
    Diag(U.Kind == UseKind::MemberCall ? U.NameLoc : diagLoc(U), Message,
         DiagLevel::Error);
  }

  static bool isException(const NamedDecl *D) {
    const auto *RD = dyn_cast<CXXRecordDecl>(D);
    if (const auto *CTD = dyn_cast<ClassTemplateDecl>(D))
      RD = CTD->getTemplatedDecl();
    return RD && derivesFromStdException(RD, 0);
  }

  /// True if \p RD is std::exception or derives from it (dependent bases of
  /// a template pattern are followed as far as they are known).
  static bool derivesFromStdException(const CXXRecordDecl *RD, int Depth) {
    if (!RD || Depth > 16 || !RD->hasDefinition())
      return false;
    RD = RD->getDefinition();
    if (stdMemberName(*RD) == std::optional<std::string>("exception"))
      return true;
    return llvm::any_of(RD->bases(), [&](const CXXBaseSpecifier &B) {
      return derivesFromStdException(baseRecord(B), Depth + 1);
    });
  }

  /// Entities that only exist at compile time, or that nvcc allows on the
  /// GPU, need no libcu++ equivalent.
  static bool needsNoDeviceCode(const StdUse &U) {
    const NamedDecl *D = U.Target;
    if (U.AsQualifier)
      return true; // std::iterator_traits<It>::value_type, a trait's ::value
    if (const auto *VD = dyn_cast<VarDecl>(D))
      return VD->isConstexpr();
    if (const auto *TND = dyn_cast<TypedefNameDecl>(D)) {
      // std::string is an alias of a class that holds data.
      const auto *Class =
          TND->getUnderlyingType().getCanonicalType()->getAsCXXRecordDecl();
      return !Class || (isStateless(Class, 0) && !isException(Class));
    }
    if (isa<VarTemplateDecl>(D) || isa<EnumConstantDecl>(D) ||
        isa<TypeAliasTemplateDecl>(D) || isa<EnumDecl>(D))
      return true;
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      return hasExplicit<CUDADeviceAttr>(*FD);
    const auto *RD = dyn_cast<CXXRecordDecl>(D);
    if (const auto *CTD = dyn_cast<ClassTemplateDecl>(D))
      RD = CTD->getTemplatedDecl();
    // An empty class (a tag, a trait) holds nothing to run; initializer_list
    // is made __host__ __device__ by nvcc (guide §5.3.11.7).
    if (U.Name == "initializer_list")
      return true;
    return RD && isStateless(RD, 0) && !isException(D);
  }

  /// The class named by a base specifier, looking into templates.
  static const CXXRecordDecl *baseRecord(const CXXBaseSpecifier &B) {
    if (const CXXRecordDecl *RD = B.getType()->getAsCXXRecordDecl())
      return RD;
    if (const auto *TST = B.getType()->getAs<TemplateSpecializationType>())
      if (const auto *CTD = dyn_cast_or_null<ClassTemplateDecl>(
              TST->getTemplateName().getAsTemplateDecl()))
        return CTD->getTemplatedDecl();
    return nullptr;
  }

  /// True for a class with no data, here or in its bases (a tag, a trait).
  static bool isStateless(const CXXRecordDecl *RD, int Depth) {
    if (!RD || Depth > 16 || !RD->hasDefinition())
      return false;
    RD = RD->getDefinition();
    if (!RD->fields().empty() || RD->isPolymorphic())
      return false;
    return llvm::all_of(RD->bases(), [&](const CXXBaseSpecifier &B) {
      return isStateless(baseRecord(B), Depth + 1);
    });
  }

  /// For a type that host code shares: true if the use makes host and
  /// device see a different type after the rewrite. An alias that names no
  /// std class (std::enable_if_t<C, int>) changes nothing there.
  static bool crossesAsStdType(const StdUse &U) {
    if (U.Kind != UseKind::Type || U.AsQualifier)
      return false;
    if (!isa<TypedefNameDecl>(U.Target) && !isa<TypeAliasTemplateDecl>(U.Target))
      return true;
    if (!U.WrittenType.isNull() && !U.WrittenType->isDependentType())
      return containsStdClass(U.WrittenType.getCanonicalType());
    // A dependent alias: one that passes a type through (enable_if_t,
    // tuple_element_t, decay_t: `typename X<...>::type`) yields the same
    // type from either library; one that builds a std class
    // (make_index_sequence) does not.
    const auto *TATD = dyn_cast<TypeAliasTemplateDecl>(U.Target);
    if (!TATD)
      return true;
    QualType Pattern = TATD->getTemplatedDecl()->getUnderlyingType();
    return !Pattern->getAs<DependentNameType>() &&
           !Pattern->getAs<TemplateTypeParmType>();
  }

  static bool containsStdClass(QualType T) {
    if (T.isNull())
      return false;
    T = T.getCanonicalType();
    if (const Type *Pointee = T->getPointeeOrArrayElementType();
        Pointee && Pointee != T.getTypePtr())
      return containsStdClass(QualType(Pointee, 0));
    if (const auto *Ref = T->getAs<ReferenceType>())
      return containsStdClass(Ref->getPointeeType());
    const TagDecl *TD = T->getAsTagDecl();
    if (!TD)
      return false;
    if (stdMemberName(*TD))
      return true;
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(TD))
      for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
        if (A.getKind() == TemplateArgument::Type &&
            containsStdClass(A.getAsType()))
          return true;
    return false;
  }

  /// An explicit or partial specialisation of the std class template \p D
  /// written in user code, or null.
  const Decl *userSpecialization(const NamedDecl *D) {
    const ClassTemplateDecl *CTD = dyn_cast<ClassTemplateDecl>(D);
    if (!CTD)
      if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(D))
        CTD = Spec->getSpecializedTemplate();
    if (!CTD)
      return nullptr;
    CTD = CTD->getCanonicalDecl();
    for (const ClassTemplateSpecializationDecl *S :
         const_cast<ClassTemplateDecl *>(CTD)->specializations())
      if (S->isExplicitSpecialization() && Ctx.isUserOwned(S->getLocation()))
        return S;
    llvm::SmallVector<ClassTemplatePartialSpecializationDecl *, 4> Partials;
    const_cast<ClassTemplateDecl *>(CTD)->getPartialSpecializations(Partials);
    for (const auto *P : Partials)
      if (Ctx.isUserOwned(P->getLocation()))
        return P;
    return nullptr;
  }

  /// A call whose argument has a std class type that stays std (a kernel
  /// parameter, a data member, a variable of host code captured by a device
  /// lambda): the cuda::std function would not accept it. Returns the type.
  std::optional<std::string> sharedStdArgument(const StdUse &U) {
    if (!U.Call || RewriteInterfaceTypes)
      return std::nullopt;
    for (const Expr *Arg : U.Call->arguments()) {
      if (Arg->isTypeDependent() || !containsStdClass(Arg->getType()) ||
          !staysStd(Arg))
        continue;
      return "'" + Arg->getType().getUnqualifiedType().getAsString(
                       Ctx.getASTContext().getPrintingPolicy()) +
             "'";
    }
    return std::nullopt;
  }

  /// True if \p E names an object whose declared type the rule leaves std.
  static bool staysStd(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return isa<FieldDecl>(ME->getMemberDecl()) || staysStd(ME->getBase());
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      return staysStd(ASE->getBase());
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && (UO->getOpcode() == UO_Deref || UO->getOpcode() == UO_AddrOf))
      return staysStd(UO->getSubExpr());
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD)
      return false;
    if (const auto *P = dyn_cast<ParmVarDecl>(VD)) {
      const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
      return FD && !isLambdaCallOperator(*FD) &&
             explicitExecSpace(*FD) != ExecSpace::Device;
    }
    if (!VD->getParentFunctionOrMethod())
      return !hasExplicit<CUDADeviceAttr>(*VD) &&
             !hasExplicit<CUDAConstantAttr>(*VD);
    // A local of host code, captured by a device lambda.
    return !runsOnDevice(execSpaceOf(VD->getDeclContext()));
  }

  /// True if a name `cuda` declared around \p DC would hide ::cuda.
  bool cudaIsHidden(const DeclContext *DC) {
    IdentifierInfo &Cuda = Ctx.getASTContext().Idents.get("cuda");
    for (; DC && !DC->isTranslationUnit(); DC = DC->getParent())
      if ((isa<NamespaceDecl>(DC) || isa<RecordDecl>(DC)) &&
          !DC->lookup(&Cuda).empty())
        return true;
    return false;
  }

  void addFix(DiagBuilder &B, const StdUse &U, const CudaStdSymbol &Sym) {
    bool Global = cudaIsHidden(U.Context);
    if (U.StdToken.isValid()) {
      // `std` becomes `cuda::std`; a leading `::` stays where it is.
      B.replace(tokenRange(editLoc(U, U.StdToken)),
                Global && !U.StdIsGlobal ? "::cuda::std" : "cuda::std");
    } else if (U.OtherQualifier.isValid()) {
      B.replace(CharSourceRange::getCharRange(
                    U.OtherQualifier.getBegin(),
                    Lexer::getLocForEndOfToken(
                        U.OtherQualifier.getEnd(), 0, SM,
                        Ctx.getASTContext().getLangOpts())),
                Global ? "::cuda::std::" : "cuda::std::");
    } else {
      B.insert(editLoc(U, U.NameLoc), Global ? "::cuda::std::" : "cuda::std::");
    }
    addInclude(B, editLoc(U, U.StdToken.isValid() ? U.StdToken : U.NameLoc),
               Sym);
  }

  /// Names spelled in the body of a macro are edited in its definition:
  /// cuda::std functions are __host__ __device__, so the macro stays right
  /// wherever it is used. Types are not: they would change host code too.
  SourceLocation editLoc(const StdUse &U, SourceLocation Loc) {
    if (Loc.isMacroID() && !SM.isMacroArgExpansion(Loc) &&
        (U.Kind == UseKind::Function || U.Kind == UseKind::Variable))
      return SM.getSpellingLoc(Loc);
    return Loc;
  }

  CharSourceRange tokenRange(SourceLocation Loc) {
    return CharSourceRange::getTokenRange(Loc, Loc);
  }

  void addInclude(DiagBuilder &B, SourceLocation UseLoc,
                  const CudaStdSymbol &Sym) {
    FileID FID = SM.getFileID(SM.getSpellingLoc(UseLoc));
    llvm::StringRef Text = SM.getBufferData(FID);
    if (includesHeader(Text, Sym.Header))
      return;
    IncludeSite Site = findIncludeSite(Text);
    std::string Line = Site.NeedsNewline ? "\n" : "";
    Line += "#include <" + Sym.Header.str() + ">";
    if (Sym.Internal)
      Line += " // libcu++ has no public header for this";
    Line += "\n";
    B.insert(SM.getComposedLoc(FID, Site.Offset), Line);
  }

  RuleContext &Ctx;
  SourceManager &SM;
  DiagFn Diag;
  bool RewriteInterfaceTypes;
  bool RewriteMoveForward;
  const llvm::SmallPtrSetImpl<const UsingDecl *> &DeviceUsings;
};

} // namespace

void StdToCudaStd::onEndOfTranslationUnit() {
  // Code the GPU runs is all in the device pass, and code under
  // `#ifndef __CUDA_ARCH__` (host-only) is not.
  if (context().getPass() != CompilationPass::Device)
    return;
  ASTContext &AST = context().getASTContext();
  UseFinder Finder(context());
  Finder.TraverseDecl(AST.getTranslationUnitDecl());
  UseReporter Reporter(
      context(),
      [this](SourceLocation Loc, llvm::StringRef Msg, DiagLevel Level) {
        return diag(Loc, Msg, Level);
      },
      RewriteInterfaceTypes, RewriteMoveForward, Finder.DeviceUsings);
  for (const StdUse &U : Finder.Uses)
    Reporter.report(U);
}

} // namespace cudalower

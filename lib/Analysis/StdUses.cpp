//===--- StdUses.cpp - Names of std entities in device code ---------------===//
//
// The walk reads template patterns, never instantiations, so that one edit
// serves every instantiation. Where a name is written decides its Site:
//   - device code (bodies of device functions and lambdas, default arguments
//     and initialisers evaluated there, signatures of __device__ functions,
//     __device__ variables);
//   - types that host code shares (kernel parameters, __host__ __device__
//     signatures, __managed__ variables, data members of classes that device
//     code touches);
//   - host code, which is not reported at all.
//
//===----------------------------------------------------------------------===//

#include "Analysis/StdUses.h"
#include "Analysis/DeviceTouchedClasses.h"
#include "Nvcc/ManagedVariables.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace clang;

namespace cudalower {

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

namespace {

class UseFinder : public RecursiveASTVisitor<UseFinder> {
  using Base = RecursiveASTVisitor<UseFinder>;

public:
  UseFinder(RuleContext &Ctx, const FunctionSet *MadeHostDevice)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), MadeHostDevice(MadeHostDevice) {
  }

  std::vector<StdUse> Uses;
  llvm::SmallPtrSet<const UsingDecl *, 8> DeviceUsings;
  DeviceTouchedClasses Touched;

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (!isa<TranslationUnitDecl>(D) &&
        (D->getLocation().isInvalid() || !Ctx.isUserOwned(D->getLocation())))
      return true;
    llvm::SaveAndRestore InDC(CurDC);
    if (auto *DC = dyn_cast<DeclContext>(D))
      CurDC = DC;
    return traverseDeclIn(D);
  }

  bool TraverseStmt(Stmt *S, DataRecursionQueue *Queue = nullptr) {
    if (S && BodyRoots.count(S)) {
      llvm::SaveAndRestore InBody(Cur);
      Cur.Where = runsOnDevice(Cur.Space) ? Site::Device : Site::Host;
      return Base::TraverseStmt(S, Queue);
    }
    return Base::TraverseStmt(S, Queue);
  }

  bool TraverseLambdaExpr(LambdaExpr *L) {
    const CXXMethodDecl *Op = L->getCallOperator();
    llvm::SaveAndRestore InLambda(Cur);
    llvm::SaveAndRestore<const DeclContext *> InOperator(CurDC, Op);
    if (hasExplicitAttr<CUDADeviceAttr>(*Op) || hasExplicitAttr<CUDAHostAttr>(*Op))
      Cur.Space = writtenExecSpace(*Op);
    Cur.Where = runsOnDevice(Cur.Space) ? Site::Device : Site::Host;
    return Base::TraverseLambdaExpr(L);
  }

  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc NNS) {
    llvm::SaveAndRestore InName(InQualifier, true);
    return Base::TraverseNestedNameSpecifierLoc(NNS);
  }

  bool TraverseTemplateArgumentLoc(const TemplateArgumentLoc &Arg) {
    // A template argument is a type in its own right, not a qualifier.
    llvm::SaveAndRestore InArgument(InQualifier, false);
    return Base::TraverseTemplateArgumentLoc(Arg);
  }

  // What is named behind a pointer or a reference has no object of its own
  // in the code at hand: no constructor or destructor of it runs there.
  bool TraversePointerTypeLoc(PointerTypeLoc TL, bool Q) {
    llvm::SaveAndRestore Behind(InIndirection, true);
    return Base::TraversePointerTypeLoc(TL, Q);
  }
  bool TraverseLValueReferenceTypeLoc(LValueReferenceTypeLoc TL, bool Q) {
    llvm::SaveAndRestore Behind(InIndirection, true);
    return Base::TraverseLValueReferenceTypeLoc(TL, Q);
  }
  bool TraverseRValueReferenceTypeLoc(RValueReferenceTypeLoc TL, bool Q) {
    llvm::SaveAndRestore Behind(InIndirection, true);
    return Base::TraverseRValueReferenceTypeLoc(TL, Q);
  }

  bool VisitExpr(Expr *E) {
    if (touchesClasses())
      Touched.touch(E->getType());
    return true;
  }

  /// A kernel launch copies its arguments to the GPU, even from host code.
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    for (const Expr *Arg : E->arguments())
      Touched.touch(Arg->getType());
    return true;
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
        !stdMemberName(*MD->getParent()) || hasExplicitAttr<CUDADeviceAttr>(*MD))
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
    if (touchesClasses())
      Touched.touch(TL.getType());
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
      Uses.back().BehindIndirection = InIndirection;
      Uses.back().WrittenType = TL.getType();
    }
    return true;
  }

private:
  struct State {
    Site Where = Site::Host;
    ExecSpace Space = ExecSpace::Host;
    llvm::StringRef SharedWhat;
    /// The class whose data member's type is being walked, if shared.
    const CXXRecordDecl *MemberOf = nullptr;
  };

  /// True where a class named is one device code touches: device code and
  /// shared signatures, but not the data members of a class, which are
  /// touched only with their class.
  bool touchesClasses() const {
    return Cur.Where != Site::Host && !Cur.MemberOf;
  }

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
    U.MemberOf = Cur.MemberOf;
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
    Cur.Space = writtenExecSpace(*FD);
    if (Cur.Space == ExecSpace::Host && MadeHostDevice &&
        MadeHostDevice->count(FD->getCanonicalDecl()))
      Cur.Space = ExecSpace::HostDevice;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
        MD && runsOnDevice(Cur.Space) && !MD->getParent()->isLambda())
      Touched.touchClass(MD->getParent());
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
    llvm::SaveAndRestore InGlobal(Cur);
    if (isNvccManaged(*VD)) {
      Cur.Where = Site::SharedType;
      Cur.SharedWhat = "a __managed__ variable";
    } else if (hasExplicitAttr<CUDADeviceAttr>(*VD) ||
               hasExplicitAttr<CUDAConstantAttr>(*VD)) {
      Cur.Where = Site::Device;
      Cur.Space = ExecSpace::Device;
    } else {
      Cur.Where = Site::Host;
    }
    return Base::TraverseDecl(VD);
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
      Cur.MemberOf = dyn_cast<CXXRecordDecl>(RD);
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
        if (runsOnDevice(writtenExecSpace(*FD)))
          return true;
    }
    return false;
  }

  RuleContext &Ctx;
  SourceManager &SM;
  const FunctionSet *MadeHostDevice;
  State Cur;
  const DeclContext *CurDC = nullptr;
  bool InQualifier = false;
  bool InIndirection = false; ///< Below a pointer or reference type.
  llvm::SmallPtrSet<const Stmt *, 8> BodyRoots;
  llvm::DenseMap<const Expr *, const CallExpr *> CallOf;
};

} // namespace

StdUses findStdUses(RuleContext &Ctx, const FunctionSet *MadeHostDevice) {
  UseFinder Finder(Ctx, MadeHostDevice);
  Finder.TraverseDecl(Ctx.getASTContext().getTranslationUnitDecl());
  Finder.Touched.close();
  // A data member of a class device code never touches is host code's own.
  llvm::erase_if(Finder.Uses, [&](const StdUse &U) {
    return U.MemberOf && !Finder.Touched.contains(U.MemberOf);
  });
  StdUses Out;
  Out.Uses = std::move(Finder.Uses);
  Out.DeviceUsings = std::move(Finder.DeviceUsings);
  return Out;
}

} // namespace cudalower

//===--- StdToCudaStd.cpp - std:: in device code to cuda::std:: -----------===//
//
// StdUses.cpp finds the names of std entities outside host code; this file
// decides, for each, between a rewrite to cuda::std (with its #include), a
// warning that explains why not, and an error for what cannot run on the
// GPU at all.
//
//===----------------------------------------------------------------------===//

#include "Rules/StdToCudaStd/StdToCudaStd.h"
#include "Analysis/Analyses.h"
#include "Analysis/DeviceCallable.h"
#include "Analysis/StdBoundTypes.h"
#include "Analysis/StdSymbolMap.h"
#include "Analysis/StdUses.h"
#include "Editing/IncludeInserter.h"
#include "Rules/StdToCudaStd/DeviceFreeEntities.h"
#include "Rules/StdToCudaStd/HeaderFreeMinMax.h"
#include "Rules/StdToCudaStd/KernelParams.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include <functional>
#include <optional>

using namespace clang;

namespace cudalower {

llvm::ArrayRef<OptionDecl> StdToCudaStd::declaredOptions() {
  static const OptionDecl Options[] = {
      {"RewriteInterfaceTypes", OptionType::Bool, "false",
       "also rewrite std:: types that host code shares with device code "
       "(kernel parameters, members), changing the interface"},
      {"RewriteMoveForward", OptionType::Bool, "false",
       "also rewrite std::move and std::forward, which nvcc already makes "
       "__host__ __device__"},
      {"HeaderFreeMinMax", OptionType::Bool, "true",
       "spell std::min/max of two arithmetic values of one type without a "
       "libcu++ header (CUDA's ::min/::max for int, long, long long, a "
       "conditional expression otherwise); false: cuda::std::min"},
  };
  return Options;
}

StdToCudaStd::StdToCudaStd(llvm::StringRef Name, RuleContext &Ctx)
    : Rule(Name, Ctx), Opts{option<bool>("RewriteInterfaceTypes"),
                            option<bool>("RewriteMoveForward"),
                            option<bool>("HeaderFreeMinMax")} {}

namespace {

/// Turns the uses into diagnostics and fixes.
class UseReporter {
public:
  using DiagFn =
      std::function<DiagBuilder(SourceLocation, llvm::StringRef, DiagLevel)>;

  UseReporter(RuleContext &Ctx, DiagFn Diag, const StdToCudaStd::Options &Opts,
              const llvm::SmallPtrSetImpl<const UsingDecl *> &DeviceUsings,
              std::vector<StdBoundRange> Bound)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Diag(std::move(Diag)), Opts(Opts),
        DeviceUsings(DeviceUsings), Bound(std::move(Bound)), Kernels(Ctx) {}

  void report(const StdUse &U) {
    const CudaStdSymbol *Sym = findCudaStdSymbol(U.Name);
    if (!Sym) {
      reportMissing(U);
      return;
    }
    if (U.Kind == UseKind::MemberCall)
      return;
    if ((U.Name == "move" || U.Name == "forward") && !Opts.RewriteMoveForward)
      return; // nvcc makes these __host__ __device__ (guide §5.3.11.8)
    if (U.FoundVia && DeviceUsings.count(U.FoundVia))
      return; // the using-declaration itself is rewritten
    std::string Std = "'std::" + U.Name + "'";
    std::string Cuda = "'cuda::std::" + U.Name + "'";
    if (std::optional<std::string> Dialect = belowLibcuxxDialect()) {
      // libcu++ of CCCL 3 stops with an #error below C++17 (CCCL 2 warns):
      // its header cannot be included. Where device code needs the entity
      // (a constexpr call), verification reports what is left.
      Diag(diagLoc(U),
           Std + " not rewritten to " + Cuda + ": libcu++ needs C++17, and "
               "this file is compiled as " + *Dialect,
           DiagLevel::Warning);
      return;
    }
    if (U.Where == Site::SharedType && crossesAsStdType(U)) {
      // A kernel's launches convert what host code passes, with the option
      // or without: host code keeps its std types.
      const KernelParamPlan *Plan = kernelParamPlan(U);
      if (Plan && Plan->Convertible) {
        rewriteKernelParam(U, *Sym, *Plan);
        return;
      }
      if (!Opts.RewriteInterfaceTypes) {
        std::string WhyNot =
            Plan && !Plan->WhyNot.empty()
                ? " (its launches cannot be converted: " + Plan->WhyNot + ")"
                : "";
        Diag(diagLoc(U),
             Std + " in " + U.SharedWhat.str() +
                 " is a type host code shares; not rewritten to " + Cuda +
                 ", as that changes the interface (set "
                 "std-to-cuda-std.RewriteInterfaceTypes=true to rewrite "
                 "it)" +
                 WhyNot,
             DiagLevel::Warning);
        return;
      }
    }
    if (const StdBoundRange *B = boundType(U)) {
      Diag(diagLoc(U),
           Std + " not rewritten to " + Cuda + ": the value flows into " +
               B->Why + ", which keeps its std type" +
               (Opts.RewriteInterfaceTypes
                    ? std::string()
                    : " (std-to-cuda-std.RewriteInterfaceTypes=true "
                      "rewrites the project's kernels and __host__ "
                      "__device__ functions with their callers)"),
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
    if (std::optional<HeaderFreeSpelling> Spelling = headerFreeSpelling(U)) {
      Diag(diagLoc(U), Spelling->message(U.Name), DiagLevel::Warning)
          .replace(Spelling->Range, Spelling->Text);
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
  /// The language standard of the parse if libcu++ does not support it
  /// (below C++17), else nullopt.
  std::optional<std::string> belowLibcuxxDialect() const {
    const LangOptions &LO = Ctx.getASTContext().getLangOpts();
    if (LO.CPlusPlus17)
      return std::nullopt;
    return LO.CPlusPlus14 ? "C++14" : "C++11";
  }

  static SourceLocation diagLoc(const StdUse &U) {
    if (U.OtherQualifier.isValid())
      return U.OtherQualifier.getBegin();
    return U.StdToken.isValid() ? U.StdToken : U.NameLoc;
  }

  /// For a std class that is the whole type of a kernel parameter, whether
  /// the kernel and its launches can take the cuda::std class; else null.
  const KernelParamPlan *kernelParamPlan(const StdUse &U) {
    const auto *K = dyn_cast_or_null<FunctionDecl>(U.Context);
    if (U.Kind != UseKind::Type || !K || !K->hasAttr<CUDAGlobalAttr>())
      return nullptr;
    return &Kernels.planFor(*K, U.NameLoc);
  }

  /// The parameter becomes the cuda::std class; each launch converts what
  /// host code passes (once, for the first declaration of the kernel).
  void rewriteKernelParam(const StdUse &U, const CudaStdSymbol &Sym,
                          const KernelParamPlan &Plan) {
    bool First = ConvertedPlans.insert(&Plan).second;
    DiagBuilder B = Diag(
        diagLoc(U),
        "'std::" + U.Name + "' in a kernel parameter rewritten to "
            "'cuda::std::" + U.Name + "'" +
            (Plan.Conversions.empty()
                 ? std::string()
                 : ", and the argument converted element by element at " +
                       launches(Plan.Conversions.size()) +
                       ": host code keeps its std type"),
        DiagLevel::Warning);
    addFix(B, U, Sym);
    if (!First)
      return;
    for (const KernelArgConversion &C : Plan.Conversions) {
      B.replace(C.Range, C.Text);
      addInclude(B, C.Range.getBegin(), Sym);
    }
  }

  static std::string launches(size_t N) {
    return N == 1 ? "its launch" : "its " + std::to_string(N) + " launches";
  }

  /// The place that needs the std type of what \p U makes (a class it
  /// names, a call that returns one), or null.
  const StdBoundRange *boundType(const StdUse &U) {
    if (U.Where != Site::Device || Bound.empty())
      return nullptr;
    bool MakesStdClass =
        (U.Kind == UseKind::Type && crossesAsStdType(U)) ||
        (U.Kind == UseKind::Function && U.Call &&
         !U.Call->isTypeDependent() && containsStdClass(U.Call->getType()));
    return MakesStdClass ? findBound(Bound, U.NameLoc, SM) : nullptr;
  }

  /// libcu++ has no such entity: an error where it must run on the GPU,
  /// unless it needs no code there.
  void reportMissing(const StdUse &U) {
    if (U.Where != Site::Device || needsNoDeviceCode(U))
      return;
    std::string Std = "'std::" + U.Name + "'";
    std::string Message;
    if (isStdException(U.Target))
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
    if (!U.Call || Opts.RewriteInterfaceTypes)
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
  bool staysStd(const Expr *E) {
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
      if (Kernels.converts(*P))
        return false;
      return FD && !isLambdaCallOperator(*FD) &&
             writtenExecSpace(*FD) != ExecSpace::Device;
    }
    if (!VD->getParentFunctionOrMethod())
      return !hasExplicitAttr<CUDADeviceAttr>(*VD) &&
             !hasExplicitAttr<CUDAConstantAttr>(*VD);
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

  /// A spelling of std::min/max that needs no header (HeaderFreeMinMax.h),
  /// for a call written `std::min(...)` outside macros.
  std::optional<HeaderFreeSpelling> headerFreeSpelling(const StdUse &U) {
    if (!Opts.HeaderFreeMinMax || U.Kind != UseKind::Function || !U.Call ||
        !U.StdToken.isValid() || U.StdToken.isMacroID() ||
        U.NameLoc.isMacroID())
      return std::nullopt;
    return headerFreeMinMax(*U.Call, Ctx.getASTContext());
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
    if (auto I = Includes.insertion(
            FID, Sym.Header,
            Sym.Internal ? "libcu++ has no public header for this" : ""))
      B.insert(I->Loc, I->Text);
  }

  RuleContext &Ctx;
  SourceManager &SM;
  DiagFn Diag;
  const StdToCudaStd::Options Opts;
  const llvm::SmallPtrSetImpl<const UsingDecl *> &DeviceUsings;
  std::vector<StdBoundRange> Bound;
  KernelParamConverter Kernels;
  llvm::SmallPtrSet<const KernelParamPlan *, 4> ConvertedPlans;
  /// Each file scanned once for its includes, not once per use
  /// (thousands in a large file).
  IncludeInserter Includes{SM};
};

} // namespace

/// The functions constexpr-host-call annotates __host__ __device__ in this
/// run: its planner leaves the std calls in them to this rule.
static FunctionSet functionsMadeHostDevice(RuleContext &Ctx) {
  FunctionSet Made;
  if (!Ctx.owners().ConstexprRuleOwnsConstexprCallees)
    return Made;
  for (const DeviceToHostCall &C : Ctx.analyses().deviceToHostCalls()) {
    if (!C.Callee->isConstexpr() || !Ctx.isUserOwned(C.Callee->getLocation()))
      continue;
    const DeviceCallablePlan &Plan =
        Ctx.analyses().deviceCallablePlanner().plan(*C.Callee, C.Loc);
    if (!Plan.Block)
      for (const CallStep &Step : Plan.ToAnnotate)
        Made.insert(Step.Callee->getCanonicalDecl());
  }
  return Made;
}

void StdToCudaStd::finishTranslationUnit() {
  FunctionSet MadeHostDevice = functionsMadeHostDevice(context());
  StdUses Found = findStdUses(context(), &MadeHostDevice);
  UseReporter Reporter(
      context(),
      [this](SourceLocation Loc, llvm::StringRef Msg, DiagLevel Level) {
        return diag(Loc, Msg, Level);
      },
      Opts, Found.DeviceUsings,
      Found.Uses.empty()
          ? std::vector<StdBoundRange>()
          : findStdBoundRanges(context(), Opts.RewriteInterfaceTypes));
  for (const StdUse &U : Found.Uses)
    Reporter.report(U);
}

PreScanTriggers StdToCudaStd::preScanTriggers() {
  static constexpr PreScanTriggers::Word Words[] = {
      {"std", "uses std"},
  };
  return {PreScanTriggers::None, Words};
}

void StdToCudaStd::claimFindings(FindingOwners &Owners) { Owners.StdRuleOwnsStdCallees = true; }

} // namespace cudalower

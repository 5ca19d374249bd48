//===--- KernelParams.cpp - std classes as kernel parameters --===//
//
// See KernelParams.h.
//
//===----------------------------------------------------------------------===//

#include "Rules/StdToCudaStd/KernelParams.h"
#include "Analysis/StdUses.h"
#include "cudalower/Rule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace cudalower {

namespace {

/// More elements than this are not spelled out at a launch.
constexpr uint64_t MaxElements = 16;

/// `file.cu:12:5`: where, in the words of a message.
std::string place(SourceLocation Loc, const SourceManager &SM) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "?";
  return (llvm::sys::path::filename(P.getFilename()) + ":" +
          llvm::Twine(P.getLine()) + ":" + llvm::Twine(P.getColumn()))
      .str();
}

std::string spell(QualType T, const ASTContext &Ctx) {
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.FullyQualifiedName = true;
  Policy.SuppressScope = false;
  return T.getAsString(Policy);
}

/// True if \p T may be spelled in a cuda::std class: not a std class itself
/// (std::array<std::pair<...>, N> would keep a std element).
bool plainElement(QualType T) {
  const auto *RD = T.getCanonicalType()->getAsCXXRecordDecl();
  return !T->isDependentType() && (!RD || !stdMemberName(*RD));
}

/// Finds the launches of each kernel in the project's code, and any other
/// use of a kernel's name.
class LaunchFinder : public RecursiveASTVisitor<LaunchFinder> {
public:
  using LaunchMap = llvm::DenseMap<const FunctionDecl *,
                                   std::vector<const CUDAKernelCallExpr *>>;
  using UseMap = llvm::DenseMap<const FunctionDecl *, SourceLocation>;
  LaunchFinder(RuleContext &Ctx, LaunchMap &Launches, UseMap &Others)
      : Ctx(Ctx), Launches(Launches), Others(Others) {}

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && !isa<NamespaceDecl>(D) &&
        !isa<LinkageSpecDecl>(D) &&
        !Ctx.isUserOwned(
            Ctx.getSourceManager().getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    const auto *DRE =
        dyn_cast<DeclRefExpr>(E->getCallee()->IgnoreParenImpCasts());
    const auto *K = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
    if (!K)
      return true;
    Callees.insert(DRE);
    Launches[K->getCanonicalDecl()].push_back(E);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *FD = dyn_cast<FunctionDecl>(E->getDecl());
    if (FD && FD->hasAttr<CUDAGlobalAttr>() && !Callees.count(E))
      Others.try_emplace(FD->getCanonicalDecl(), E->getLocation());
    return true;
  }

private:
  RuleContext &Ctx;
  LaunchMap &Launches;
  UseMap &Others;
  /// The callees of launches seen so far (a launch is visited before its
  /// callee).
  llvm::SmallPtrSet<const DeclRefExpr *, 16> Callees;
};

} // namespace

std::optional<std::string> elementwiseCopy(QualType T, llvm::StringRef Arg,
                                           const ASTContext &Ctx) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getCanonicalType()->getAsCXXRecordDecl());
  if (!Spec)
    return std::nullopt;
  std::optional<std::string> Name = stdMemberName(*Spec);
  llvm::ArrayRef<TemplateArgument> Args = Spec->getTemplateArgs().asArray();
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  if (Name == "array" && Args.size() == 2 &&
      Args[0].getKind() == TemplateArgument::Type &&
      Args[1].getKind() == TemplateArgument::Integral &&
      plainElement(Args[0].getAsType())) {
    uint64_t N = Args[1].getAsIntegral().getZExtValue();
    if (N > MaxElements)
      return std::nullopt;
    OS << "cuda::std::array<" << spell(Args[0].getAsType(), Ctx) << ", " << N
       << ">{";
    for (uint64_t I = 0; I < N; ++I)
      OS << (I ? ", " : "") << Arg << "[" << I << "]";
    OS << "}";
    return Out;
  }
  if (Name == "pair" && Args.size() == 2 &&
      Args[0].getKind() == TemplateArgument::Type &&
      Args[1].getKind() == TemplateArgument::Type &&
      plainElement(Args[0].getAsType()) && plainElement(Args[1].getAsType())) {
    OS << "cuda::std::pair<" << spell(Args[0].getAsType(), Ctx) << ", "
       << spell(Args[1].getAsType(), Ctx) << ">{" << Arg << ".first, " << Arg
       << ".second}";
    return Out;
  }
  return std::nullopt;
}

void KernelParamConverter::findLaunches() {
  if (Searched)
    return;
  Searched = true;
  LaunchFinder(Ctx, Launches, OtherUses)
      .TraverseDecl(Ctx.getASTContext().getTranslationUnitDecl());
}

const KernelParamPlan &
KernelParamConverter::planFor(const FunctionDecl &Kernel, SourceLocation Loc) {
  for (const ParmVarDecl *P : Kernel.parameters()) {
    const TypeSourceInfo *TSI = P->getTypeSourceInfo();
    if (!TSI)
      continue;
    auto TST = TSI->getTypeLoc()
                   .getUnqualifiedLoc()
                   .getAs<TemplateSpecializationTypeLoc>();
    // Only a parameter whose whole type is the std class named at Loc.
    if (!TST || TST.getTemplateNameLoc() != Loc)
      continue;
    const FunctionDecl *K = Kernel.getCanonicalDecl();
    unsigned I = P->getFunctionScopeIndex();
    auto It = Plans.find({K, I});
    if (It == Plans.end())
      It = Plans.try_emplace({K, I}, plan(*K, I)).first;
    return It->second;
  }
  return None;
}

bool KernelParamConverter::converts(const ParmVarDecl &P) {
  const auto *K = dyn_cast<FunctionDecl>(P.getDeclContext());
  if (!K || !K->hasAttr<CUDAGlobalAttr>() || !P.getTypeSourceInfo())
    return false;
  return planFor(*K,
                 [&] {
                   auto TST = P.getTypeSourceInfo()
                                  ->getTypeLoc()
                                  .getUnqualifiedLoc()
                                  .getAs<TemplateSpecializationTypeLoc>();
                   return TST ? TST.getTemplateNameLoc() : SourceLocation();
                 }())
      .Convertible;
}

KernelParamPlan KernelParamConverter::plan(const FunctionDecl &Kernel,
                                           unsigned Index) {
  KernelParamPlan Plan;
  auto No = [&](std::string Why) {
    Plan.WhyNot = std::move(Why);
    return Plan;
  };
  ASTContext &AST = Ctx.getASTContext();
  const SourceManager &SM = AST.getSourceManager();
  if (Kernel.isTemplated())
    return No("the kernel is a template");
  QualType T = Kernel.getParamDecl(Index)->getType();
  if (T->isReferenceType() || !elementwiseCopy(T, "x", AST))
    return No("only std::array (of up to 16 elements) and std::pair of "
              "non-std types are converted");
  for (const FunctionDecl *R : Kernel.redecls()) {
    SourceLocation Loc = R->getParamDecl(Index)->getBeginLoc();
    if (Loc.isMacroID())
      return No("the parameter is written in a macro");
    if (!SM.isInMainFile(SM.getExpansionLoc(R->getLocation())))
      return No("the kernel is declared in a header, from which other "
                "sources may launch it");
  }
  findLaunches();
  if (auto It = OtherUses.find(&Kernel); It != OtherUses.end())
    return No("the kernel is named at " +
              place(It->second, SM) +
              " other than in a launch, which cannot be converted");
  for (const CUDAKernelCallExpr *L : Launches.lookup(&Kernel)) {
    if (Index >= L->getNumArgs())
      return No("a launch has too few arguments");
    const Expr *Arg = L->getArg(Index);
    const Expr *Inner = Arg->IgnoreUnlessSpelledInSource();
    ++Plan.Launches;
    if (isa<InitListExpr>(Inner) || isa<CXXStdInitializerListExpr>(Inner))
      continue; // `{1.f, 2.f, 3.f}` initialises the cuda::std class as well
    if (Arg->isTypeDependent() || Arg->isValueDependent())
      return No("a launch in a template passes a dependent argument");
    SourceRange R = Arg->getSourceRange();
    if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
      return No("a launch's argument is written in a macro (" +
                place(R.getBegin(), SM) + ")");
    if (Arg->HasSideEffects(AST))
      return No("a launch's argument has side effects (" +
                place(R.getBegin(), SM) + ")");
    CharSourceRange Range = CharSourceRange::getTokenRange(R);
    std::string Text =
        Lexer::getSourceText(Range, SM, AST.getLangOpts()).str();
    if (!isa<DeclRefExpr>(Inner) && !isa<MemberExpr>(Inner))
      Text = "(" + Text + ")";
    std::optional<std::string> Copy = elementwiseCopy(Arg->getType(), Text, AST);
    if (!Copy)
      return No("a launch passes another type (" +
                place(R.getBegin(), SM) + ")");
    Plan.Conversions.push_back({Range, *Copy});
  }
  Plan.Convertible = true;
  return Plan;
}

} // namespace cudalower

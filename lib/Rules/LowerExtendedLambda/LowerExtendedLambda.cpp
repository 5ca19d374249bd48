//===--- LowerExtendedLambda.cpp - Extended lambdas to functors -----------===//
//
// For each extended lambda the rule plans a functor class (members for the
// captures, operator() with the lambda's space, parameters and return type,
// the body moved verbatim), places it just before the enclosing function, at
// namespace scope or nested in the enclosing class, and replaces the lambda
// with a construction of it. The body is moved with a copy edit, so edits
// other rules make inside it travel along.
//
//===----------------------------------------------------------------------===//

#include "Rules/LowerExtendedLambda/LowerExtendedLambda.h"
#include "Analysis/Analyses.h"
#include "Rules/LowerExtendedLambda/LambdaLocalDependencies.h"
#include "Rules/LowerExtendedLambda/Lowering.h"
#include "Rules/LowerExtendedLambda/SystemHeaderLambdas.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {
namespace lowering {

LambdaPlanner::LambdaPlanner(const LambdaExpr &L, const NamedDecl &Owner,
                             LambdaSpace Kind, ASTContext &Ctx)
    : LambdaPlan(L, Owner, Kind, Ctx.getPrintingPolicy()), Ctx(Ctx),
      Src(Ctx) {
  Policy.SuppressUnwrittenScope = true;
  Policy.SuppressImplicitBase = true;
  Policy.PolishForDeclaration = true;
}

bool LambdaPlanner::analyze() {
  // A macro body writes the lambda (`FORALL(i, n, body)`), or all of it
  // (an object-like macro whose use alone spells the lambda).
  bool InMacroBody = Src.file(L.getSourceRange()).isInvalid() ||
                     (isWrittenByMacroBody(L.getBeginLoc(), Src.SM) &&
                      isWrittenByMacroBody(L.getEndLoc(), Src.SM));
  if (InMacroBody && !planMacroExpansion())
    return false;
  // planLocals comes last: it copies what the spelled types use too.
  return planPlacement() && planTemplate() && planCaptures() &&
         planInnerCaptures() && planThisUses() && planSignature() &&
         planLocals() && planPackLast();
}

} // namespace lowering

using namespace lowering;

namespace {

/// Finds where user code tests for nvcc's --extended-lambda mode. Once its
/// lambdas are lowered, the code no longer needs that mode, so the tests
/// become constants; the lambda traits cannot be fixed and are reported.
class FlagUseFinder : public PPCallbacks {
public:
  FlagUseFinder(Preprocessor &PP, RuleContext &Ctx,
                std::vector<LowerExtendedLambda::FlagUse> &Out,
                bool &SawTrait)
      : PP(PP), Ctx(Ctx), Out(Out), SawTrait(SawTrait) {}

  void Ifdef(SourceLocation Loc, const Token &Name,
             const MacroDefinition &) override {
    directive(Loc, Name, "if 1");
  }
  void Ifndef(SourceLocation Loc, const Token &Name,
              const MacroDefinition &) override {
    directive(Loc, Name, "if 0");
  }
  void Defined(const Token &Name, const MacroDefinition &,
               SourceRange Range) override {
    if (isFlag(Name))
      add(CharSourceRange::getTokenRange(Range), "1",
          "test for --extended-lambda is always true once lambdas are lowered");
  }
  void MacroExpands(const Token &Name, const MacroDefinition &,
                    SourceRange Range, const MacroArgs *) override {
    if (isFlag(Name)) {
      add(CharSourceRange::getTokenRange(Range), "1",
          "test for --extended-lambda is always true once lambdas are lowered");
      return;
    }
    llvm::StringRef Id = Name.getIdentifierInfo()->getName();
    if (!Id.starts_with("__nv_is_extended_"))
      return;
    SawTrait = true;
    add(CharSourceRange::getTokenRange(Range), dependentFalse(Range),
        (Id + " is false for the functors cuda-lower writes, as for any "
              "type without --extended-lambda (§5.3.8.3); code that "
              "dispatches on it takes its other path")
            .str());
    if (!Out.empty() && !Out.back().Replacement.empty())
      Out.back().OnlyIfAllLowered = true;
  }

private:
  /// What a trait use in \p Range becomes: without --extended-lambda nvcc
  /// writes a literal `false` for it, which a partial specialization on
  /// `enable_if_t<trait(T)>` (AMReX's MaybeHostDeviceRunnable) turns into
  /// a hard error of the host compiler. This `false` stays dependent, and
  /// `void (*)(T)` is a type for every T the traits are asked about
  /// (classes, incomplete or not, references, void). Empty where a macro
  /// writes the use.
  std::string dependentFalse(SourceRange Range) const {
    if (!Range.getBegin().isFileID() || !Range.getEnd().isFileID())
      return "";
    std::optional<llvm::StringRef> Text = tokenRangeText(Range);
    size_t Open = Text ? Text->find('(') : llvm::StringRef::npos;
    if (Open == llvm::StringRef::npos || !Text->ends_with(")"))
      return "";
    llvm::StringRef Arg = Text->slice(Open + 1, Text->size() - 1).trim();
    return "(false && sizeof(void (*)(" + Arg.str() + ")))";
  }
  std::optional<llvm::StringRef> tokenRangeText(SourceRange Range) const {
    bool Invalid = false;
    llvm::StringRef Text =
        Lexer::getSourceText(CharSourceRange::getTokenRange(Range),
                             PP.getSourceManager(), PP.getLangOpts(), &Invalid);
    if (Invalid)
      return std::nullopt;
    return Text;
  }
  static bool isFlag(const Token &Name) {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    return II && II->getName() == "__CUDACC_EXTENDED_LAMBDA__";
  }
  void directive(SourceLocation Loc, const Token &Name, const char *Repl) {
    if (!isFlag(Name))
      return;
    add(CharSourceRange::getTokenRange(Loc, Name.getLocation()),
        std::string(Repl) + " /* was: __CUDACC_EXTENDED_LAMBDA__ test; "
                            "lambdas lowered by cuda-lower */",
        "test for --extended-lambda is constant once lambdas are lowered");
  }
  void add(CharSourceRange R, std::string Repl, std::string Message) {
    if (R.getBegin().isInvalid() || !Ctx.isUserOwned(R.getBegin()) ||
        PP.getSourceManager().isWrittenInBuiltinFile(
            PP.getSourceManager().getSpellingLoc(R.getBegin())) ||
        PP.getSourceManager().isWrittenInCommandLineFile(
            PP.getSourceManager().getSpellingLoc(R.getBegin())))
      return;
    Out.push_back({R, std::move(Repl), std::move(Message)});
  }
  Preprocessor &PP;
  RuleContext &Ctx;
  std::vector<LowerExtendedLambda::FlagUse> &Out;
  bool &SawTrait;
};

/// True if \p L belongs to a template instantiation (the rule works on the
/// template as written), found through its declaration contexts.
bool isInInstantiation(const LambdaExpr &L) {
  for (const DeclContext *DC = L.getLambdaClass()->getDeclContext(); DC;
       DC = DC->getParent()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DC)) {
      if (isTemplateInstantiation(FD->getTemplateSpecializationKind()))
        return true;
    } else if (const auto *RD = dyn_cast<CXXRecordDecl>(DC)) {
      if (isTemplateInstantiation(RD->getTemplateSpecializationKind()))
        return true;
    }
  }
  return false;
}

} // namespace

LowerExtendedLambda::LowerExtendedLambda(llvm::StringRef Name,
                                         RuleContext &Ctx)
    : Rule(Name, Ctx),
      LowerTraitDispatched(option<bool>("LowerTraitDispatched")) {}

llvm::ArrayRef<OptionDecl> LowerExtendedLambda::declaredOptions() {
  static const OptionDecl Options[] = {
      {"LowerTraitDispatched", OptionType::Bool, "false",
       "also lower lambdas that one of nvcc's __nv_is_extended_* traits "
       "answers true for (a warning instead of an error): the functor gets "
       "false, so set it only where both paths of the code that asks agree"},
  };
  return Options;
}

void LowerExtendedLambda::registerPPCallbacks(Preprocessor &PP) {
  PP.addPPCallbacks(
      std::make_unique<FlagUseFinder>(PP, context(), FlagUses, SawLambdaTrait));
  this->PP = &PP;
  auto Recorder = std::make_unique<PreprocessorBranches>(PP.getSourceManager());
  Branches = Recorder.get();
  PP.addPPCallbacks(std::move(Recorder));
}

void LowerExtendedLambda::registerMatchers(MatchFinder &Finder) {
  // Instantiations are skipped in check(): the isInTemplateInstantiation()
  // matcher would build the parent map of the whole translation unit,
  // toolkit headers included (+50% memory on Thrust code).
  Finder.addMatcher(lambdaExpr().bind("l"), this);
}

void LowerExtendedLambda::reportIfInDependencyHeader(const LambdaExpr &L,
                                                     bool Instantiated) {
  const SourceManager &SM = context().getASTContext().getSourceManager();
  SourceLocation Loc = SM.getFileLoc(L.getBeginLoc());
  // The toolkit's and the system's headers are the toolchain's business;
  // the lambda must be written in the header itself (not a macro argument
  // of a project file, which the owned-file path handles).
  if (Loc.isInvalid() || context().isToolchainFile(Loc) ||
      SM.getFileID(Loc) == SM.getMainFileID())
    return;
  // nvcc rejects an annotated lambda in a header found with -I when it
  // reads it; in one found with -isystem it drops the annotation without a
  // word, and the build fails only where the template is instantiated.
  bool FoundAsSystem = SM.isInSystemHeader(Loc);
  if (FoundAsSystem != Instantiated)
    return;
  LambdaSpace Space = writtenLambdaSpace(L);
  if (Space != LambdaSpace::Device && Space != LambdaSpace::HostDevice)
    return;
  // In device code an annotation changes nothing and needs no flag.
  if (const FunctionDecl *F = enclosingFunction(L))
    if (F->hasAttr<CUDAGlobalAttr>() ||
        (F->hasAttr<CUDADeviceAttr>() && !F->hasAttr<CUDAHostAttr>()))
      return;
  if (!ReportedDependencyLambdas.insert(Loc).second)
    return;
  LambdaStays = true;
  diag(Loc,
       llvm::formatv(
           "{0} lambda in '{1}', a header of a library outside the project "
           "root: plain nvcc {2}, and cuda-lower edits only the project's "
           "files; lower the library too: with --lower-dependencies and "
           "--out-root (a lowered copy of its headers), or with a second "
           "--in-root naming its directory (edited in place)",
           spaceName(Space), SM.getFilename(Loc),
           FoundAsSystem ? "ignores the annotation in a header found with "
                           "-isystem and fails where the template is used"
                         : "rejects it when it reads the header (even in a "
                           "template never called)")
           .str(),
       DiagLevel::Error);
}

void LowerExtendedLambda::check(const MatchFinder::MatchResult &Result) {
  const auto *L = Result.Nodes.getNodeAs<LambdaExpr>("l");
  bool Instantiated = isInInstantiation(*L);
  // A lambda a macro body writes belongs to the file that uses the macro.
  if (!context().isUserOwned(
          writtenLocation(L->getBeginLoc(), context().getSourceManager()))) {
    reportIfInDependencyHeader(*L, Instantiated);
    return;
  }
  if (Instantiated)
    return;
  LambdaSpace Space = writtenLambdaSpace(*L);
  // A plain lambda passed to device code: exec-space-lambda-to-device
  // decides its space and leaves the lowering to this rule (§5.3.8.1).
  if (Space == LambdaSpace::None && context().owners().PlainLambdasBecomeDevice &&
      context().analyses().plainLambdas().isPassedToDevice(*L))
    Space = context().analyses().plainLambdas().space(*L) ==
                    ExecSpace::HostDevice
                ? LambdaSpace::HostDevice
                : LambdaSpace::Device;
  // `[=] __host__ (...)` is no extended lambda, just a lambda with its
  // default space spelt out (§5.3.8); nvcc still wants the flag for it.
  if (Space == LambdaSpace::Host) {
    dropAnnotation(*L, "the __host__ annotation on a lambda is its default "
                       "space (§5.3.8)");
    return;
  }
  if (Space != LambdaSpace::Device && Space != LambdaSpace::HostDevice)
    return;
  const FunctionDecl *F = enclosingFunction(*L);
  const NamedDecl *Owner = F;
  if (!F && !(Owner = namespaceScopeOwner(*L))) {
    diag(L->getBeginLoc(),
         "annotated lambda not lowered: only those in functions and in "
         "initialisers of namespace-scope variables (not variable templates "
         "or static data members) are",
         DiagLevel::Error);
    return;
  }
  // nvcc treats annotated lambdas in device functions as plain lambdas;
  // they need no flag (§5.3.8.2).
  bool HostSide = !F || !F->hasAttr<CUDADeviceAttr>() ||
                  (F->hasAttr<CUDAHostAttr>() &&
                   !F->getAttr<CUDAHostAttr>()->isImplicit());
  if ((F && F->hasAttr<CUDAGlobalAttr>()) || !HostSide) {
    // In device code every lambda runs on the device already (§5.3.8).
    dropAnnotation(*L, llvm::formatv("the {0} annotation on a lambda in "
                                     "device code is implied (§5.3.8)",
                                     spaceName(writtenLambdaSpace(*L)))
                           .str());
    return;
  }
  std::vector<const LambdaExpr *> &List = ByFunction[Owner];
  // The device pass can hold two nodes for one lambda; keep the first.
  if (std::any_of(List.begin(), List.end(), [&](const LambdaExpr *Seen) {
        return Seen->getBeginLoc() == L->getBeginLoc();
      }))
    return;
  List.push_back(L);
  Spaces[L] = Space;
}

void LowerExtendedLambda::dropAnnotation(const LambdaExpr &L,
                                         llvm::StringRef Why) {
  // The annotation changes nothing, yet nvcc wants --extended-lambda to
  // accept it: drop it.
  SourceText Src(context().getASTContext());
  CharSourceRange R = annotationRange(L, Src);
  if (R.isInvalid()) {
    diag(L.getBeginLoc(), (Why + " but needs --extended-lambda; it comes "
                                 "from a macro, so remove it by hand")
                              .str());
    return;
  }
  diag(L.getBeginLoc(),
       (Why + "; removed so that nvcc needs no --extended-lambda").str())
      .replace(R, " ");
}

bool LowerExtendedLambda::keptForTrait(const LambdaExpr &L) {
  const TraitQuery *Q = Traits.changedAnswer(L);
  if (!Q)
    return false;
  const char *Space = spaceName(writtenLambdaSpace(L));
  if (LowerTraitDispatched) {
    diag(L.getBeginLoc(),
         llvm::formatv("{0} reaches {1}, which is true for this {2} lambda "
                       "and false for its functor; lowered as "
                       "lower-extended-lambda.LowerTraitDispatched asks",
                       "lambda", Q->Trait, Space)
             .str())
        .note(Q->Where, "the trait is asked here");
    return false;
  }
  diag(L.getBeginLoc(),
       llvm::formatv("{0} lambda not lowered: it reaches {1}, which is true "
                     "for it and false for a functor, so the code that asks "
                     "would take another path; keep --extended-lambda for "
                     "this file, or set "
                     "lower-extended-lambda.LowerTraitDispatched=true if "
                     "both paths agree",
                     Space, Q->Trait)
           .str(),
       DiagLevel::Error)
      .note(Q->Where, "the trait is asked here");
  return true;
}

std::string LowerExtendedLambda::uniqueName(const DeclContext &Scope,
                                            std::string Base,
                                            unsigned Ordinal,
                                            llvm::StringRef Suffix) {
  ASTContext &Ctx = context().getASTContext();
  // One namespace is opened in many places (each header's `namespace amrex
  // {`): the names taken are the namespace's, not the block's.
  llvm::StringSet<> &Used = Taken[Scope.getPrimaryContext()];
  for (unsigned N = Ordinal;; ++N) {
    std::string Name = Base + "_lambda_" + std::to_string(N) + Suffix.str();
    if (Used.contains(Name))
      continue;
    if (!Scope.getPrimaryContext()
             ->lookup(DeclarationName(&Ctx.Idents.get(Name)))
             .empty())
      continue;
    Used.insert(Name);
    return Name;
  }
}

void LowerExtendedLambda::finishTranslationUnit() {
  const SourceManager &SM = context().getSourceManager();
  for (const LambdaExpr *L :
       lambdasInLibrarySystemHeaders(context().getASTContext(), context()))
    if (isInInstantiation(*L))
      reportIfInDependencyHeader(*L, /*Instantiated=*/true);
  if (SawLambdaTrait)
    Traits = TraitQueries::find(context().getASTContext());
  for (auto &[Owner, Lambdas] : ByFunction) {
    std::stable_sort(Lambdas.begin(), Lambdas.end(),
                     [&](const LambdaExpr *A, const LambdaExpr *B) {
                       return SM.isBeforeInTranslationUnit(A->getBeginLoc(),
                                                           B->getBeginLoc());
                     });
    lowerOwner(*Owner, Lambdas);
  }
  emitPending();
  reportFlagUses();
}

void LowerExtendedLambda::reportFlagUses() {
  for (const FlagUse &U : FlagUses) {
    bool Fix = !U.Replacement.empty() && !(U.OnlyIfAllLowered && LambdaStays);
    auto D = diag(U.Range.getBegin(),
                  U.Message + (Fix && U.OnlyIfAllLowered
                                   ? "; written as a 'false' that depends on "
                                     "its argument, as plain nvcc needs in a "
                                     "template"
                                   : ""));
    if (Fix)
      D.replace(U.Range, U.Replacement);
  }
}

LowerExtendedLambda::~LowerExtendedLambda() = default;

void LowerExtendedLambda::lowerOwner(
    const NamedDecl &Owner, const std::vector<const LambdaExpr *> &Lambdas) {
  ASTContext &Ctx = context().getASTContext();
  std::vector<std::unique_ptr<LambdaPlanner>> Plans;
  std::vector<unsigned> Ordinals;
  for (unsigned I = 0; I < Lambdas.size(); ++I) {
    const LambdaExpr &L = *Lambdas[I];
    if (keptForTrait(L)) {
      LambdaStays = true;
      continue;
    }
    auto P = std::make_unique<LambdaPlanner>(L, Owner, Spaces[&L], Ctx);
    P->LoweredClosures = &LoweredClosures;
    P->LoweredLambdas = &Spaces;
    P->PP = PP;
    if (!P->analyze()) {
      LambdaStays = true;
      diag(L.getBeginLoc(),
           llvm::formatv("{0} lambda not lowered: {1}", spaceName(P->Kind),
                         P->Why)
               .str(),
           P->FailLevel);
      continue;
    }
    const DeclContext &Scope =
        P->Class ? static_cast<const DeclContext &>(*P->Class)
                 : *P->Anchor->getDeclContext()->getRedeclContext();
    // A lambda in a preprocessor branch that does not hold the functor's
    // place: the functor gets the branch's condition, and a name of its
    // own, so that the lambda of the other branch (another pass, another
    // includer) does not define the same name.
    const SourceManager &SM = Ctx.getSourceManager();
    BranchCondition Branch =
        Branches ? Branches->conditionBetween(
                       SM.getFileLoc(functorLocation(*P->Anchor, Ctx)),
                       writtenLocation(L.getBeginLoc(), SM))
                 : BranchCondition();
    // Refused for where its text is: an error, the lambda stays.
    auto RefuseForPlace = [&](const std::string &Why) {
      LambdaStays = true;
      diag(L.getBeginLoc(),
           llvm::formatv("{0} lambda not lowered: {1}", spaceName(P->Kind), Why)
               .str(),
           DiagLevel::Error);
    };
    if (!Branch.Problem.empty()) {
      RefuseForPlace(Branch.Problem + ", so its functor cannot be placed "
                                      "under the same condition");
      continue;
    }
    P->Condition = Branch.Condition;
    StraddledBlock Straddle =
        Branches ? Branches->straddled(writtenLocation(L.getBeginLoc(), SM),
                                       writtenLocation(L.getEndLoc(), SM))
                 : StraddledBlock();
    if (Straddle.Block && P->Expansion)
      Straddle.Problem = "its text crosses a preprocessor conditional in a "
                         "macro's arguments";
    if (!Straddle.Problem.empty()) {
      RefuseForPlace(Straddle.Problem + "; move the directives out of the "
                                        "lambda, or lower it by hand");
      continue;
    }
    P->Straddled = Straddle.Block;
    P->StraddledBranch = Straddle.Branch;
    std::string Stem = planStem(*P);
    P->NameMacro = ownerNameMacro(*P, Ctx);
    P->Name = spelledFunctorName(
        *P, Stem,
        uniqueName(Scope, Stem, I + 1,
                   Branch.Tag.empty() ? "" : "_" + Branch.Tag));
    P->planFunctionPointerConversion();
    LoweredClosures[L.getLambdaClass()] = functorType(*P);
    Plans.push_back(std::move(P));
    Ordinals.push_back(I + 1);
  }

  // A local that only lowered lambdas used now lives in their functors; left
  // in the function it would be unused (nvcc warning #177-D).
  const SourceManager &SM = Ctx.getSourceManager();
  auto InLowered = [&](SourceLocation Loc) {
    return std::any_of(Plans.begin(), Plans.end(),
                       [&](const auto &P) { return isInLambda(Loc, *P, SM); });
  };
  std::vector<const Decl *> Candidates;
  for (const auto &P : Plans)
    Candidates.insert(Candidates.end(), P->LocalsToRetire.begin(),
                      P->LocalsToRetire.end());
  const auto *F = dyn_cast<FunctionDecl>(&Owner);
  RetiredRanges Retired;
  if (F && F->getBody())
    Retired = retireLocals(Candidates, *F->getBody(), InLowered, Ctx);

  for (unsigned I = 0; I < Plans.size(); ++I) {
    std::vector<CharSourceRange> Removals;
    for (const Decl *D : Plans[I]->LocalsToRetire)
      if (auto It = Retired.find(D);
          It != Retired.end() &&
          std::none_of(Removals.begin(), Removals.end(),
                       [&](const CharSourceRange &R) {
                         return R.getAsRange() == It->second.getAsRange();
                       }))
        Removals.push_back(It->second);
    Pending.push_back({std::move(Plans[I]), Ordinals[I], std::move(Removals)});
  }
}

PreScanTriggers LowerExtendedLambda::preScanTriggers() {
  static constexpr PreScanTriggers::Word Words[] = {
      {"__nv_is_extended_device_lambda_closure_type", "uses nvcc's lambda traits"},
      {"__nv_is_extended_host_device_lambda_closure_type", "uses nvcc's lambda traits"},
      {"__nv_is_extended_device_lambda_with_preserved_return_type", "uses nvcc's lambda traits"},
      {"__CUDACC_EXTENDED_LAMBDA__", "tests the flags' macros"},
  };
  return {PreScanTriggers::Lambda, Words};
}

void LowerExtendedLambda::claimFindings(FindingOwners &Owners) { Owners.LambdaRuleLowersPlainLambdas = true; }

} // namespace cudalower

//===--- LowerExtendedLambda.h - Extended lambdas to functors ---*- C++ -*-===//
//
// Replaces each `[..] __device__ (..) {..}` and `[..] __host__ __device__
// (..) {..}` lambda with a named functor class, so that nvcc needs no
// --extended-lambda. See docs/rules/lower-extended-lambda.md.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Editing/FunctorLayout.h"
#include "Rules/LowerExtendedLambda/LambdaSpace.h"
#include "Rules/LowerExtendedLambda/PreprocessorBranches.h"
#include "Rules/LowerExtendedLambda/TraitDispatch.h"
#include "cudalower/Rule.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CXXRecordDecl;
class FunctionDecl;
class LambdaExpr;
class NamedDecl;
class VarDecl;
} // namespace clang

namespace cudalower {

namespace lowering {
struct LambdaPlan;
class LambdaPlanner;
struct FunctorText;

/// True if the functor writer can name \p T: false for a placeholder
/// deduced as dependent (`auto n = v.size()`, or CTAD such as
/// `cuda::std::pair p(v, 2)` in a template), a dependent template name
/// (`typename A::template rebind<U>`), packs and unresolved
/// using-declarations. A capture of such a type becomes a template parameter
/// of the functor, filled with decltype; any other use is refused.
bool isSpellable(clang::QualType T);
} // namespace lowering

/// The readable, non-reserved stem of functor names for lambdas in \p F:
/// its name, or `constructor`, `destructor`, `call_operator`, ...
std::string functorStem(const clang::FunctionDecl &F);

class LowerExtendedLambda : public Rule {
public:
  LowerExtendedLambda(llvm::StringRef Name, RuleContext &Ctx);
  static PreScanTriggers preScanTriggers();
  static void claimFindings(FindingOwners &Owners);
  // Out of line: the pending plans' type is private to the rule's folder.
  ~LowerExtendedLambda() override;
  static llvm::ArrayRef<OptionDecl> declaredOptions();
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void finishTranslationUnit() override;
  void registerPPCallbacks(clang::Preprocessor &PP) override;

  /// A preprocessor use of nvcc's extended-lambda mode, and its fix.
  struct FlagUse {
    clang::CharSourceRange Range;
    std::string Replacement; ///< empty: report only
    std::string Message;
    /// A trait's replacement: right only once no extended lambda stays in
    /// the translation unit (one that stays still gets nvcc's answer).
    bool OnlyIfAllLowered = false;
  };

private:
  void reportFlagUses();
  void lowerOwner(const clang::NamedDecl &Owner,
                  const std::vector<const clang::LambdaExpr *> &Lambdas);
  /// Where a functor goes and how it is laid out there.
  struct FunctorSite {
    clang::SourceLocation At;
    std::string Indent; ///< of the line the functor goes before
    std::string Unit;   ///< one level of the file's indentation
    const clang::format::FormatStyle *Style = nullptr; ///< null: not formatted
  };
  /// A lowered lambda whose functor waits for its layout: the functors of a
  /// translation unit are formatted together (see formatEachAt).
  struct PendingFunctor {
    std::unique_ptr<lowering::LambdaPlanner> Plan;
    unsigned Ordinal;
    std::vector<clang::CharSourceRange> Removals;
  };
  FunctorSite siteOf(const lowering::LambdaPlan &P);
  /// Reports the lambdas of a header included several times whose
  /// inclusions need different functors, and takes them out of Pending
  /// (RepeatedInclusions.cpp).
  void dropDivergentInclusions();
  void emitPending();
  /// \p UseText: for a lambda a macro body writes, what replaces the
  /// macro's use (its expansion, every lambda lowered there constructed).
  void emit(const lowering::LambdaPlan &P, unsigned Ordinal,
            const std::vector<clang::CharSourceRange> &Removals,
            const FunctorSite &Site,
            std::optional<lowering::FunctorText> Formatted,
            llvm::StringRef UseText);
  /// Reports an extended lambda in a header of a library the project uses
  /// that the run does not own (not the toolkit's or the system's): plain
  /// nvcc rejects it when it reads a header found with -I, and drops the
  /// annotation of one found with -isystem, failing where it is used (so
  /// that is reported at an \p Instantiated copy).
  void reportIfInDependencyHeader(const clang::LambdaExpr &L,
                                  bool Instantiated);
  /// Removes an annotation that changes nothing but needs the flag; \p Why
  /// starts the warning.
  void dropAnnotation(const clang::LambdaExpr &L, llvm::StringRef Why);
  /// Reports a lambda that one of nvcc's traits classifies; true if it is
  /// to stay a lambda.
  bool keptForTrait(const clang::LambdaExpr &L);
  std::string uniqueName(const clang::DeclContext &Scope, std::string Base,
                         unsigned Ordinal, llvm::StringRef Suffix);

  /// Extended lambdas by enclosing function (or namespace-scope variable),
  /// functions in the order their first lambda was found.
  llvm::MapVector<const clang::NamedDecl *,
                  std::vector<const clang::LambdaExpr *>>
      ByFunction;
  std::vector<FlagUse> FlagUses;
  /// Whether any file of the translation unit names one of nvcc's lambda
  /// traits; only then are the instantiations searched for them.
  bool SawLambdaTrait = false;
  TraitQueries Traits;
  /// Dependency lambdas reported (an -isystem one is met per instantiation).
  llvm::DenseSet<clang::SourceLocation> ReportedDependencyLambdas;
  bool LowerTraitDispatched = false;
  /// The space each lambda's functor gets.
  llvm::DenseMap<const clang::LambdaExpr *, LambdaSpace> Spaces;
  /// The functor type that replaced each lowered lambda's closure type, for
  /// lambdas that capture an earlier one.
  llvm::DenseMap<const clang::CXXRecordDecl *, std::string> LoweredClosures;
  /// The conditional blocks of the translation unit (owned by the
  /// preprocessor).
  lowering::PreprocessorBranches *Branches = nullptr;
  /// The translation unit's preprocessor (macro definitions at their uses).
  clang::Preprocessor *PP = nullptr;
  /// The formatting style of each file functors go into.
  FunctorLayout Layout;
  /// Planned functors not yet written (emitPending).
  std::vector<PendingFunctor> Pending;
  /// Functor names handed out so far, per scope.
  llvm::DenseMap<const clang::DeclContext *, llvm::StringSet<>> Taken;
  /// Set when an extended lambda of the translation unit is not lowered.
  bool LambdaStays = false;
};

} // namespace cudalower

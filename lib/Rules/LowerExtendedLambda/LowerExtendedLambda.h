//===--- LowerExtendedLambda.h - Extended lambdas to functors ---*- C++ -*-===//
//
// Replaces each `[..] __device__ (..) {..}` and `[..] __host__ __device__
// (..) {..}` lambda with a named functor class, so that nvcc needs no
// --extended-lambda. See docs/rules/lower-extended-lambda.md.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Editing/FunctorLayout.h"
#include "Rules/LowerExtendedLambda/PreprocessorBranches.h"
#include "cudalower/Rule.h"
#include "clang/AST/Type.h"
#include <map>
#include <set>
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
class LambdaPlan;

/// True if the functor writer can name \p T: false for a placeholder
/// deduced as dependent (`auto n = v.size()`, or CTAD such as
/// `cuda::std::pair p(v, 2)` in a template), a dependent template name
/// (`typename A::template rebind<U>`), packs and unresolved
/// using-declarations. A capture of such a type becomes a template parameter
/// of the functor, filled with decltype; any other use is refused.
bool isSpellable(clang::QualType T);
} // namespace lowering

/// The execution space written on a lambda: None for a plain lambda.
enum class LambdaSpace { None, Device, HostDevice, Host };

/// The space the user wrote (implicit attributes, which Clang adds to every
/// lambda, do not count).
LambdaSpace writtenLambdaSpace(const clang::LambdaExpr &L);

/// The function that nvcc calls the "enclosing function" (§5.3.8.4): the
/// function whose body holds the lambda, looking through plain lambdas that
/// enclose it. Null at namespace or class scope.
const clang::FunctionDecl *enclosingFunction(const clang::LambdaExpr &L);

/// The namespace-scope variable whose initialiser is \p L
/// (`auto square = [] __host__ __device__ (int i) {...};`), or null: the
/// functor of such a lambda goes before the variable. Variable templates
/// and static data members are not handled.
const clang::VarDecl *namespaceScopeOwner(const clang::LambdaExpr &L);

/// The readable, non-reserved stem of functor names for lambdas in \p F:
/// its name, or `constructor`, `destructor`, `call_operator`, ...
std::string functorStem(const clang::FunctionDecl &F);

class LowerExtendedLambda : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void finishTranslationUnit() override;
  void registerPPCallbacks(clang::Preprocessor &PP) override;

  /// A preprocessor use of nvcc's extended-lambda mode, and its fix.
  struct FlagUse {
    clang::CharSourceRange Range;
    std::string Replacement; ///< empty: report only
    std::string Message;
  };

private:
  void lowerOwner(const clang::NamedDecl &Owner,
                  const std::vector<const clang::LambdaExpr *> &Lambdas);
  void emit(lowering::LambdaPlan &P, unsigned Ordinal,
            const std::vector<clang::CharSourceRange> &Removals);
  void dropDeviceAnnotation(const clang::LambdaExpr &L);
  std::string uniqueName(const clang::DeclContext &Scope, std::string Base,
                         unsigned Ordinal, llvm::StringRef Suffix);

  /// Extended lambdas by enclosing function (or namespace-scope variable),
  /// in source order.
  std::map<const clang::NamedDecl *, std::vector<const clang::LambdaExpr *>>
      ByFunction;
  std::vector<const clang::NamedDecl *> FunctionOrder;
  std::vector<FlagUse> FlagUses;
  /// The space each lambda's functor gets.
  std::map<const clang::LambdaExpr *, LambdaSpace> Spaces;
  /// The functor type that replaced each lowered lambda's closure type, for
  /// lambdas that capture an earlier one.
  std::map<const clang::CXXRecordDecl *, std::string> LoweredClosures;
  /// The conditional blocks of the translation unit (owned by the
  /// preprocessor).
  lowering::PreprocessorBranches *Branches = nullptr;
  /// The formatting style of each file functors go into.
  FunctorLayout Layout;
  /// Functor names handed out so far, per scope.
  std::map<const clang::DeclContext *, std::set<std::string>> Taken;
};

} // namespace cudalower

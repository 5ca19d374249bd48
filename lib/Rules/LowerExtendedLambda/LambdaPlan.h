//===--- LambdaPlan.h - The plan of one functor -----------------*- C++ -*-===//
//
// The middle of the lambda rule (analysis -> plan -> emission): everything
// needed to write one functor, as plain data. The analysis parts (Captures,
// CaptureTypes, ThisCaptures, LambdaLocalDependencies, Signature, Placement)
// fill it; Emission writes it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Editing/MacroExpansionText.h"
#include "Rules/LowerExtendedLambda/LambdaSpace.h"
#include "cudalower/Diagnostic.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/Basic/SourceLocation.h"
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cudalower::lowering {

struct PPBlock;

/// One data member of the functor.
struct Member {
  std::string Declaration; ///< "float a;" without indentation
  std::string Init;        ///< the initialiser in the construction
};

/// Everything needed to write one functor, or why it cannot be written.
struct LambdaPlan {
  /// \p Owner is the enclosing function, or the namespace-scope variable
  /// whose initialiser is the lambda.
  LambdaPlan(const clang::LambdaExpr &L, const clang::NamedDecl &Owner,
             LambdaSpace Kind, clang::PrintingPolicy Policy)
      : L(L), Owner(Owner), F(llvm::dyn_cast<clang::FunctionDecl>(&Owner)),
        Anchor(&Owner), Kind(Kind), Policy(Policy) {}

  std::string Why; ///< Why the lambda stays, when it does.
  /// Errors are for lambdas nvcc rejects too; the rest are warnings.
  DiagLevel FailLevel = DiagLevel::Warning;
  /// The class the functor is nested in, or null for namespace scope.
  const clang::CXXRecordDecl *Class = nullptr;
  bool OutOfLineMember = false;
  /// The functor's name as the code spells it: `run_lambda_1`, or
  /// `CUDALOWER_PASTE(OP_NAME, _lambda_1)` when a macro spells the owner's
  /// name (see NameMacro).
  std::string Name;
  /// The macro invocation that spells the owner's name (`OP_NAME`), when
  /// the rest of its declaration is written out: a header included once per
  /// definition of that macro (the X-macro pattern) gets one functor per
  /// inclusion from one text. Empty otherwise.
  std::string NameMacro;

  const clang::LambdaExpr &L;
  const clang::NamedDecl &Owner;
  /// The enclosing function; null for a lambda at namespace scope.
  const clang::FunctionDecl *F;
  /// The declaration the functor is placed before: the owner, or the
  /// function holding the owner's local class.
  const clang::Decl *Anchor;
  /// The local class whose member function holds the lambda, if any.
  const clang::CXXRecordDecl *LocalClass = nullptr;
  /// The class a macro defines whose member function holds the lambda
  /// (gtest's TEST): the functor goes before the macro, at namespace scope.
  const clang::CXXRecordDecl *MacroClass = nullptr;
  /// The space the functor gets: as written, or as exec-space-lambda-to-device
  /// decided for a plain lambda passed to device code.
  LambdaSpace Kind;
  /// How names are printed in the functor's text.
  clang::PrintingPolicy Policy;

  std::vector<std::string> TemplateParams; ///< "typename T", "int N"
  std::vector<std::string> TemplateArgs;   ///< "T", "N", "Ts..."
  /// Headers the construction's file must include ("cuda/std/type_traits"
  /// for a template argument that removes a reference).
  std::vector<std::string> Headers;
  std::vector<std::string> OuterTemplateHeaders; ///< out-of-line members
  std::string Qualifier; ///< "Solver::" for out-of-line members
  std::vector<Member> Members;
  std::vector<std::string> CopiedLocals;        ///< declarations, with ';'
  /// The `#if` condition the functor is written under; empty for none.
  std::string Condition;
  /// The conditional block whose branch the lambda begins in and whose
  /// `#endif` its text goes past (BranchStraddle.h), or null.
  const PPBlock *Straddled = nullptr;
  unsigned StraddledBranch = 0;
  std::vector<const clang::Decl *> LocalsToRetire; ///< now unused in F
  std::string SelfName;
  enum { NoThis, ThisPointer, ThisCopy } This = NoThis;
  bool SelfTemplate = false; ///< *this of an incomplete class: template
  /// The template argument for Self when it is not the class's name.
  std::string SelfArg;
  /// The functor gets internal linkage like its static function, so that
  /// same-named static functions in other files get their own functors.
  bool InUnnamedNamespace = false;
  std::string Space;         ///< "__device__" as written
  std::string CallTemplate;  ///< "template <typename Auto1>" for generic
  std::string Params;        ///< "(int i)"
  std::string ReturnType;    ///< leading return type, "auto" if deduced
  std::string TrailingReturn;
  std::string Qualifiers; ///< " const noexcept"
  std::string FnPointerConversion;
  /// Edits inside the body: `this` -> `self`, `x` -> `self->x`.
  std::vector<std::pair<clang::CharSourceRange, std::string>> BodyEdits;
  /// Added to the diagnostic when `this` was captured implicitly.
  std::string ThisNote;
  /// The macro use whose expansion writes the lambda, when a macro body
  /// does (`FORALL(i, n, body)`): the use is replaced with that expansion,
  /// one level deep, holding the construction.
  std::shared_ptr<const MacroExpansionText> Expansion;
};

} // namespace cudalower::lowering

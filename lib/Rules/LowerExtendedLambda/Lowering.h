//===--- Lowering.h - What the parts of the lambda rule share ---*- C++ -*-===//
//
// Private to lib/Rules/LowerExtendedLambda. The rule (LowerExtendedLambda.cpp)
// runs a LambdaPlanner per lambda: its steps live in the parts named after
// them (Placement, Captures, CaptureTypes, ThisCaptures,
// LambdaLocalDependencies, Signature) and fill the LambdaPlan it extends;
// Emission then writes the plan as a functor and its construction.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Editing/MacroExpansionText.h"
#include "Rules/LowerExtendedLambda/LambdaPlan.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cudalower::lowering {

/// Source text helpers bound to one AST.
class SourceText {
public:
  explicit SourceText(clang::ASTContext &Ctx)
      : SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()) {}

  /// The file range of \p R, or an invalid range inside macro bodies.
  clang::CharSourceRange file(clang::CharSourceRange R) const {
    return clang::Lexer::makeFileCharRange(R, SM, LO);
  }
  clang::CharSourceRange file(clang::SourceRange R) const {
    return file(clang::CharSourceRange::getTokenRange(R));
  }
  std::optional<std::string> text(clang::SourceRange R) const {
    return text(clang::CharSourceRange::getTokenRange(R));
  }
  std::optional<std::string> text(clang::CharSourceRange R) const {
    clang::CharSourceRange F = file(R);
    if (F.isInvalid() && Expansion) {
      auto Offsets = Expansion->offsets(R);
      if (!Offsets)
        return std::nullopt;
      return Expansion->text().substr(Offsets->first,
                                      Offsets->second - Offsets->first);
    }
    if (F.isInvalid())
      return std::nullopt;
    bool Invalid = false;
    llvm::StringRef T = clang::Lexer::getSourceText(F, SM, LO, &Invalid);
    if (Invalid)
      return std::nullopt;
    return T.str();
  }
  /// The whitespace that starts the line holding \p Loc.
  std::string indentOf(clang::SourceLocation Loc) const {
    Loc = SM.getFileLoc(Loc);
    auto [FID, Offset] = SM.getDecomposedLoc(Loc);
    llvm::StringRef Buf = SM.getBufferData(FID);
    size_t Start = Buf.rfind('\n', Offset); // looks strictly before Offset
    Start = Start == llvm::StringRef::npos ? 0 : Start + 1;
    size_t End = Start;
    while (End < Buf.size() && (Buf[End] == ' ' || Buf[End] == '\t'))
      ++End;
    return Buf.slice(Start, End).str();
  }
  /// True if \p R starts and ends on different lines.
  bool spansLines(clang::SourceRange R) const {
    return SM.getExpansionLineNumber(R.getBegin()) !=
           SM.getExpansionLineNumber(R.getEnd());
  }
  /// The start of \p Loc's line if only whitespace precedes it there.
  clang::SourceLocation lineStartIfBlank(clang::SourceLocation Loc) const {
    Loc = SM.getFileLoc(Loc);
    auto [FID, Offset] = SM.getDecomposedLoc(Loc);
    llvm::StringRef Buf = SM.getBufferData(FID);
    unsigned I = Offset;
    while (I > 0 && (Buf[I - 1] == ' ' || Buf[I - 1] == '\t'))
      --I;
    if (I > 0 && Buf[I - 1] != '\n')
      return clang::SourceLocation();
    return Loc.getLocWithOffset(-static_cast<int>(Offset - I));
  }
  /// One level of indentation as the file writes it.
  std::string indentUnit(clang::SourceLocation Loc) const {
    clang::FileID FID = SM.getFileID(SM.getFileLoc(Loc));
    llvm::StringRef Buf = SM.getBufferData(FID);
    // The first indented line after a line ending in '{' shows the unit.
    for (size_t Pos = Buf.find("{\n"); Pos != llvm::StringRef::npos;
         Pos = Buf.find("{\n", Pos + 1)) {
      size_t LineStart = Buf.rfind('\n', Pos);
      LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
      size_t Outer = 0;
      while (LineStart + Outer < Pos &&
             (Buf[LineStart + Outer] == ' ' || Buf[LineStart + Outer] == '\t'))
        ++Outer;
      size_t Next = Pos + 2, Inner = 0;
      while (Next + Inner < Buf.size() &&
             (Buf[Next + Inner] == ' ' || Buf[Next + Inner] == '\t'))
        ++Inner;
      if (Inner > Outer)
        return Buf.slice(Next + Outer, Next + Inner).str();
    }
    return "  ";
  }

  const clang::SourceManager &SM;
  const clang::LangOptions &LO;
  /// The macro use whose expansion writes the lambda, when a macro body
  /// does: text() reads code of that expansion there.
  const MacroExpansionText *Expansion = nullptr;
};

/// True if \p D is declared inside a function (or a lambda in one).
inline bool isFunctionLocal(const clang::Decl *D) {
  return D && D->getParentFunctionOrMethod() != nullptr;
}

/// True if \p Class is defined by a macro: its name and its start are in a
/// macro expansion (gtest's TEST, Catch2's TEST_CASE_METHOD)
/// (MacroPlacement.cpp).
bool isMacroMadeClass(const clang::CXXRecordDecl &Class);
/// The innermost context around \p D that the user wrote, skipping the
/// namespaces a macro opens (MacroPlacement.cpp).
const clang::DeclContext *userWrittenContext(const clang::Decl &D);
/// True if a functor at namespace scope in \p DC needs an unnamed namespace
/// of its own: \p DC is not one already (MacroPlacement.cpp).
bool needsOwnUnnamedNamespace(const clang::DeclContext &DC);
/// The name of the outermost macro whose expansion holds \p Loc, or ""
/// (MacroPlacement.cpp).
std::string macroNameAt(clang::SourceLocation Loc,
                        const clang::SourceManager &SM,
                        const clang::LangOptions &LO);

/// Closure types of lambdas lowered before, and how their functors are
/// spelled.
using ClosureNames = llvm::DenseMap<const clang::CXXRecordDecl *, std::string>;
/// The lambdas a run lowers, and the space each functor gets.
using LambdaSpaces = llvm::DenseMap<const clang::LambdaExpr *, LambdaSpace>;

/// The functor's text around its body.
struct FunctorText {
  std::string Before; ///< up to and including "operator()(...) const "
  std::string After;  ///< from after the body's '}'
};

/// Fills the plan it extends, one step per part of the rule; the rule hands
/// the plain LambdaPlan on to emission.
class LambdaPlanner : public LambdaPlan {
public:
  LambdaPlanner(const clang::LambdaExpr &L, const clang::NamedDecl &Owner,
                LambdaSpace Kind, clang::ASTContext &Ctx);

  /// Fills the plan; returns false with Why set if the lambda must stay.
  bool analyze();
  /// Once the name is known: the conversion to a function pointer
  /// (Signature.cpp).
  void planFunctionPointerConversion();

  /// Closure types of the enclosing function's lambdas lowered before this
  /// one, and how their functors are spelled.
  const ClosureNames *LoweredClosures = nullptr;
  /// The lambdas this run lowers (each is replaced as a whole).
  const LambdaSpaces *LoweredLambdas = nullptr;
  /// Reads the definitions of the macros that write lambdas.
  clang::Preprocessor *PP = nullptr;

private:
  bool fail(std::string Reason) {
    Why = std::move(Reason);
    return false;
  }

  /// A lambda a macro body writes: the use it is lowered in
  /// (MacroBodyLambdas.cpp).
  bool planMacroExpansion();
  // Placement.cpp
  bool planPlacement();
  bool planLocalClassPlacement();
  bool planLocalClassUses();
  bool planTemplate();
  bool planPackLast();
  // MacroPlacement.cpp
  bool planMacroClassPlacement();
  bool planMacroClassThis();
  // Captures.cpp
  bool planCaptures();
  bool planCapture(const clang::LambdaCapture &C);
  /// Refuses a by-reference capture of \p Name, as an error.
  bool failByReference(llvm::StringRef Name);
  bool planInnerCaptures();
  /// A member for a captured structured binding (C++20).
  bool planBindingCapture(const clang::BindingDecl &Binding);
  // CaptureTypes.cpp
  /// \p T as the functor writes it; nullopt if it names a function-local
  /// type, unless \p Copied holds that type (it is copied along).
  std::optional<std::string>
  spell(clang::QualType T,
        const llvm::SmallPtrSetImpl<const clang::Decl *> *Copied = nullptr);
  std::optional<std::string> capturedType(const clang::VarDecl &Var,
                                          const clang::Expr *InitCapture);
  std::optional<std::string> typeParameterFor(const clang::VarDecl &Var,
                                              const clang::Expr *InitCapture,
                                              llvm::StringRef Why);
  /// A template parameter of the functor for the capture \p Name, filled
  /// with \p Arg at the construction; returns the parameter's name.
  std::string addTypeParameter(llvm::StringRef Name, std::string Arg);
  /// The member type for a captured structured binding; nullopt (after
  /// fail) for an array.
  std::optional<std::string> bindingType(const clang::BindingDecl &Binding);
  /// The type of the copy a closure holds of \p Named, as the construction
  /// spells it (`decltype(n)`; through a trait for a reference, whose
  /// header goes into Headers). \p Decays: an init-capture's copy.
  std::string valueTypeOf(const clang::VarDecl &Named, bool Decays);
  /// The type init-capture \p Var deduces from \p Init, as the construction
  /// spells it (`decay_t<decltype(EXPR)>`); nullopt where decltype cannot
  /// take the expression's text.
  std::optional<std::string> initialiserTypeOf(const clang::VarDecl &Var,
                                               const clang::Expr &Init);
  /// `Trait<Type>` of libcu++ (C++17 on) or of the standard library, its
  /// header added to Headers.
  std::string applyTrait(llvm::StringRef Trait, llvm::StringRef Type);
  // ThisCaptures.cpp
  void planImplicitThis();
  bool planThisUses();
  // LambdaLocalDependencies.cpp
  bool planLocals();
  bool planUsings();
  // Signature.cpp
  bool planSignature();
  bool planSpace();
  bool planGenericParams(const clang::FunctionProtoTypeLoc &Proto);
  bool planReturnType(const clang::FunctionProtoTypeLoc &Proto);

  clang::ASTContext &Ctx;
  SourceText Src;
  /// The variables the functor holds.
  llvm::SmallPtrSet<const clang::ValueDecl *, 8> Captured;
  /// Local aliases that spelled types name (captures, return type).
  std::vector<const clang::Decl *> TypeDeps;
};

/// The file range between a lambda's introducer (or explicit template
/// parameter list) and its declarator or body: where the execution-space
/// annotation is written. Invalid when macros make it unclear
/// (Signature.cpp).
clang::CharSourceRange annotationRange(const clang::LambdaExpr &L,
                                       const SourceText &Src);

/// Where the functor goes: before the enclosing function's declaration,
/// including its template header and the comment attached to it
/// (Placement.cpp).
clang::SourceLocation functorLocation(const clang::Decl &D,
                                      clang::ASTContext &Ctx);

/// The access label (`private:`) that \p F follows with no member between,
/// and the access in effect above that label (Placement.cpp).
struct OwnAccessLabel {
  const clang::AccessSpecDecl *Label = nullptr;
  clang::AccessSpecifier Above = clang::AS_none;
};
OwnAccessLabel labelRightBefore(const clang::CXXRecordDecl &Class,
                                const clang::FunctionDecl &F);

/// The stem of the functor's name: the function's, after its local class
/// if any (that functor lives at namespace scope), or the variable's
/// (Emission.cpp).
std::string planStem(const LambdaPlan &P);

/// The macro invocation that spells \p P's owner's name (`OP_NAME`,
/// `KERNEL(add)`), when the name alone comes from a macro and the stem is
/// that name; empty otherwise (Emission.cpp).
std::string ownerNameMacro(const LambdaPlan &P, const clang::ASTContext &Ctx);

/// \p UniqueName (`add_two_lambda_1`, unique in its scope) spelled through
/// \p P.NameMacro when there is one: `CUDALOWER_PASTE(OP_NAME, _lambda_1)`,
/// so that every inclusion of a header that defines the owner under
/// another name writes the same text and gets its own functor
/// (Emission.cpp).
std::string spelledFunctorName(const LambdaPlan &P, llvm::StringRef Stem,
                               llvm::StringRef UniqueName);

/// The functor as the Format library gets it: written at column 0, the body
/// standing in as one placeholder statement on one line or several
/// (Emission.cpp).
std::string functorCode(const LambdaPlan &P, llvm::StringRef Unit,
                        unsigned Ordinal, bool MultiLineBody);

/// The functor's type as the construction spells it: `run_lambda_1<T>`
/// (Emission.cpp).
std::string functorType(const LambdaPlan &P);

/// What replaces the lambda: `run_lambda_1{a, x}` (Emission.cpp).
std::string construction(const LambdaPlan &P, const clang::SourceManager &SM);

/// The functor's body where a macro body writes the lambda: the text of
/// the expansion, with the one argument it holds (if one) copied from the
/// use so that other rules' edits inside it travel along
/// (MacroBodyLambdas.cpp).
struct MacroBody {
  std::string Before; ///< expansion text up to the argument (or all)
  std::optional<clang::CharSourceRange> Copied; ///< the argument as written
  std::string After; ///< expansion text after the argument
  /// Plan.BodyEdits inside the copied argument, left to the copy.
  std::vector<std::pair<clang::CharSourceRange, std::string>> CopiedEdits;
};
std::optional<MacroBody> macroBody(const LambdaPlan &P);

/// True if \p Loc, a location of the parse, is part of the lambda \p P
/// lowers (MacroBodyLambdas.cpp).
bool isInLambda(clang::SourceLocation Loc, const LambdaPlan &P,
                const clang::SourceManager &SM);

/// " (the use of 'FORALL' is expanded one level)" for a lambda a macro body
/// writes, naming the macros expanded in turn inside it; "" for any other
/// (MacroBodyLambdas.cpp).
std::string expansionNote(const LambdaPlan &P);

/// What replaces each macro use that writes lowered lambdas, by the raw
/// encoding of the use's start: its expansion, each of those lambdas
/// replaced with its construction (MacroBodyLambdas.cpp).
std::map<unsigned, std::string>
macroUseTexts(llvm::ArrayRef<const LambdaPlan *> Plans,
              const clang::SourceManager &SM);

} // namespace cudalower::lowering

//===--- LambdaLocalDependencies.cpp - Locals a lowered lambda takes ------===//

#include "Rules/LowerExtendedLambda/LambdaLocalDependencies.h"
#include "Rules/LowerExtendedLambda/Lowering.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FormatVariadic.h"
#include <map>

using namespace clang;

namespace cudalower::lowering {
namespace {

/// Finds every place a function body names one declaration.
class ReferenceFinder : public RecursiveASTVisitor<ReferenceFinder> {
public:
  explicit ReferenceFinder(const Decl *Target) : Target(Target) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const Decl *D = E->getDecl();
    if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
      D = cast<Decl>(EC->getDeclContext());
    if (D == Target)
      Uses.push_back(E->getLocation());
    return true;
  }
  bool VisitTypeLoc(TypeLoc TL) {
    const Decl *D = nullptr;
    if (auto TT = TL.getAs<TypedefTypeLoc>())
      D = TT.getDecl();
    else if (auto Tag = TL.getAs<TagTypeLoc>())
      D = Tag.getDecl();
    if (D == Target && !TL.getBeginLoc().isInvalid())
      Uses.push_back(TL.getBeginLoc());
    return true;
  }
  const Decl *Target;
  std::vector<SourceLocation> Uses;
};

/// Finds the statement that declares a local (without the parent map, which
/// would cover the whole translation unit).
class DeclStmtFinder : public RecursiveASTVisitor<DeclStmtFinder> {
public:
  explicit DeclStmtFinder(const Decl &Target) : Target(Target) {}
  bool VisitDeclStmt(DeclStmt *S) {
    for (const Decl *D : S->decls())
      if (D == &Target)
        Found = S;
    return !Found;
  }
  const Decl &Target;
  const DeclStmt *Found = nullptr;
};

const TypeSourceInfo *typeSourceOf(const Decl &D) {
  if (const auto *DD = dyn_cast<DeclaratorDecl>(&D))
    return DD->getTypeSourceInfo();
  if (const auto *TD = dyn_cast<TypedefNameDecl>(&D))
    return TD->getTypeSourceInfo();
  return nullptr;
}

/// The first location of \p D's own declarator, or invalid (see the
/// header); only variables and aliases have declarators of their own.
SourceLocation ownDeclaratorBegin(const Decl &D, const SourceManager &SM) {
  const auto *Named = dyn_cast<NamedDecl>(&D);
  const TypeSourceInfo *TSI = typeSourceOf(D);
  if (!Named || !TSI)
    return SourceLocation();
  SourceLocation Begin = Named->getLocation();
  if (Begin.isMacroID())
    return SourceLocation();
  // Each declarator chunk (`*`, `&`, `(`) has a type location of its own;
  // the innermost one is the type specifier the declarators share.
  for (TypeLoc TL = TSI->getTypeLoc(); !TL.isNull();) {
    if (auto Q = TL.getAs<QualifiedTypeLoc>()) {
      TL = Q.getUnqualifiedLoc();
      continue;
    }
    TypeLoc Next = TL.getNextTypeLoc();
    if (Next.isNull())
      break;
    SourceLocation Chunk = TL.getLocalSourceRange().getBegin();
    if (Chunk.isMacroID())
      return SourceLocation();
    if (Chunk.isValid() && SM.isBeforeInTranslationUnit(Chunk, Begin))
      Begin = Chunk;
    TL = Next;
  }
  return Begin;
}

/// The first character after \p D's last token.
SourceLocation endOf(const Decl &D, const ASTContext &Ctx) {
  SourceLocation End = D.getEndLoc();
  if (End.isMacroID())
    return SourceLocation();
  return Lexer::getLocForEndOfToken(End, 0, Ctx.getSourceManager(),
                                    Ctx.getLangOpts());
}

/// True if the edits that remove declarators from \p DS can be placed: no
/// part comes from a macro, and every declarator's start is known.
bool isRemovable(const DeclStmt &DS, const ASTContext &Ctx) {
  if (DS.getBeginLoc().isMacroID() || DS.getEndLoc().isMacroID())
    return false;
  if (DS.isSingleDecl())
    return true;
  return std::all_of(DS.decl_begin(), DS.decl_end(), [&](const Decl *D) {
    return ownDeclaratorBegin(*D, Ctx.getSourceManager()).isValid() &&
           endOf(*D, Ctx).isValid();
  });
}

/// The range that removes all of \p DS, with its line when it stands alone
/// there.
CharSourceRange wholeStatement(const DeclStmt &DS, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = DS.getBeginLoc();
  SourceLocation End =
      Lexer::getLocForEndOfToken(DS.getEndLoc(), 0, SM, Ctx.getLangOpts());
  auto [FID, EndOffset] = SM.getDecomposedLoc(End);
  auto [BeginFID, BeginOffset] = SM.getDecomposedLoc(Begin);
  llvm::StringRef Buf = SM.getBufferData(FID);
  size_t LineStart = BeginOffset;
  while (LineStart > 0 &&
         (Buf[LineStart - 1] == ' ' || Buf[LineStart - 1] == '\t'))
    --LineStart;
  size_t After = EndOffset;
  while (After < Buf.size() && (Buf[After] == ' ' || Buf[After] == '\t'))
    ++After;
  bool AloneOnLine = (LineStart == 0 || Buf[LineStart - 1] == '\n') &&
                     After < Buf.size() && Buf[After] == '\n';
  if (AloneOnLine)
    return CharSourceRange::getCharRange(
        Begin.getLocWithOffset(-static_cast<int>(BeginOffset - LineStart)),
        End.getLocWithOffset(static_cast<int>(After - EndOffset) + 1));
  return CharSourceRange::getCharRange(Begin, End);
}

/// Ranges that remove the declarators of \p DS in \p Retired and keep the
/// others (at least one): the leading retired run up to the first kept
/// declarator, any later one from the end of the declarator before it.
void partialRemovals(const DeclStmt &DS,
                     const llvm::SetVector<const Decl *> &Retired,
                     ASTContext &Ctx, RetiredRanges &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const Decl *> Decls(DS.decl_begin(), DS.decl_end());
  size_t FirstKept = 0;
  while (Retired.count(Decls[FirstKept]))
    ++FirstKept;
  if (FirstKept > 0) {
    CharSourceRange Leading = CharSourceRange::getCharRange(
        ownDeclaratorBegin(*Decls[0], SM),
        ownDeclaratorBegin(*Decls[FirstKept], SM));
    for (size_t I = 0; I < FirstKept; ++I)
      Out[Decls[I]] = Leading;
  }
  for (size_t I = FirstKept + 1; I < Decls.size(); ++I)
    if (Retired.count(Decls[I]))
      Out[Decls[I]] = CharSourceRange::getCharRange(endOf(*Decls[I - 1], Ctx),
                                                    endOf(*Decls[I], Ctx));
}

/// True if \p D is declared in \p L's body or parameters.
bool isDeclaredIn(const LambdaExpr &L, const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (DC == L.getCallOperator() || DC == L.getLambdaClass())
      return true;
  return false;
}

/// Finds what a lambda body uses from its enclosing function without
/// capturing it: constants, local types, local aliases.
class LocalUseFinder : public RecursiveASTVisitor<LocalUseFinder> {
public:
  LocalUseFinder(const LambdaExpr &L,
                 const llvm::SmallPtrSetImpl<const ValueDecl *> &Captured)
      : L(L), Captured(Captured) {}
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
      note(cast<Decl>(EC->getDeclContext()));
    else if (const auto *V = dyn_cast<VarDecl>(D);
             V && V->isLocalVarDeclOrParm() && !Captured.count(V))
      note(V);
    return true;
  }
  bool VisitTypeLoc(TypeLoc TL) {
    if (auto TT = TL.getAs<TypedefTypeLoc>())
      note(TT.getDecl());
    else if (auto Tag = TL.getAs<TagTypeLoc>())
      note(Tag.getDecl());
    return true;
  }

  /// Traversed without its operand when that names a local variable the
  /// lambda does not capture (`using R = typename decltype(data)::Type;`):
  /// an unevaluated operand takes no copy of the variable, and the functor
  /// spells its declared type instead (see planLocals).
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc TL, bool TraverseQualifier) {
    if (const VarDecl *V = uncapturedLocal(TL.getUnderlyingExpr())) {
      DecltypesOfLocals.push_back({TL.getLocalSourceRange(), V});
      return true;
    }
    return RecursiveASTVisitor::TraverseDecltypeTypeLoc(TL, TraverseQualifier);
  }

  std::vector<const Decl *> Found;
  /// Each `decltype(local)` met, and its local.
  std::vector<std::pair<SourceRange, const VarDecl *>> DecltypesOfLocals;

  /// Adds an alias a spelled type names, wherever it is declared: one
  /// declared in the body still names the deduced return type.
  void seed(const Decl *D) {
    if (std::find(Found.begin(), Found.end(), D) == Found.end())
      Found.push_back(D);
  }

private:
  /// The variable \p E names when it is an unparenthesized id-expression
  /// (whose decltype is the variable's declared type) for a local that the
  /// lambda neither declares nor captures.
  const VarDecl *uncapturedLocal(const Expr *E) const {
    const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V || !V->isLocalVarDeclOrParm() || isDeclaredIn(L, V) ||
        Captured.count(V))
      return nullptr;
    return V;
  }
  void note(const Decl *D) {
    if (!isFunctionLocal(D) || isDeclaredIn(L, D))
      return;
    seed(D);
  }
  const LambdaExpr &L;
  const llvm::SmallPtrSetImpl<const ValueDecl *> &Captured;
};

/// The first local variable a copied declaration names outside a
/// `decltype(local)` (which the functor spells as a type), if any.
class LocalVariableFinder : public RecursiveASTVisitor<LocalVariableFinder> {
public:
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc TL, bool TraverseQualifier) {
    if (isa<DeclRefExpr>(TL.getUnderlyingExpr()))
      return true;
    return RecursiveASTVisitor::TraverseDecltypeTypeLoc(TL, TraverseQualifier);
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl());
        V && V->isLocalVarDeclOrParm() && !Found)
      Found = V;
    return true;
  }
  const VarDecl *Found = nullptr;
};

/// The text of \p Range with each of \p Edits inside it applied, or
/// nullopt where a macro writes any of it.
std::optional<std::string>
textWith(SourceRange Range,
         const std::vector<std::pair<CharSourceRange, std::string>> &Edits,
         const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Whole = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Range), SM, Ctx.getLangOpts());
  if (Whole.isInvalid())
    return std::nullopt;
  std::vector<std::pair<CharSourceRange, std::string>> Inside;
  for (const auto &[R, Text] : Edits) {
    CharSourceRange Part = Lexer::makeFileCharRange(R, SM, Ctx.getLangOpts());
    if (Part.isValid() &&
        SM.isPointWithin(Part.getBegin(), Whole.getBegin(), Whole.getEnd()))
      Inside.push_back({Part, Text});
  }
  std::sort(Inside.begin(), Inside.end(), [&](const auto &A, const auto &B) {
    return SM.isBeforeInTranslationUnit(A.first.getBegin(), B.first.getBegin());
  });
  llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(Whole.getBegin()));
  unsigned Pos = SM.getFileOffset(Whole.getBegin());
  std::string Out;
  for (const auto &[Part, Text] : Inside) {
    Out += Buffer.slice(Pos, SM.getFileOffset(Part.getBegin()));
    Out += Text;
    Pos = SM.getFileOffset(Part.getEnd());
  }
  Out += Buffer.slice(Pos, SM.getFileOffset(Whole.getEnd()));
  return Out;
}

} // namespace

SourceLocation declaratorBegin(const DeclaratorDecl &D, const ASTContext &Ctx) {
  return ownDeclaratorBegin(D, Ctx.getSourceManager());
}

RetiredRanges retireLocals(const std::vector<const Decl *> &Candidates,
                           const Stmt &Body,
                           llvm::function_ref<bool(SourceLocation)> InLowered,
                           ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::MapVector<const Decl *, std::vector<SourceLocation>> Uses;
  llvm::DenseMap<const Decl *, const DeclStmt *> Statements;
  for (const Decl *D : Candidates) {
    if (Statements.count(D))
      continue;
    DeclStmtFinder Stmts(*D);
    Stmts.TraverseStmt(const_cast<Stmt *>(&Body));
    if (!Stmts.Found || !isRemovable(*Stmts.Found, Ctx))
      continue;
    ReferenceFinder Refs(D);
    Refs.TraverseStmt(const_cast<Stmt *>(&Body));
    Uses[D] = std::move(Refs.Uses);
    Statements[D] = Stmts.Found;
  }
  // A use in another retiring local (`nt` in `constexpr int nv = 2 * nt;`)
  // goes with it: repeat until no more locals retire. A declarator's own
  // text is what goes, not its statement's shared type.
  llvm::SetVector<const Decl *> Retired;
  auto InRetired = [&](SourceLocation U) {
    return std::any_of(Retired.begin(), Retired.end(), [&](const Decl *R) {
      // A statement of one declarator goes whole, its type with it
      // (`Ptr` in `constexpr Ptr none = nullptr;`).
      if (const DeclStmt *DS = Statements.lookup(R); DS->isSingleDecl())
        return SM.isPointWithin(U, DS->getBeginLoc(), DS->getEndLoc());
      SourceLocation Begin = ownDeclaratorBegin(*R, SM);
      return SM.isPointWithin(U, Begin.isValid() ? Begin : R->getBeginLoc(),
                              R->getEndLoc());
    });
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[D, DUses] : Uses) {
      if (Retired.count(D))
        continue;
      bool Unused =
          std::all_of(DUses.begin(), DUses.end(),
                      // Not `D` itself: C++17 cannot capture a binding.
                      [&, Declared = D->getLocation()](SourceLocation U) {
                        return InLowered(U) || U == Declared || InRetired(U);
                      });
      if (Unused) {
        Retired.insert(D);
        Changed = true;
      }
    }
  }

  RetiredRanges Ranges;
  llvm::SmallPtrSet<const DeclStmt *, 8> Done;
  for (const Decl *D : Retired) {
    const DeclStmt *DS = Statements[D];
    if (!Done.insert(DS).second)
      continue;
    bool All = std::all_of(DS->decl_begin(), DS->decl_end(),
                           [&](const Decl *Sibling) {
                             return Retired.count(Sibling) != 0;
                           });
    if (!All) {
      partialRemovals(*DS, Retired, Ctx, Ranges);
      continue;
    }
    CharSourceRange Whole = wholeStatement(*DS, Ctx);
    for (const Decl *Sibling : DS->decls())
      Ranges[Sibling] = Whole;
  }
  return Ranges;
}

bool LambdaPlanner::planLocals() {
  LocalUseFinder Finder(L, Captured);
  Finder.TraverseStmt(L.getBody());
  if (const TypeSourceInfo *TSI = L.getCallOperator()->getTypeSourceInfo())
    Finder.TraverseTypeLoc(TSI->getTypeLoc());
  for (const Decl *D : TypeDeps)
    Finder.seed(D);
  // What a copied declaration uses travels too (`enum { v = !is_same<val_t,
  // X>::value }` needs `val_t`, `using Ptr = Elem *;` needs `Elem`), to the
  // closure; copies keep the function's order, so each comes after what it
  // uses.
  // So does what the declared type of a `decltype(local)` names
  // (`ReduceData<value_type> reduce_data;` needs `value_type`).
  for (size_t I = 0, Decltypes = 0;
       I < Finder.Found.size() ||
       Decltypes < Finder.DecltypesOfLocals.size();) {
    if (I < Finder.Found.size()) {
      Finder.TraverseDecl(const_cast<Decl *>(Finder.Found[I++]));
      continue;
    }
    const VarDecl *V = Finder.DecltypesOfLocals[Decltypes++].second;
    if (const TypeSourceInfo *TSI = V->getTypeSourceInfo())
      Finder.TraverseTypeLoc(TSI->getTypeLoc());
  }
  // By name: the declarators of one statement share its start.
  std::stable_sort(Finder.Found.begin(), Finder.Found.end(),
                   [&](const Decl *A, const Decl *B) {
                     return Src.SM.isBeforeInTranslationUnit(A->getLocation(),
                                                             B->getLocation());
                   });
  llvm::SmallPtrSet<const Decl *, 16> Copied(Finder.Found.begin(),
                                             Finder.Found.end());
  std::vector<std::pair<CharSourceRange, std::string>> DeclaredTypes;
  /// `decltype(n)` -> `const long`, for aliases spelled from their type.
  std::map<std::string, std::string> SpelledDecltypes;
  for (const auto &[Range, V] : Finder.DecltypesOfLocals) {
    std::optional<std::string> Type;
    // `const auto np = ...;` prints as what it deduced, once it has.
    const DeducedType *Auto = V->getType()->getContainedDeducedType();
    if (!Auto || (Auto->isDeduced() && !V->getType()->isDependentType()))
      Type = spell(V->getType(), &Copied);
    if (!Type)
      return fail(llvm::formatv("'decltype({0})' names a local whose type "
                                "the functor cannot spell",
                                V->getName())
                      .str());
    DeclaredTypes.push_back({CharSourceRange::getTokenRange(Range), *Type});
    SpelledDecltypes["decltype(" + V->getNameAsString() + ")"] = *Type;
  }
  auto InBody = [&](const CharSourceRange &R) {
    return Src.SM.isPointWithin(R.getBegin(), L.getBody()->getBeginLoc(),
                                L.getBody()->getEndLoc());
  };
  for (const auto &Edit : DeclaredTypes)
    if (InBody(Edit.first))
      BodyEdits.push_back(Edit);
  for (const Decl *D : Finder.Found) {
    if (const auto *V = dyn_cast<VarDecl>(D)) {
      if (V->isStaticLocal() && !V->getType().isConstQualified())
        return fail(llvm::formatv("the body uses the static local '{0}', a "
                                  "host variable",
                                  V->getName())
                        .str());
      if (isa<ParmVarDecl>(V) || !V->getInit())
        return fail(llvm::formatv("the body uses '{0}' without capturing it",
                                  V->getName())
                        .str());
      // The constant's type may name local types and aliases: they are in
      // the closure, copied before it (`constexpr Ptr none = nullptr;` with
      // `using Ptr = Elem *;` and a local `struct Elem`).
      auto Type = spell(V->getType().getUnqualifiedType(), &Copied);
      auto Init = Src.text(V->getInit()->getSourceRange());
      if (!Type || !Init || V->getType()->isArrayType())
        return fail(llvm::formatv("the local constant '{0}' cannot be "
                                  "copied into the functor",
                                  V->getName())
                        .str());
      bool Brace = V->getInitStyle() == VarDecl::ListInit;
      CopiedLocals.push_back("static constexpr " + *Type + " " +
                             V->getNameAsString() +
                             (Brace ? *Init : " = " + *Init) + ";");
    } else if (const auto *TD = dyn_cast<TypedefNameDecl>(D)) {
      // The functor declares its aliases before its members: one naming a
      // captured variable (`decltype(call_f(f, ...))`) cannot see it.
      LocalVariableFinder Vars;
      if (const TypeSourceInfo *TSI = TD->getTypeSourceInfo())
        Vars.TraverseTypeLoc(TSI->getTypeLoc());
      if (Vars.Found && !Copied.count(Vars.Found))
        return fail(llvm::formatv("the local alias '{0}' names the variable "
                                  "'{1}', which the functor's alias cannot "
                                  "see; spell the alias without it",
                                  TD->getName(), Vars.Found->getName())
                        .str());
      auto Text = textWith(TD->getSourceRange(), DeclaredTypes, Ctx);
      // One a macro writes (`using amrex_i_inttype = std::remove_const_t<
      // decltype(n)>;` beside the lambda it writes) is spelled from its type
      // when that depends on no template parameter.
      // A dependent one names the locals as the macro wrote them
      // (`decltype(n)` of a `const Long n` whose initialiser is dependent):
      // each such `decltype` is the local's declared type (above).
      QualType Aliased = TD->getUnderlyingType();
      std::optional<std::string> Spelled;
      if (!Text)
        Spelled =
            spell(Aliased->isDependentType() ? Aliased
                                             : Ctx.getCanonicalType(Aliased),
                  &Copied);
      for (const auto &[Decltype, Type] : SpelledDecltypes)
        for (size_t At;
             Spelled && (At = Spelled->find(Decltype)) != std::string::npos;)
          Spelled->replace(At, Decltype.size(), Type);
      if (Spelled && Spelled->find("decltype(") != std::string::npos)
        Spelled.reset(); // a local the functor cannot name
      if (Spelled)
        Text = "using " + TD->getNameAsString() + " = " + *Spelled;
      if (!Text)
        return fail("a local alias comes from a macro");
      std::string Decl = *Text + ";";
      if (std::find(CopiedLocals.begin(), CopiedLocals.end(), Decl) ==
          CopiedLocals.end())
        CopiedLocals.push_back(Decl);
    } else if (const auto *Tag = dyn_cast<TagDecl>(D)) {
      auto Text = Src.text(Tag->getSourceRange());
      if (!Text)
        return fail("a local type comes from a macro");
      CopiedLocals.push_back(*Text + ";");
    }
    if (!isDeclaredIn(L, D))
      LocalsToRetire.push_back(D);
  }
  return planUsings();
}

} // namespace cudalower::lowering

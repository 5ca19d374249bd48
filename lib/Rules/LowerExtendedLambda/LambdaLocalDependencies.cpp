//===--- LambdaLocalDependencies.cpp - Locals a lowered lambda takes ------===//

#include "Rules/LowerExtendedLambda/LambdaLocalDependencies.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <set>

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
void partialRemovals(const DeclStmt &DS, const std::set<const Decl *> &Retired,
                     ASTContext &Ctx,
                     std::map<const Decl *, CharSourceRange> &Out) {
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

} // namespace

SourceLocation declaratorBegin(const DeclaratorDecl &D, const ASTContext &Ctx) {
  return ownDeclaratorBegin(D, Ctx.getSourceManager());
}

std::map<const Decl *, CharSourceRange>
retireLocals(const std::vector<const Decl *> &Candidates, const Stmt &Body,
             llvm::function_ref<bool(SourceLocation)> InLowered,
             ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::map<const Decl *, std::vector<SourceLocation>> Uses;
  std::map<const Decl *, const DeclStmt *> Statements;
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
  std::set<const Decl *> Retired;
  auto InRetired = [&](SourceLocation U) {
    return std::any_of(Retired.begin(), Retired.end(), [&](const Decl *R) {
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
          std::all_of(DUses.begin(), DUses.end(), [&](SourceLocation U) {
            return InLowered(U) || U == D->getLocation() || InRetired(U);
          });
      if (Unused) {
        Retired.insert(D);
        Changed = true;
      }
    }
  }

  std::map<const Decl *, CharSourceRange> Ranges;
  std::set<const DeclStmt *> Done;
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

} // namespace cudalower::lowering

//===--- NvccLambdaFlagIncludes.cpp - Headers the lambda flag brought -----===//

#include "Rules/NvccLambdaFlagIncludes.h"
#include "Editing/IncludeInserter.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Inclusions/StandardLibrary.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {

void NvccLambdaFlagIncludes::registerPPCallbacks(Preprocessor &PP) {
  PP.addPPCallbacks(Inclusions.callbacks(PP.getSourceManager()));
}

void NvccLambdaFlagIncludes::registerMatchers(MatchFinder &Finder) {
  auto Std = namedDecl(clang::ast_matchers::isInStdNamespace());
  Finder.addMatcher(declRefExpr(to(Std)).bind("ref"), this);
  Finder.addMatcher(typeLoc(loc(qualType(hasDeclaration(Std)))).bind("type"),
                    this);
  // std::sort(...) in a template, before its arguments are known.
  Finder.addMatcher(unresolvedLookupExpr().bind("lookup"), this);
  Finder.addMatcher(usingDecl().bind("using"), this);
}

void NvccLambdaFlagIncludes::noteReference(
    SourceLocation Loc, llvm::ArrayRef<const NamedDecl *> Targets) {
  Reference R{Loc, {}};
  for (const NamedDecl *D : Targets)
    if (D && D->isInStdNamespace())
      R.Targets.push_back(D);
  if (!R.Targets.empty() && context().isUserOwned(Loc))
    References.push_back(std::move(R));
}

void NvccLambdaFlagIncludes::check(const MatchFinder::MatchResult &Result) {
  const auto &N = Result.Nodes;
  if (const auto *E = N.getNodeAs<DeclRefExpr>("ref"))
    noteReference(E->getLocation(), E->getDecl());
  if (const auto *T = N.getNodeAs<TypeLoc>("type"))
    if (const TagDecl *Tag = T->getType()->getAsTagDecl())
      noteReference(T->getBeginLoc(), Tag);
  // `std::get<I>(t)` in a template, `using std::swap;`: the name needs one
  // of its overloads declared, not all of them.
  llvm::SmallVector<const NamedDecl *, 8> Overloads;
  if (const auto *L = N.getNodeAs<UnresolvedLookupExpr>("lookup")) {
    for (const NamedDecl *D : L->decls())
      Overloads.push_back(D->getUnderlyingDecl());
    noteReference(L->getNameLoc(), Overloads);
  }
  if (const auto *U = N.getNodeAs<UsingDecl>("using")) {
    for (const UsingShadowDecl *S : U->shadows())
      Overloads.push_back(S->getTargetDecl());
    noteReference(U->getLocation(), Overloads);
  }
}

/// The declaration whose file decides whether the code sees the entity:
/// the definition of a class (a forward declaration elsewhere does not make
/// it usable), the pattern of a template specialisation.
static const Decl &decidingDecl(const NamedDecl &D) {
  const Decl *Out = &D;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Out))
    Out = Spec->getSpecializedTemplate()->getTemplatedDecl();
  if (const auto *FT = dyn_cast<FunctionTemplateDecl>(Out))
    Out = FT->getTemplatedDecl();
  if (const auto *Tag = dyn_cast<TagDecl>(Out))
    if (const TagDecl *Def = Tag->getDefinition())
      Out = Def;
  return *Out;
}

void NvccLambdaFlagIncludes::finishTranslationUnit() {
  const SourceManager &SM = context().getASTContext().getSourceManager();
  tooling::stdlib::Recognizer Recognize;
  IncludeInserter Includes(SM);
  // One finding per file and header, at the file's first such name.
  llvm::StringSet<> Done;
  // Many references share a declaring file, and the first inclusion of a
  // file is found by a walk over every source location entry (thousands
  // of headers and macro expansions in a library's units): once per file.
  llvm::DenseMap<const FileEntry *, bool> FlagOnly;
  auto OnlyTheFlagReaches = [&](FileEntryRef File) {
    auto [It, New] = FlagOnly.try_emplace(&File.getFileEntry(), false);
    if (New)
      It->second = Inclusions.onlyTheFlagReaches(File, SM);
    return It->second;
  };
  std::sort(References.begin(), References.end(),
            [&](const Reference &A, const Reference &B) {
              return SM.isBeforeInTranslationUnit(A.Loc, B.Loc);
            });
  // The file whose inclusion makes \p D visible.
  auto DeclaringFile = [&](const NamedDecl *D) {
    SourceLocation Loc = SM.getExpansionLoc(decidingDecl(*D).getLocation());
    return SM.getFileEntryRefForID(SM.getFileID(Loc));
  };
  // Whether only the flag's inclusions declare \p D.
  auto FlagOnlyDecl = [&](const NamedDecl *D) {
    OptionalFileEntryRef DeclFile = DeclaringFile(D);
    return DeclFile && OnlyTheFlagReaches(*DeclFile);
  };
  // The standard header that declares \p D: the table's, else the file
  // that declares it when that is a standard header itself (the table
  // cannot tell `std::get`'s overloads apart; tuple's is in <tuple>).
  auto HeaderOf =
      [&](const NamedDecl *D) -> std::optional<tooling::stdlib::Header> {
    if (std::optional<tooling::stdlib::Symbol> Symbol = Recognize(D))
      if (std::optional<tooling::stdlib::Header> H = Symbol->header())
        return H;
    if (OptionalFileEntryRef File = DeclaringFile(D))
      return tooling::stdlib::Header::named(
          ("<" + llvm::sys::path::filename(File->getName()) + ">").str());
    return std::nullopt;
  };
  auto Report = [&](const Reference &R) {
    if (!llvm::all_of(R.Targets, FlagOnlyDecl))
      return;
    SourceLocation UseLoc = SM.getFileLoc(R.Loc);
    FileID UseFile = SM.getFileID(UseLoc);
    OptionalFileEntryRef UseEntry = SM.getFileEntryRefForID(UseFile);
    if (!UseEntry)
      return;
    // One finding per file and header (or name, when there is no header).
    auto DoneKey = [&](llvm::StringRef What) {
      return UseEntry->getName().str() + "\n" + What.str();
    };
    // Of an overload set, the first overload with a header, unless one of
    // them is declared already: by an #include outside the flag's lines,
    // or by a header added for this file (for the overload an
    // instantiation picked, reported first).
    std::optional<tooling::stdlib::Header> Header;
    for (const NamedDecl *Target : R.Targets) {
      std::optional<tooling::stdlib::Header> H = HeaderOf(Target);
      if (!H)
        continue;
      if (Inclusions.namedOutside(H->name().trim("<>")) ||
          Done.contains(DoneKey(H->name())))
        return;
      if (!Header)
        Header = H;
    }
    std::string Qualified = "std::" + R.Targets.front()->getNameAsString();
    if (!Header) {
      if (Done.insert(DoneKey(Qualified)).second)
        diag(UseLoc,
             "'" + Qualified +
                 "' is declared only because --extended-lambda "
                 "makes cuda_runtime.h include <functional> and "
                 "<utility>; include the header that declares it, "
                 "which plain nvcc needs",
             DiagLevel::Error);
      return;
    }
    if (!Done.insert(DoneKey(Header->name())).second)
      return;
    auto D =
        diag(UseLoc, "'" + Qualified +
                         "' is declared only because --extended-lambda "
                         "makes cuda_runtime.h include <functional> and "
                         "<utility>; included " +
                         Header->name().str() + ", which plain nvcc needs");
    if (auto I = Includes.insertion(UseFile, Header->name().trim("<>")))
      D.insert(I->Loc, I->Text);
  };
  // Names that refer to one entity first: an overload set is then
  // satisfied by the header added for the overload its instantiation
  // picked.
  for (const Reference &R : References)
    if (R.Targets.size() == 1)
      Report(R);
  for (const Reference &R : References)
    if (R.Targets.size() > 1)
      Report(R);
}

PreScanTriggers NvccLambdaFlagIncludes::preScanTriggers() {
  static constexpr PreScanTriggers::Word Words[] = {
      {"std", "uses std"},
  };
  return {PreScanTriggers::None, Words};
}

} // namespace cudalower

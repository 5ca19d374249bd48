//===--- Placement.cpp - Where a functor goes -----------------------------===//
//
// Namespace scope or the enclosing class, an unnamed namespace for static
// functions, namespace scope for lambdas in member functions of local classes,
// the declaration of a nested functor for out-of-line members, the access
// labels around it, and the function template parameters it repeats.
//
//===----------------------------------------------------------------------===//

#include "Rules/LowerExtendedLambda/Lowering.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/RawCommentList.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>

using namespace clang;

namespace cudalower::lowering {

bool LambdaPlanner::planPlacement() {
  if (!F) {
    // At namespace scope: the functor goes right before the variable.
    InUnnamedNamespace = Owner.getFormalLinkage() == Linkage::Internal &&
                         !Owner.isInAnonymousNamespace();
    return true;
  }
  if (const auto *M = dyn_cast<CXXMethodDecl>(F)) {
    Class = M->getParent();
    if (isMacroMadeClass(*Class))
      return planMacroClassPlacement();
    if (isFunctionLocal(Class))
      return planLocalClassPlacement();
    if (!Class->getIdentifier())
      return fail("the enclosing class has no name");
    OutOfLineMember = F->isOutOfLine();
    if (OutOfLineMember) {
      auto Q = Src.text(F->getQualifierLoc().getSourceRange());
      if (!Q)
        return fail("the qualified name of the enclosing function comes from "
                    "a macro");
      Qualifier = *Q;
      for (unsigned I = 0; I < F->getNumTemplateParameterLists(); ++I) {
        auto Header =
            Src.text(F->getTemplateParameterList(I)->getSourceRange());
        if (!Header)
          return fail("the template header comes from a macro");
        OuterTemplateHeaders.push_back(*Header);
      }
    }
  } else if (F->getDeclContext()->isRecord()) {
    return fail("the enclosing function is a friend defined in a class");
  } else {
    InUnnamedNamespace = F->getFormalLinkage() == Linkage::Internal &&
                         !F->isInAnonymousNamespace();
  }
  return true;
}

bool LambdaPlanner::planLocalClassPlacement() {
  // nvcc rejects a local class as a kernel template argument (§5.3.8.4 item
  // 6), so the functor cannot be nested in this one: it goes to namespace
  // scope, before the function that holds the class. A lambda that needs
  // the class there cannot be lowered, and nvcc refuses it with the flag
  // too: an error.
  FailLevel = DiagLevel::Error;
  LocalClass = Class;
  Class = nullptr;
  const auto *Outer =
      dyn_cast_or_null<FunctionDecl>(LocalClass->getParentFunctionOrMethod());
  if (!Outer || !Outer->getDeclContext()->isFileContext() ||
      LocalClass->isDependentContext())
    return fail("the enclosing function is a member of a local class in a "
                "member function or a template, where no functor can be "
                "placed at namespace scope (§5.3.8.4 item 6)");
  Anchor = Outer;
  InUnnamedNamespace = Outer->getFormalLinkage() == Linkage::Internal &&
                       !Outer->isInAnonymousNamespace();
  return planLocalClassUses();
}

namespace {

/// Finds the declarations a lambda body names that lie inside a class.
class ClassMemberUseFinder
    : public RecursiveASTVisitor<ClassMemberUseFinder> {
public:
  explicit ClassMemberUseFinder(const CXXRecordDecl &Class) : Class(Class) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) { return check(E->getDecl()); }
  bool VisitMemberExpr(MemberExpr *E) { return check(E->getMemberDecl()); }
  bool VisitTypeLoc(TypeLoc TL) {
    if (auto TT = TL.getAs<TypedefTypeLoc>())
      return check(TT.getDecl());
    if (auto Tag = TL.getAs<TagTypeLoc>())
      return check(Tag.getDecl());
    return true;
  }
  const NamedDecl *Found = nullptr;

private:
  /// Members, nested types and the class itself count; locals of its
  /// member functions (the lambda's captures among them) do not.
  bool check(const NamedDecl *D) {
    if (D == &Class)
      Found = D;
    for (const DeclContext *DC = D->getDeclContext();
         DC && !Found && !isa<FunctionDecl>(DC); DC = DC->getParent())
      if (DC == &Class)
        Found = D;
    return !Found;
  }
  const CXXRecordDecl &Class;
};

} // namespace

bool LambdaPlanner::planLocalClassUses() {
  ClassMemberUseFinder Finder(*LocalClass);
  Finder.TraverseStmt(L.getBody());
  if (const TypeSourceInfo *TSI = L.getCallOperator()->getTypeSourceInfo())
    Finder.TraverseTypeLoc(TSI->getTypeLoc());
  if (!Finder.Found)
    return true;
  return fail(llvm::formatv("the enclosing function is a member of a local "
                            "class, and the body names '{0}' of that class, "
                            "which a functor at namespace scope cannot name "
                            "(nvcc refuses local classes as kernel argument "
                            "types, §5.3.8.4 item 6)",
                            Finder.Found->getName())
                  .str());
}

namespace {

/// The name of \p P with `...` for a pack, as a template argument.
std::string templateArgFor(const NamedDecl *P) {
  std::string Arg = P->getNameAsString();
  if (P->isTemplateParameterPack())
    Arg += "...";
  return Arg;
}

} // namespace

bool LambdaPlanner::planTemplate() {
  // A nested functor sees the class's template parameters already; only
  // the function's own template parameters need repeating.
  const FunctionTemplateDecl *FT = F ? F->getDescribedFunctionTemplate()
                                     : nullptr;
  if (!FT)
    return true;
  for (const NamedDecl *P : *FT->getTemplateParameters()) {
    // `void f(auto g)`: the parameter's type is an invented template
    // parameter, which no functor can name (nvcc's own host compilation
    // rejects such a function with an extended lambda in it).
    if (P->isImplicit())
      return fail("the enclosing function is an abbreviated template (a "
                  "parameter declared 'auto'); declare that parameter's "
                  "type as a named template parameter");
    if (P->getName().empty())
      continue; // unnamed: neither the body nor a capture can mention it
    // Keep the text up to the name: default arguments stay on the function.
    SourceLocation NameEnd = Lexer::getLocForEndOfToken(
        P->getLocation(), 0, Src.SM, Src.LO);
    auto Text = Src.text(
        CharSourceRange::getCharRange(P->getBeginLoc(), NameEnd));
    if (!Text)
      return fail("a template parameter of the enclosing function comes "
                  "from a macro");
    TemplateParams.push_back(*Text);
    TemplateArgs.push_back(templateArgFor(P));
  }
  return true;
}

bool LambdaPlanner::planPackLast() {
  // The function's parameters come first, the types of captures after them
  // (CaptureTypes.cpp); a function template may also have its pack before
  // parameters it deduces. A class template's pack must be its last
  // parameter, and it can have only one.
  assert(TemplateArgs.size() == TemplateParams.size() &&
         "one argument per template parameter");
  auto IsPack = [](llvm::StringRef Arg) { return Arg.ends_with("..."); };
  auto Pack = llvm::find_if(TemplateArgs, IsPack);
  if (Pack == TemplateArgs.end())
    return true;
  if (std::any_of(std::next(Pack), TemplateArgs.end(), IsPack))
    return fail("the enclosing function has two template parameter packs, "
                "and a functor class template can take only one");
  size_t At = Pack - TemplateArgs.begin();
  std::rotate(Pack, std::next(Pack), TemplateArgs.end());
  std::rotate(TemplateParams.begin() + At, TemplateParams.begin() + At + 1,
              TemplateParams.end());
  return true;
}

namespace {

/// The start of the `//` comment lines right above \p Loc's line (no blank
/// line between), so that a function keeps the comment that describes it.
SourceLocation aboveCommentBlock(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isMacroID())
    return Loc;
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  llvm::StringRef Buf = SM.getBufferData(FID);
  // LineEnd: the '\n' ending the line above the one looked at.
  size_t LineEnd = Buf.rfind('\n', Offset); // looks strictly before Offset
  if (LineEnd == llvm::StringRef::npos)
    return Loc;
  if (!Buf.slice(LineEnd + 1, Offset).trim().empty())
    return Loc; // something precedes the declaration on its line
  size_t Best = Offset;
  while (LineEnd != llvm::StringRef::npos) {
    size_t Prev = Buf.rfind('\n', LineEnd);
    size_t PrevStart = Prev == llvm::StringRef::npos ? 0 : Prev + 1;
    if (!Buf.slice(PrevStart, LineEnd).trim().starts_with("//"))
      break;
    Best = PrevStart;
    LineEnd = Prev;
  }
  return Loc.getLocWithOffset(static_cast<int>(Best) - static_cast<int>(Offset));
}

} // namespace

/// Where the functor goes: before the enclosing function's declaration,
/// including its template header and the comment attached to it.
SourceLocation functorLocation(const Decl &D, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // Each candidate start in the file: a declaration that a macro writes
  // starts where the macro is expanded, and so does one that starts with a
  // macro (`template <class It> __host__ void f()`, where `__host__` is
  // one): the template header before it still counts.
  SourceLocation Loc = SM.getExpansionLoc(D.getBeginLoc());
  auto TakeEarlier = [&](SourceLocation Candidate) {
    Candidate = SM.getExpansionLoc(Candidate);
    if (Candidate.isValid() && SM.isBeforeInTranslationUnit(Candidate, Loc))
      Loc = Candidate;
  };
  if (const auto *FD = dyn_cast<FunctionDecl>(&D)) {
    if (const FunctionTemplateDecl *FT = FD->getDescribedFunctionTemplate())
      TakeEarlier(FT->getBeginLoc());
    for (unsigned I = 0; I < FD->getNumTemplateParameterLists(); ++I)
      TakeEarlier(FD->getTemplateParameterList(I)->getTemplateLoc());
  }
  if (const RawComment *C = Ctx.getRawCommentForDeclNoCache(&D))
    TakeEarlier(C->getBeginLoc());
  return aboveCommentBlock(Loc, SM);
}

OwnAccessLabel labelRightBefore(const CXXRecordDecl &Class,
                                const FunctionDecl &F) {
  OwnAccessLabel Last;
  AccessSpecifier Access = Class.isClass() ? AS_private : AS_public;
  for (const Decl *D : Class.decls()) {
    if (D->isImplicit())
      continue;
    if (D == &F || D == F.getDescribedFunctionTemplate())
      return Last;
    const auto *Label = dyn_cast<AccessSpecDecl>(D);
    // Any other member between the label and F breaks the adjacency.
    Last = Label ? OwnAccessLabel{Label, Access} : OwnAccessLabel{};
    if (Label)
      Access = Label->getAccess();
  }
  return {};
}

} // namespace cudalower::lowering

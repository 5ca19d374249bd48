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
#include "Editing/FunctorLayout.h"
#include "Rules/LowerExtendedLambda/LambdaLocalDependencies.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <optional>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {

LambdaSpace writtenLambdaSpace(const LambdaExpr &L) {
  const CXXMethodDecl *Call = L.getCallOperator();
  auto Written = [](const Attr *A) { return A && !A->isImplicit(); };
  bool Device = Written(Call->getAttr<CUDADeviceAttr>());
  bool Host = Written(Call->getAttr<CUDAHostAttr>());
  if (Device && Host)
    return LambdaSpace::HostDevice;
  if (Device)
    return LambdaSpace::Device;
  return Host ? LambdaSpace::Host : LambdaSpace::None;
}

static const char *spaceName(LambdaSpace S) {
  return S == LambdaSpace::HostDevice ? "__host__ __device__" : "__device__";
}

/// The lambda whose call operator is \p DC, if any.
static const CXXRecordDecl *lambdaClassOf(const DeclContext *DC) {
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(DC);
  return M && M->getParent()->isLambda() ? M->getParent() : nullptr;
}

const FunctionDecl *enclosingFunction(const LambdaExpr &L) {
  const DeclContext *DC = L.getLambdaClass()->getDeclContext();
  while (const CXXRecordDecl *Outer = lambdaClassOf(DC))
    DC = Outer->getDeclContext();
  return dyn_cast_or_null<FunctionDecl>(DC);
}

/// Makes \p Name a non-reserved identifier fragment: no leading `_`, no
/// `__` anywhere (both are reserved to the implementation).
static std::string unreserve(std::string Name) {
  std::string Out;
  for (char C : Name) {
    if (C == '_' && (Out.empty() || Out.back() == '_'))
      continue;
    Out += C;
  }
  return Out.empty() ? "function" : Out;
}

std::string functorStem(const FunctionDecl &F) {
  if (isa<CXXConstructorDecl>(F))
    return "constructor";
  if (isa<CXXDestructorDecl>(F))
    return "destructor";
  if (isa<CXXConversionDecl>(F))
    return "conversion";
  if (OverloadedOperatorKind Op = F.getOverloadedOperator()) {
    if (Op == OO_Call)
      return "call_operator";
    if (Op == OO_Subscript)
      return "subscript_operator";
    return "operator";
  }
  return unreserve(F.getNameAsString());
}

/// The variable declared directly in \p DC whose initialiser holds \p Loc.
static const VarDecl *variableInitialisedAt(const DeclContext &DC,
                                            SourceLocation Loc,
                                            const SourceManager &SM) {
  for (const Decl *D : DC.decls())
    if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit())
      if (SM.isPointWithin(Loc, V->getInit()->getBeginLoc(),
                           V->getInit()->getEndLoc()))
        return V;
  return nullptr;
}

const VarDecl *namespaceScopeOwner(const LambdaExpr &L) {
  const CXXRecordDecl *Closure = L.getLambdaClass();
  // Clang records the variable only where mangling needs it (inline
  // variables, templates); else it is found by place.
  const auto *V = dyn_cast_or_null<VarDecl>(Closure->getLambdaContextDecl());
  if (!V && Closure->getLexicalDeclContext()->isFileContext())
    V = variableInitialisedAt(*Closure->getLexicalDeclContext(),
                              L.getBeginLoc(),
                              Closure->getASTContext().getSourceManager());
  if (!V || !Closure->getDeclContext()->isFileContext() ||
      !V->getDeclContext()->isFileContext() || V->getDescribedVarTemplate() ||
      isa<VarTemplateSpecializationDecl>(V) || !V->getIdentifier())
    return nullptr;
  return V;
}

namespace lowering {

/// Source text helpers bound to one AST.
class SourceText {
public:
  explicit SourceText(ASTContext &Ctx)
      : SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()) {}

  /// The file range of \p R, or an invalid range inside macro bodies.
  CharSourceRange file(CharSourceRange R) const {
    return Lexer::makeFileCharRange(R, SM, LO);
  }
  CharSourceRange file(SourceRange R) const {
    return file(CharSourceRange::getTokenRange(R));
  }
  std::optional<std::string> text(SourceRange R) const {
    return text(CharSourceRange::getTokenRange(R));
  }
  std::optional<std::string> text(CharSourceRange R) const {
    CharSourceRange F = file(R);
    if (F.isInvalid())
      return std::nullopt;
    bool Invalid = false;
    llvm::StringRef T = Lexer::getSourceText(F, SM, LO, &Invalid);
    if (Invalid)
      return std::nullopt;
    return T.str();
  }
  /// The whitespace that starts the line holding \p Loc.
  std::string indentOf(SourceLocation Loc) const {
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
  bool spansLines(SourceRange R) const {
    return SM.getExpansionLineNumber(R.getBegin()) !=
           SM.getExpansionLineNumber(R.getEnd());
  }
  /// The start of \p Loc's line if only whitespace precedes it there.
  SourceLocation lineStartIfBlank(SourceLocation Loc) const {
    Loc = SM.getFileLoc(Loc);
    auto [FID, Offset] = SM.getDecomposedLoc(Loc);
    llvm::StringRef Buf = SM.getBufferData(FID);
    unsigned I = Offset;
    while (I > 0 && (Buf[I - 1] == ' ' || Buf[I - 1] == '\t'))
      --I;
    if (I > 0 && Buf[I - 1] != '\n')
      return SourceLocation();
    return Loc.getLocWithOffset(-static_cast<int>(Offset - I));
  }
  /// One level of indentation as the file writes it.
  std::string indentUnit(SourceLocation Loc) const {
    FileID FID = SM.getFileID(SM.getFileLoc(Loc));
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

  const SourceManager &SM;
  const LangOptions &LO;
};

/// True if \p D is declared inside a function (or a lambda in one).
bool isFunctionLocal(const Decl *D) {
  return D && D->getParentFunctionOrMethod() != nullptr;
}

/// Finds the function-local types a type mentions (through pointers,
/// arrays, template arguments and typedef sugar).
class LocalTypeFinder : public RecursiveASTVisitor<LocalTypeFinder> {
public:
  bool VisitTypedefType(TypedefType *T) {
    if (isFunctionLocal(T->getDecl()))
      Typedefs.insert(T->getDecl());
    return true;
  }
  bool VisitTagType(TagType *T) {
    if (isFunctionLocal(T->getDecl()))
      Tags.insert(T->getDecl());
    return true;
  }
  /// A deduced `auto` type is the bare specialization, whose arguments are
  /// not written anywhere: `transform_iterator<closure, ...>` hides a lambda.
  bool VisitRecordType(RecordType *T) {
    if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(T->getDecl()))
      for (const TemplateArgument &A : S->getTemplateArgs().asArray())
        TraverseTemplateArgument(A);
    return true;
  }
  std::set<const TypedefNameDecl *> Typedefs;
  std::set<const TagDecl *> Tags;
};

/// True if the placeholder \p D stands for a type. isDeduced() is true for
/// one deduced as dependent too (`cuda::std::pair p(v, 2)` in a template),
/// which has none.
bool hasDeducedType(const DeducedType &D) {
  return !D.getDeducedType().isNull();
}

/// Finds what TypeName::getFullyQualifiedName cannot print (it assumes a
/// type of the end of the translation unit, and crashes on these): a
/// placeholder not deduced yet (`auto` or a class template deduced by CTAD
/// from a dependent initialiser), a dependent template name (`typename
/// A::template rebind<U>`), packs and unresolved using-declarations.
class UnspellableFinder : public RecursiveASTVisitor<UnspellableFinder> {
public:
  bool VisitDeducedType(DeducedType *T) { return keep(hasDeducedType(*T)); }
  bool VisitTemplateSpecializationType(TemplateSpecializationType *T) {
    return keep(T->getTemplateName().getAsTemplateDecl() != nullptr);
  }
  bool VisitPackExpansionType(PackExpansionType *) { return keep(false); }
  bool VisitSubstTemplateTypeParmPackType(SubstTemplateTypeParmPackType *) {
    return keep(false);
  }
  bool VisitUnresolvedUsingType(UnresolvedUsingType *) { return keep(false); }
  bool Found = false;

private:
  /// Stops the walk at the first unspellable part.
  bool keep(bool Spellable) {
    Found = !Spellable;
    return Spellable;
  }
};

bool isSpellable(QualType T) {
  if (T.isNull())
    return false;
  UnspellableFinder Finder;
  Finder.TraverseType(T);
  return !Finder.Found;
}

/// "float *p", "int n": a declarator from a spelled type and a name.
std::string declarator(llvm::StringRef Type, llvm::StringRef Name) {
  if (Type.ends_with("*") || Type.ends_with("&"))
    return (Type + Name).str();
  return (Type + " " + Name).str();
}

/// One data member of the functor.
struct Member {
  std::string Declaration; ///< "float a;" without indentation
  std::string Init;        ///< the initialiser in the construction
};

/// Everything needed to write one functor, or why it cannot be written.
class LambdaPlan {
public:
  /// \p Owner is the enclosing function, or the namespace-scope variable
  /// whose initialiser is the lambda.
  LambdaPlan(const LambdaExpr &L, const NamedDecl &Owner, LambdaSpace Kind,
             ASTContext &Ctx, RuleContext &RC)
      : L(L), Owner(Owner), F(dyn_cast<FunctionDecl>(&Owner)), Anchor(&Owner),
        Kind(Kind), Ctx(Ctx), Src(Ctx), RC(RC),
        Policy(Ctx.getPrintingPolicy()) {
    Policy.SuppressUnwrittenScope = true;
    Policy.SuppressImplicitBase = true;
    Policy.PolishForDeclaration = true;
  }

  /// Fills the plan; returns false with Why set if the lambda must stay.
  bool analyze();

  std::string Why;
  /// Errors are for lambdas nvcc rejects too; the rest are warnings.
  DiagLevel FailLevel = DiagLevel::Warning;
  /// The class the functor is nested in, or null for namespace scope.
  const CXXRecordDecl *Class = nullptr;
  bool OutOfLineMember = false;
  std::string Name;

  const LambdaExpr &L;
  const NamedDecl &Owner;
  /// The enclosing function; null for a lambda at namespace scope.
  const FunctionDecl *F;
  /// The declaration the functor is placed before: the owner, or the
  /// function holding the owner's local class.
  const Decl *Anchor;
  /// The local class whose member function holds the lambda, if any.
  const CXXRecordDecl *LocalClass = nullptr;
  /// The space the functor gets: as written, or as exec-space-lambda-to-device
  /// decided for a plain lambda passed to device code.
  LambdaSpace Kind;
  ASTContext &Ctx;
  SourceText Src;
  RuleContext &RC;
  PrintingPolicy Policy;

  std::vector<std::string> TemplateParams; ///< "typename T", "int N"
  std::vector<std::string> TemplateArgs;   ///< "T", "N", "Ts..."
  std::vector<std::string> OuterTemplateHeaders; ///< out-of-line members
  std::string Qualifier; ///< "Solver::" for out-of-line members
  std::vector<Member> Members;
  std::set<const ValueDecl *> Captured;
  std::vector<std::string> CopiedLocals;        ///< declarations, with ';'
  /// The `#if` condition the functor is written under; empty for none.
  std::string Condition;
  /// Local aliases that spelled types name (captures, return type).
  std::vector<const Decl *> TypeDeps;
  std::vector<const Decl *> LocalsToRetire;     ///< now unused in F
  std::string SelfName;
  enum { NoThis, ThisPointer, ThisCopy } This = NoThis;
  bool SelfTemplate = false; ///< *this of an incomplete class: template
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
  std::vector<std::pair<CharSourceRange, std::string>> BodyEdits;

  bool fail(std::string Reason) {
    Why = std::move(Reason);
    return false;
  }

  std::optional<std::string> spell(QualType T);
  std::optional<std::string> capturedType(const VarDecl &Var,
                                          const Expr *InitCapture);
  std::optional<std::string> typeParameterFor(const VarDecl &Var,
                                              const Expr *InitCapture,
                                              llvm::StringRef Why);
  /// Closure types of the enclosing function's lambdas lowered before this
  /// one, and how their functors are spelled.
  const std::map<const CXXRecordDecl *, std::string> *LoweredClosures =
      nullptr;
  /// The lambdas this run lowers (each is replaced as a whole).
  const std::map<const LambdaExpr *, LambdaSpace> *LoweredLambdas = nullptr;
  bool planInnerCaptures();
  bool planPlacement();
  bool planLocalClassPlacement();
  bool planLocalClassUses();
  bool planTemplate();
  bool planCaptures();
  void planImplicitThis();
  /// Added to the diagnostic when `this` was captured implicitly.
  std::string ThisNote;
  bool planCapture(const LambdaCapture &C);
  bool planThisUses();
  bool planLocals();
  bool planSignature();
  bool planSpace();
  bool planGenericParams(const FunctionProtoTypeLoc &Proto);
  bool planReturnType(const FunctionProtoTypeLoc &Proto);
  void planFunctionPointerConversion();
  bool isInsideLambda(SourceLocation Loc) const {
    return Src.SM.isPointWithin(Loc, L.getBeginLoc(), L.getEndLoc());
  }
};


std::optional<std::string> LambdaPlan::spell(QualType T) {
  // `auto it = make_iterator(...)`: the `auto` sugar keeps the deduced
  // template's namespace from being printed (`transform_iterator<...>`).
  if (const auto *Deduced = T->getAs<DeducedType>();
      Deduced && hasDeducedType(*Deduced)) {
    T = Deduced->getDeducedType();
    // CTAD: the guide's spelling may use the library's internal aliases.
    if (isa<DeducedTemplateSpecializationType>(Deduced))
      T = T.getCanonicalType();
  }
  if (!isSpellable(T))
    return std::nullopt;
  LocalTypeFinder Finder;
  Finder.TraverseType(T);
  // A local class has no name outside its function, even through aliases
  // (`using P = Pair *;`), which the canonical type sees past.
  LocalTypeFinder Canonical;
  Canonical.TraverseType(T.getCanonicalType());
  if (!Finder.Tags.empty() || !Canonical.Tags.empty())
    return std::nullopt;
  // The aliases are copied into the functor with what they use in turn
  // (planLocals).
  for (const TypedefNameDecl *TD : Finder.Typedefs)
    if (std::find(TypeDeps.begin(), TypeDeps.end(), TD) == TypeDeps.end())
      TypeDeps.push_back(TD);
  return TypeName::getFullyQualifiedName(T, Ctx, Policy,
                                         /*WithGlobalNsPrefix=*/false);
}

bool LambdaPlan::planPlacement() {
  if (!F) {
    // At namespace scope: the functor goes right before the variable.
    InUnnamedNamespace = Owner.getFormalLinkage() == Linkage::Internal &&
                         !Owner.isInAnonymousNamespace();
    return true;
  }
  if (const auto *M = dyn_cast<CXXMethodDecl>(F)) {
    Class = M->getParent();
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

bool LambdaPlan::planLocalClassPlacement() {
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

bool LambdaPlan::planLocalClassUses() {
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

/// The name of \p P with `...` for a pack, as a template argument.
static std::string templateArgFor(const NamedDecl *P) {
  std::string Arg = P->getNameAsString();
  if (P->isTemplateParameterPack())
    Arg += "...";
  return Arg;
}

bool LambdaPlan::planTemplate() {
  // A nested functor sees the class's template parameters already; only
  // the function's own template parameters need repeating.
  const FunctionTemplateDecl *FT = F ? F->getDescribedFunctionTemplate()
                                     : nullptr;
  if (!FT)
    return true;
  for (const NamedDecl *P : *FT->getTemplateParameters()) {
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

/// `{a[0], a[1], ...}` for an array of \p T spelled \p Name, nested for
/// multi-dimensional arrays; empty if a bound is not a constant.
static std::string elementwiseInit(const ASTContext &Ctx, QualType T,
                                   const std::string &Name) {
  const auto *A = Ctx.getAsConstantArrayType(T);
  if (!A)
    return Name;
  uint64_t N = A->getZExtSize();
  std::string Out = "{";
  for (uint64_t I = 0; I < N; ++I) {
    std::string Elem =
        elementwiseInit(Ctx, A->getElementType(), Name + "[" + std::to_string(I) + "]");
    if (Elem.empty())
      return "";
    Out += (I ? ", " : "") + Elem;
  }
  return Out + "}";
}

/// The declarator for an array member: "float m[2][3]" from element type
/// text and bounds.
static std::optional<std::string>
arrayDeclarator(const ASTContext &Ctx, QualType T, std::string Name,
                llvm::function_ref<std::optional<std::string>(QualType)> Spell) {
  while (const auto *A = Ctx.getAsConstantArrayType(T)) {
    Name += "[" + std::to_string(A->getZExtSize()) + "]";
    T = A->getElementType();
  }
  if (T->isArrayType())
    return std::nullopt;
  auto Elem = Spell(T.getUnqualifiedType());
  if (!Elem)
    return std::nullopt;
  return *Elem + " " + Name;
}

constexpr uint64_t MaxArrayElements = 1024;

bool LambdaPlan::planCapture(const LambdaCapture &C) {
  switch (C.getCaptureKind()) {
  case LCK_This:
    This = ThisPointer;
    if (C.isImplicit() && Kind == LambdaSpace::Device)
      planImplicitThis();
    return true;
  case LCK_StarThis:
    This = ThisCopy;
    return true;
  case LCK_VLAType:
    return fail("it captures a variable-length array");
  case LCK_ByRef:
    FailLevel = DiagLevel::Error;
    return fail(llvm::formatv("it captures '{0}' by reference, a host "
                              "address that the GPU cannot read "
                              "(§5.3.8.4 item 12)",
                              C.getCapturedVar()->getName())
                    .str());
  case LCK_ByCopy:
    break;
  }
  if (C.isPackExpansion())
    return fail("it captures a parameter pack (§5.3.8.4 item 12)");
  const auto *Var = dyn_cast<VarDecl>(C.getCapturedVar());
  if (!Var)
    return fail("it captures a structured binding");
  std::string Name = Var->getNameAsString();
  QualType T = Var->getType().getNonReferenceType();
  std::string Init = Name;
  if (L.isInitCapture(&C)) {
    auto InitText = Src.text(Var->getInit()->getSourceRange());
    if (!InitText)
      return fail("an init-capture comes from a macro");
    Init = *InitText;
  }
  if (T->isArrayType()) {
    if (L.isInitCapture(&C))
      return fail("an init-capture holds an array");
    uint64_t Elements = 1;
    for (QualType E = T; const auto *A = Ctx.getAsConstantArrayType(E);
         E = A->getElementType())
      Elements *= A->getZExtSize();
    Init = elementwiseInit(Ctx, T, Name);
    auto Decl = arrayDeclarator(Ctx, T, Name,
                                [&](QualType Q) { return spell(Q); });
    if (!Decl || Init.empty() || Elements > MaxArrayElements)
      return fail(llvm::formatv("the captured array '{0}' has no constant "
                                "size or more than {1} elements",
                                Name, MaxArrayElements)
                      .str());
    Members.push_back({*Decl + ";", Init});
    return true;
  }
  auto Spelled =
      capturedType(*Var, L.isInitCapture(&C) ? Var->getInit() : nullptr);
  if (!Spelled)
    return false;
  Members.push_back({declarator(*Spelled, Name) + ";", Init});
  return true;
}

/// The variable an init-capture copies, when its initialiser is just a name
/// (`[v = v]`).
static const VarDecl *copiedVariable(const Expr *Init) {
  const auto *Ref =
      Init ? dyn_cast<DeclRefExpr>(Init->IgnoreUnlessSpelledInSource())
           : nullptr;
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

std::optional<std::string>
LambdaPlan::typeParameterFor(const VarDecl &Var, const Expr *InitCapture,
                             llvm::StringRef Why) {
  // Only the construction, where the variable is in scope, can name the
  // type: the functor takes it as a template parameter filled with decltype.
  // decltype of a reference names the reference, not the copy the closure
  // holds, so references stay refused.
  const VarDecl *Named = InitCapture ? copiedVariable(InitCapture) : &Var;
  if (!Named || Named->getType()->isReferenceType()) {
    fail(llvm::formatv("the type of the captured '{0}' is {1} {2}; give it "
                       "an explicit type",
                       Var.getName(), Why, Named ? "reference" : "expression")
             .str());
    return std::nullopt;
  }
  std::string Param = Var.getName().str() + "_capture_t";
  while (std::any_of(TemplateParams.begin(), TemplateParams.end(),
                     [&](llvm::StringRef P) { return P.ends_with(" " + Param); }))
    Param += "_";
  TemplateParams.push_back("class " + Param);
  TemplateArgs.push_back("decltype(" + Named->getNameAsString() + ")");
  return Param;
}

/// True if every function-local class that \p T mentions is the closure of a
/// lambda lowered in this run: once lowered, \p T names no local type.
static bool
localTypesAreLoweredClosures(QualType T,
                             const std::map<const CXXRecordDecl *, std::string>
                                 *LoweredClosures) {
  if (!LoweredClosures)
    return false;
  LocalTypeFinder Finder;
  Finder.TraverseType(T);
  return !Finder.Tags.empty() &&
         std::all_of(Finder.Tags.begin(), Finder.Tags.end(),
                     [&](const TagDecl *D) {
                       const auto *R = dyn_cast<CXXRecordDecl>(D);
                       return R && LoweredClosures->count(R);
                     });
}

std::optional<std::string>
LambdaPlan::capturedType(const VarDecl &Var, const Expr *InitCapture) {
  QualType T = Var.getType();
  // `auto n = v.size()` and `cuda::std::pair p(v, 2)` (CTAD) in a template:
  // the type is known per instantiation only.
  const DeducedType *Deduced = T->getContainedDeducedType();
  if (Deduced && !hasDeducedType(*Deduced))
    return typeParameterFor(Var, InitCapture, "deduced from a dependent");
  // CTAD yields the type a deduction guide writes, in the library's own
  // spelling (`extents<size_t, __maybe_static_ext<int>, ...>` for mdspan),
  // which user code cannot name: decltype names it everywhere.
  if (Deduced && isa<DeducedTemplateSpecializationType>(Deduced))
    return typeParameterFor(Var, InitCapture,
                            "deduced from class template arguments of a");
  // A lambda of this function lowered earlier now has a name.
  if (const CXXRecordDecl *R = T.getNonReferenceType()->getAsCXXRecordDecl();
      R && R->isLambda() && LoweredClosures) {
    auto It = LoweredClosures->find(R);
    if (It != LoweredClosures->end())
      return It->second;
  }
  QualType Value = T.getNonReferenceType().getUnqualifiedType();
  // Any other type the speller cannot write is named the same way.
  if (!isSpellable(Value))
    return typeParameterFor(Var, InitCapture,
                            "one this tool cannot write, copied from a");
  if (auto Spelled = spell(Value))
    return Spelled;
  // `transform_iterator<closure, ...>`, `__return_type_wrapper<R, closure>`:
  // a type built from lowered lambdas has a name after lowering, but not one
  // this run can write.
  if (localTypesAreLoweredClosures(Value, LoweredClosures))
    return typeParameterFor(Var, InitCapture,
                            "built from a lambda's closure and copied from a");
  fail(llvm::formatv("the captured '{0}' has a type declared inside the "
                     "function (§5.3.8.4 item 12)",
                     Var.getName())
           .str());
  return std::nullopt;
}

/// Finds the enclosing function's variables a lambda body refers to, in
/// order of first use.
class EnclosingVarFinder : public RecursiveASTVisitor<EnclosingVarFinder> {
public:
  explicit EnclosingVarFinder(const LambdaExpr &L) : L(L) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    // A nested lambda's uses of this lambda's own parameters and locals
    // also refer to enclosing variables: they are not captures of L.
    if (V && E->refersToEnclosingVariableOrCapture() &&
        V->isLocalVarDeclOrParm() && !V->isStaticLocal() &&
        !L.getCallOperator()->Encloses(V->getDeclContext()) &&
        std::find(Vars.begin(), Vars.end(), V) == Vars.end())
      Vars.push_back(V);
    return true;
  }
  bool VisitCXXThisExpr(CXXThisExpr *) {
    UsesThis = true;
    return true;
  }
  std::vector<const VarDecl *> Vars;
  bool UsesThis = false;
  const LambdaExpr &L;
};

/// A __device__ lambda in a host function that captures `this` implicitly
/// makes the GPU dereference a host pointer (§5.3.8.6). Capturing `*this`
/// is the fix the guide gives; it is applied when copying the object is
/// plainly safe (a trivially copyable class), else only reported.
/// Collects the lambdas inside a lambda body.
class InnerLambdaFinder : public RecursiveASTVisitor<InnerLambdaFinder> {
public:
  bool VisitLambdaExpr(LambdaExpr *E) {
    Found.push_back(E);
    return true;
  }
  std::vector<const LambdaExpr *> Found;
};

bool LambdaPlan::planInnerCaptures() {
  // A plain lambda in the body that names a capture (`[in, n](int j)`)
  // names a data member once the body is in the functor, which a capture
  // list cannot: `[in = in, n = n]` copies the member the same way.
  InnerLambdaFinder Finder;
  Finder.TraverseStmt(L.getBody());
  for (const LambdaExpr *Inner : Finder.Found) {
    if (LoweredLambdas && LoweredLambdas->count(Inner))
      continue; // replaced by its own construction
    for (const LambdaCapture &C : Inner->explicit_captures()) {
      if (!C.capturesVariable() || Inner->isInitCapture(&C) ||
          C.isPackExpansion() || !Captured.count(C.getCapturedVar()))
        continue;
      SourceLocation End =
          Lexer::getLocForEndOfToken(C.getLocation(), 0, Src.SM, Src.LO);
      if (End.isInvalid() || End.isMacroID())
        return fail("a lambda in the body captures from a macro");
      BodyEdits.push_back({CharSourceRange::getCharRange(End, End),
                           " = " + C.getCapturedVar()->getNameAsString()});
    }
  }
  return true;
}

/// Collects the uses of `this` in a lambda body, explicit and implicit.
class ThisUseFinder : public RecursiveASTVisitor<ThisUseFinder> {
public:
  bool VisitCXXThisExpr(CXXThisExpr *E) {
    Uses.push_back(E);
    return true;
  }
  std::vector<const CXXThisExpr *> Uses;
};

/// True if \p Body modifies the object `this` points to: assigns a member,
/// calls a non-const member function, hands a member out by non-const
/// reference.
static bool writesThroughThis(const Stmt &Body, ASTContext &Ctx) {
  ThisUseFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(&Body));
  ExprMutationAnalyzer Analyzer(Body, Ctx);
  return std::any_of(Finder.Uses.begin(), Finder.Uses.end(),
                     [&](const CXXThisExpr *E) {
                       return Analyzer.isPointeeMutated(E);
                     });
}

void LambdaPlan::planImplicitThis() {
  bool HostFunction = !F->hasAttr<CUDADeviceAttr>() ||
                      F->getAttr<CUDADeviceAttr>()->isImplicit();
  if (!HostFunction)
    return;
  const CXXRecordDecl *Def = Class ? Class->getDefinition() : nullptr;
  if (writesThroughThis(*L.getBody(), Ctx)) {
    // A copy would swallow the writes (and a const operator() rejects them):
    // keep the pointer, right for objects in managed or device memory.
    ThisNote = "; it captures 'this' implicitly and writes through it, so "
               "the functor keeps the pointer, which the GPU can dereference "
               "only for an object in managed or device memory (§5.3.8.6)";
  } else if (Def && !Def->isDependentContext() && Def->isTriviallyCopyable()) {
    This = ThisCopy;
    ThisNote = "; it captured 'this' implicitly, a host pointer the GPU "
               "cannot dereference (§5.3.8.6), so the functor holds a copy "
               "of '*this'";
  } else {
    ThisNote = "; it captures 'this' implicitly, a host pointer the GPU "
               "cannot dereference (§5.3.8.6): capture '*this' if the object "
               "can be copied";
  }
}

bool LambdaPlan::planCaptures() {
  for (const LambdaCapture &C : L.captures()) {
    if (!planCapture(C))
      return false;
    if (C.capturesVariable())
      Captured.insert(C.getCapturedVar());
  }
  // Clang leaves the implicit captures of a lambda in a template to each
  // instantiation; in the template itself, infer them as [=] would: every
  // variable used that is not usable as a constant, and `this`.
  if (!L.getLambdaClass()->isDependentContext() ||
      L.getCaptureDefault() == LCD_None)
    return true;
  EnclosingVarFinder Finder(L);
  Finder.TraverseStmt(L.getBody());
  if (Finder.UsesThis && This == NoThis)
    This = ThisPointer;
  for (const VarDecl *V : Finder.Vars) {
    if (Captured.count(V) || V->isConstexpr() ||
        V->isUsableInConstantExpressions(Ctx))
      continue;
    if (V->isParameterPack())
      return fail("it captures a parameter pack (§5.3.8.4 item 12)");
    if (L.getCaptureDefault() == LCD_ByRef) {
      FailLevel = DiagLevel::Error;
      return fail(llvm::formatv("it captures '{0}' by reference, a host "
                                "address that the GPU cannot read "
                                "(§5.3.8.4 item 12)",
                                V->getName())
                      .str());
    }
    if (V->getType()->isArrayType())
      return fail(llvm::formatv("the captured array '{0}' is used in a "
                                "template; capture it explicitly",
                                V->getName())
                      .str());
    auto Spelled = capturedType(*V, nullptr);
    if (!Spelled)
      return false;
    Members.push_back({declarator(*Spelled, V->getName()) + ";",
                       V->getNameAsString()});
    Captured.insert(V);
  }
  return true;
}

bool LambdaPlan::planThisUses() {
  if (This == NoThis)
    return true;
  if (LocalClass)
    return fail("it uses 'this', an object of a local class, which a "
                "functor at namespace scope cannot name (nvcc refuses local "
                "classes as kernel argument types, §5.3.8.4 item 6)");
  SelfName = "self";
  if (auto Body = Src.text(L.getBody()->getSourceRange()))
    while (llvm::StringRef(*Body).contains(SelfName))
      SelfName += "_";
  // In its own definition the class is incomplete: a member of its type
  // needs a template parameter. Out of line it is complete.
  SelfTemplate = This == ThisCopy && !OutOfLineMember;
  std::string ClassType = Class->getNameAsString();
  std::string SelfType = SelfTemplate ? "Self" : ClassType;
  // In a const member function `this` points to const.
  const auto *Method = cast<CXXMethodDecl>(F);
  bool ConstThis = Method->isConst();
  if (This == ThisPointer)
    Members.insert(Members.begin(),
                   {(ConstThis ? "const " : "") + SelfType + " *" + SelfName +
                        ";",
                    "this"});
  else
    Members.insert(Members.begin(), {SelfType + " " + SelfName + ";", "*this"});

  ThisUseFinder Finder;
  Finder.TraverseStmt(L.getBody());
  for (const CXXThisExpr *E : Finder.Uses) {
    if (E->isImplicit()) {
      // `x` or `f()` naming a member: prefix the member's name.
      SourceLocation At = E->getBeginLoc();
      std::string Prefix = SelfName + (This == ThisPointer ? "->" : ".");
      BodyEdits.push_back({CharSourceRange::getCharRange(At, At), Prefix});
    } else {
      std::string Repl = This == ThisPointer ? SelfName : "(&" + SelfName + ")";
      BodyEdits.push_back({CharSourceRange::getTokenRange(E->getSourceRange()),
                           Repl});
    }
  }
  return true;
}

/// True if \p D is declared in \p L's body or parameters.
static bool isDeclaredIn(const LambdaExpr &L, const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (DC == L.getCallOperator() || DC == L.getLambdaClass())
      return true;
  return false;
}

/// Finds what a lambda body uses from its enclosing function without
/// capturing it: constants, local types, local aliases.
class LocalUseFinder : public RecursiveASTVisitor<LocalUseFinder> {
public:
  LocalUseFinder(const LambdaExpr &L, const std::set<const ValueDecl *> &Captured)
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

  std::vector<const Decl *> Found;

  /// Adds an alias a spelled type names, wherever it is declared: one
  /// declared in the body still names the deduced return type.
  void seed(const Decl *D) {
    if (std::find(Found.begin(), Found.end(), D) == Found.end())
      Found.push_back(D);
  }

private:
  void note(const Decl *D) {
    if (!isFunctionLocal(D) || isDeclaredIn(L, D))
      return;
    seed(D);
  }
  const LambdaExpr &L;
  const std::set<const ValueDecl *> &Captured;
};

bool LambdaPlan::planLocals() {
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
  for (size_t I = 0; I < Finder.Found.size(); ++I)
    Finder.TraverseDecl(const_cast<Decl *>(Finder.Found[I]));
  // By name: the declarators of one statement share its start.
  std::stable_sort(Finder.Found.begin(), Finder.Found.end(),
                   [&](const Decl *A, const Decl *B) {
                     return Src.SM.isBeforeInTranslationUnit(A->getLocation(),
                                                             B->getLocation());
                   });
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
      auto Type = spell(V->getType().getUnqualifiedType());
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
      auto Text = Src.text(TD->getSourceRange());
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
  return true;
}

/// The file range between a lambda's introducer (or explicit template
/// parameter list) and its declarator or body: where the execution-space
/// annotation is written. Invalid when macros make it unclear.
static CharSourceRange annotationRange(const LambdaExpr &L,
                                       const SourceText &Src) {
  SourceLocation After = L.getIntroducerRange().getEnd();
  if (const TemplateParameterList *TPL = L.getTemplateParameterList();
      TPL && !L.getExplicitTemplateParameters().empty())
    After = TPL->getRAngleLoc();
  SourceLocation Stop = L.getCompoundStmtBody()->getLBracLoc();
  if (L.hasExplicitParameters())
    if (auto Proto = L.getCallOperator()
                         ->getTypeSourceInfo()
                         ->getTypeLoc()
                         .getAsAdjusted<FunctionProtoTypeLoc>())
      Stop = Proto.getLParenLoc();
  CharSourceRange AfterTok = Src.file(SourceRange(After, After));
  CharSourceRange StopTok = Src.file(SourceRange(Stop, Stop));
  if (AfterTok.isInvalid() || StopTok.isInvalid() ||
      Src.SM.getFileID(AfterTok.getBegin()) !=
          Src.SM.getFileID(StopTok.getBegin()) ||
      !Src.SM.isBeforeInTranslationUnit(AfterTok.getEnd(), StopTok.getBegin()))
    return CharSourceRange();
  CharSourceRange R =
      CharSourceRange::getCharRange(AfterTok.getEnd(), StopTok.getBegin());
  auto Text = Src.text(R);
  // Only the annotation may sit there: `mutable` etc. come after '('.
  if (!Text || llvm::StringRef(*Text).trim().empty() ||
      Text->find_first_of("(){}[]") != std::string::npos)
    return CharSourceRange();
  return R;
}

bool LambdaPlan::planSpace() {
  if (CharSourceRange R = annotationRange(L, Src); R.isValid()) {
    Space = llvm::StringRef(*Src.text(R)).trim().str();
    return true;
  }
  Space = spaceName(Kind);
  return true;
}

bool LambdaPlan::planGenericParams(const FunctionProtoTypeLoc &Proto) {
  const TemplateParameterList *TPL = L.getTemplateParameterList();
  if (!TPL)
    return true;
  std::vector<std::string> Heads;
  for (const NamedDecl *P : L.getExplicitTemplateParameters()) {
    auto Text = Src.text(P->getSourceRange());
    if (!Text)
      return fail("a template parameter comes from a macro");
    Heads.push_back(*Text);
  }
  // Invented parameters (`auto x`) become named ones: C++17 has no
  // abbreviated function templates.
  std::map<const TemplateTypeParmDecl *, std::string> Invented;
  unsigned Next = 1;
  for (const NamedDecl *P : *TPL) {
    const auto *TTP = dyn_cast<TemplateTypeParmDecl>(P);
    if (!TTP || !TTP->isImplicit())
      continue;
    if (TTP->hasTypeConstraint())
      return fail("a constrained 'auto' parameter");
    std::string Name;
    do
      Name = "Auto" + std::to_string(Next++);
    while (std::find(TemplateArgs.begin(), TemplateArgs.end(), Name) !=
           TemplateArgs.end());
    Invented[TTP] = Name;
    Heads.push_back(std::string(TTP->isParameterPack() ? "typename... "
                                                       : "typename ") +
                    Name);
  }
  CallTemplate = "template <" + llvm::join(Heads, ", ") + ">";
  // Replace each `auto` token of the parameter list with its invented name.
  SourceLocation Begin = Proto.getLParenLoc();
  std::string Out;
  for (unsigned I = 0; I < Proto.getNumParams(); ++I) {
    const ParmVarDecl *P = Proto.getParam(I);
    TypeLoc TL = P->getTypeSourceInfo()->getTypeLoc();
    while (!TL.isNull()) {
      if (auto T = TL.getAs<TemplateTypeParmTypeLoc>()) {
        auto It = Invented.find(T.getDecl());
        if (It != Invented.end()) {
          auto Text = Src.text(CharSourceRange::getCharRange(
              Begin, T.getNameLoc()));
          if (!Text)
            return fail("a parameter comes from a macro");
          Out += *Text + It->second;
          Begin = Lexer::getLocForEndOfToken(T.getNameLoc(), 0, Src.SM,
                                             Src.LO);
        }
        break;
      }
      TL = TL.getNextTypeLoc();
    }
  }
  auto Rest = Src.text(CharSourceRange::getTokenRange(Begin,
                                                      Proto.getRParenLoc()));
  if (!Rest)
    return fail("the parameter list comes from a macro");
  Params = Out + *Rest;
  return true;
}

/// Collects the return statements of a body, not of lambdas nested in it.
class ReturnFinder : public RecursiveASTVisitor<ReturnFinder> {
public:
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitReturnStmt(ReturnStmt *R) {
    Returns.push_back(R);
    return true;
  }
  std::vector<const ReturnStmt *> Returns;
};

/// What `auto` deduces from a body in a template when that does not depend
/// on the template: void without returned values, else the one decayed type
/// of every returned expression. Null when unknown.
static QualType deducedFromReturns(const Stmt &Body) {
  ReturnFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(&Body));
  QualType Result;
  for (const ReturnStmt *R : Finder.Returns) {
    const Expr *E = R->getRetValue();
    if (!E)
      return QualType();
    QualType T = E->getType();
    if (T->isDependentType() || E->isTypeDependent())
      return QualType();
    T = T.getNonReferenceType().getUnqualifiedType();
    if (T->isArrayType() || T->isFunctionType())
      return QualType(); // decays: leave it to the compiler
    if (!Result.isNull() && Result.getCanonicalType() != T.getCanonicalType())
      return QualType();
    Result = T;
  }
  if (Finder.Returns.empty())
    return QualType(); // caller handles void below
  return Result;
}

bool LambdaPlan::planReturnType(const FunctionProtoTypeLoc &Proto) {
  const CXXMethodDecl *Call = L.getCallOperator();
  if (L.hasExplicitResultType() && !Proto.isNull()) {
    auto Text = Src.text(Proto.getReturnLoc().getSourceRange());
    if (!Text)
      return fail("the return type comes from a macro");
    // A return type naming the parameters must stay trailing.
    if (llvm::StringRef(*Text).contains("decltype")) {
      ReturnType = "auto";
      TrailingReturn = " -> " + *Text;
    } else {
      ReturnType = *Text;
    }
    return true;
  }
  QualType R = Call->getReturnType();
  // In a template the placeholder stays `auto` (dependent, not undeduced).
  const AutoType *Placeholder = R->getContainedAutoType();
  if (R->isUndeducedType() || (Placeholder && R->isDependentType())) {
    ReturnFinder Finder;
    Finder.TraverseStmt(L.getBody());
    bool NoValues = std::none_of(
        Finder.Returns.begin(), Finder.Returns.end(),
        [](const ReturnStmt *Ret) { return Ret->getRetValue(); });
    R = NoValues ? Ctx.VoidTy : deducedFromReturns(*L.getBody());
  }
  if (!R.isNull() && !R->isUndeducedType() && !R->isDependentType())
    if (auto Text = spell(R)) {
      ReturnType = *Text;
      return true;
    }
  ReturnType = "auto"; // dependent: deduced per instantiation, as before
  return true;
}

/// True if the program converts the closure to a function pointer
/// anywhere (Clang marks the conversion function referenced).
static bool convertsToFunctionPointer(const LambdaExpr &L) {
  for (const Decl *D : L.getLambdaClass()->decls()) {
    if (const auto *Conv = dyn_cast<CXXConversionDecl>(D))
      if (Conv->isReferenced())
        return true;
    if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D))
      if (isa<CXXConversionDecl>(FT->getTemplatedDecl()) && FT->isReferenced())
        return true;
  }
  return false;
}

void LambdaPlan::planFunctionPointerConversion() {
  // A captureless lambda converts to a function pointer; keep that for
  // non-generic ones with named parameters and a spelled return type.
  if (L.capture_size() || !CallTemplate.empty() || ReturnType == "auto" ||
      L.isMutable() || !convertsToFunctionPointer(L))
    return;
  const CXXMethodDecl *Call = L.getCallOperator();
  std::vector<std::string> Names, Types;
  for (const ParmVarDecl *P : Call->parameters()) {
    if (P->getName().empty() || P->isParameterPack())
      return;
    auto T = spell(P->getType());
    if (!T)
      return;
    Names.push_back(P->getNameAsString());
    Types.push_back(*T);
  }
  FnPointerConversion = llvm::formatv(
      "using function_type = {0}({1});\n"
      "{2} static {0} invoke{3} {{ return {4}{{}({5}); }\n"
      "{2} operator function_type *() const {{ return &invoke; }\n",
      ReturnType, llvm::join(Types, ", "), Space, Params, Name,
      llvm::join(Names, ", "));
}

bool LambdaPlan::planSignature() {
  auto Proto = L.getCallOperator()
                   ->getTypeSourceInfo()
                   ->getTypeLoc()
                   .getAsAdjusted<FunctionProtoTypeLoc>();
  if (!planSpace())
    return false;
  if (L.hasExplicitParameters()) {
    if (Proto.isNull())
      return fail("the parameter list cannot be read");
    if (L.getTemplateParameterList()) {
      if (!planGenericParams(Proto))
        return false;
    } else {
      auto Text = Src.text(CharSourceRange::getTokenRange(
          Proto.getLParenLoc(), Proto.getRParenLoc()));
      if (!Text)
        return fail("the parameter list comes from a macro");
      Params = *Text;
    }
  } else {
    Params = "()";
  }
  if (!planReturnType(Proto))
    return false;
  Qualifiers = L.isMutable() ? "" : " const";
  if (!Proto.isNull() && Proto.getExceptionSpecRange().isValid()) {
    auto Text = Src.text(Proto.getExceptionSpecRange());
    if (!Text)
      return fail("the exception specification comes from a macro");
    Qualifiers += " " + *Text;
  }
  return true;
}

bool LambdaPlan::analyze() {
  if (Src.file(L.getSourceRange()).isInvalid())
    return fail("the lambda is written in a macro body; expand the macro or "
                "lower the lambda by hand");
  // planLocals comes last: it copies what the spelled types use too.
  return planPlacement() && planTemplate() && planCaptures() &&
         planInnerCaptures() && planThisUses() && planSignature() &&
         planLocals();
}

/// Writes the functor's text around its body.
struct FunctorText {
  std::string Before; ///< up to and including "operator()(...) const "
  std::string After;  ///< from after the body's '}'
};

FunctorText writeFunctor(const LambdaPlan &P, llvm::StringRef Indent,
                         llvm::StringRef Unit, unsigned Ordinal) {
  std::string In = (Indent + Unit).str();
  std::string S;
  llvm::raw_string_ostream OS(S);
  const char *Kind = spaceName(P.Kind);
  OS << Indent << "// " << Kind << " lambda #" << Ordinal << " of ";
  P.Owner.printQualifiedName(OS, P.Policy);
  OS << (P.F ? "()" : "") << ", lowered by cuda-lower.\n";
  if (P.InUnnamedNamespace)
    OS << Indent << "namespace {\n";
  for (const std::string &H : P.OuterTemplateHeaders)
    OS << Indent << H << "\n";
  std::vector<std::string> Params = P.TemplateParams;
  if (P.SelfTemplate)
    Params.insert(Params.begin(), "class Self");
  if (!Params.empty())
    OS << Indent << "template <" << llvm::join(Params, ", ") << ">\n";
  OS << Indent << "struct " << (P.OutOfLineMember ? P.Qualifier : "")
     << P.Name << " {\n";
  for (const std::string &Local : P.CopiedLocals)
    OS << In << Local << "\n";
  for (const Member &M : P.Members)
    OS << In << M.Declaration << "\n";
  if (!P.FnPointerConversion.empty()) {
    llvm::SmallVector<llvm::StringRef, 4> Lines;
    llvm::StringRef(P.FnPointerConversion).split(Lines, '\n', -1, false);
    for (llvm::StringRef Line : Lines)
      OS << In << Line << "\n";
  }
  if (!P.CallTemplate.empty())
    OS << In << P.CallTemplate << "\n";
  OS << In << P.Space << " " << P.ReturnType << " operator()" << P.Params
     << P.Qualifiers << P.TrailingReturn << " ";
  FunctorText T;
  T.Before = std::move(S);
  T.After = "\n" + Indent.str() + "};\n";
  if (P.InUnnamedNamespace)
    T.After += Indent.str() + "} // namespace\n";
  T.After += "\n";
  return T;
}

/// Stands for the body while the functor's own text is formatted: the body
/// is moved verbatim, never reformatted.
constexpr llvm::StringLiteral BodyPlaceholder = "cuda_lower_body_placeholder();";

/// The functor's text formatted with \p Style (the file's .clang-format, or
/// its own conventions), at \p Indent, for a body written on one line or
/// several; nullopt if Clang cannot format it.
std::optional<FunctorText> formatFunctor(const LambdaPlan &P,
                                         const format::FormatStyle &Style,
                                         llvm::StringRef Indent,
                                         llvm::StringRef Unit,
                                         unsigned Ordinal, bool MultiLineBody) {
  FunctorText Raw = writeFunctor(P, "", Unit, Ordinal);
  // The trailing comment keeps a multi-line body from being joined onto the
  // signature's line, where a one-line body may stay.
  std::string Code = Raw.Before + "{ " + BodyPlaceholder.str() +
                     (MultiLineBody ? " //\n}" : " }") + Raw.After;
  std::optional<std::string> Formatted = formatAt(Style, Code, Indent);
  if (!Formatted)
    return std::nullopt;
  llvm::StringRef F = *Formatted;
  size_t At = F.find(BodyPlaceholder);
  size_t Open = At == llvm::StringRef::npos ? At : F.rfind('{', At);
  size_t Close = At == llvm::StringRef::npos ? At : F.find('}', At);
  if (Open == llvm::StringRef::npos || Close == llvm::StringRef::npos)
    return std::nullopt;
  FunctorText T;
  T.Before = F.take_front(Open).str();
  T.After = F.drop_front(Close + 1).rtrim().str() + "\n\n";
  return T;
}

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

/// How the body's lines move to the depth of operator(): the indentation of
/// its closing brace now, and that of the line the body starts on in the
/// functor (\p Before ends there). Both empty when the body stays as it is:
/// on one line, with code before its closing brace, or with text whose lines
/// a change of indentation would alter (raw strings, line continuations).
std::pair<std::string, std::string>
bodyReindent(const Stmt &Body, llvm::StringRef Before, const SourceText &Src) {
  SourceLocation Close = Body.getEndLoc();
  std::optional<std::string> Text = Src.text(Body.getSourceRange());
  if (!Text || !Src.spansLines(Body.getSourceRange()) ||
      Src.lineStartIfBlank(Close).isInvalid() ||
      llvm::StringRef(*Text).contains("R\"") ||
      llvm::StringRef(*Text).contains("\\\n"))
    return {};
  llvm::StringRef LastLine = Before.substr(Before.rfind('\n') + 1);
  std::string To = LastLine.take_while([](char C) {
                             return C == ' ' || C == '\t';
                           }).str();
  return {Src.indentOf(Close), To};
}

/// Where the functor goes: before the enclosing function's declaration,
/// including its template header and the comment attached to it.
SourceLocation functorLocation(const Decl &D, ASTContext &Ctx) {
  SourceLocation Loc = D.getBeginLoc();
  if (const auto *FD = dyn_cast<FunctionDecl>(&D)) {
    if (const FunctionTemplateDecl *FT = FD->getDescribedFunctionTemplate())
      Loc = FT->getBeginLoc();
    for (unsigned I = 0; I < FD->getNumTemplateParameterLists(); ++I) {
      SourceLocation T = FD->getTemplateParameterList(I)->getTemplateLoc();
      if (Ctx.getSourceManager().isBeforeInTranslationUnit(T, Loc))
        Loc = T;
    }
  }
  if (const RawComment *C = Ctx.getRawCommentForDeclNoCache(&D))
    if (Ctx.getSourceManager().isBeforeInTranslationUnit(C->getBeginLoc(), Loc))
      Loc = C->getBeginLoc();
  return aboveCommentBlock(Loc, Ctx.getSourceManager());
}

/// The access label (`private:`) that \p F follows with no member between,
/// and the access in effect above that label.
struct OwnAccessLabel {
  const AccessSpecDecl *Label = nullptr;
  AccessSpecifier Above = AS_none;
};
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

/// The stem of the functor's name: the function's, after its local class
/// if any (that functor lives at namespace scope), or the variable's.
std::string planStem(const LambdaPlan &P) {
  if (!P.F)
    return unreserve(P.Owner.getNameAsString());
  std::string Stem = functorStem(*P.F);
  if (P.LocalClass && P.LocalClass->getIdentifier())
    return unreserve(P.LocalClass->getNameAsString() + "_" + Stem);
  return Stem;
}

/// True if \p Loc was written in a macro's argument, possibly through
/// other macros (`CHECK(launch(n, DEVICE_LAMBDA (int i) {...}))`).
bool isInMacroArgument(SourceLocation Loc, const SourceManager &SM) {
  for (; Loc.isMacroID();
       Loc = SM.getImmediateExpansionRange(Loc).getBegin())
    if (SM.isMacroArgExpansion(Loc))
      return true;
  return false;
}

/// The functor's type as the construction spells it: `run_lambda_1<T>`.
std::string functorType(const LambdaPlan &P) {
  std::vector<std::string> Args = P.TemplateArgs;
  if (P.SelfTemplate)
    Args.insert(Args.begin(), P.Class->getNameAsString());
  if (Args.empty())
    return P.Name;
  return P.Name + "<" + llvm::join(Args, ", ") + ">";
}

} // namespace lowering
using namespace lowering;

namespace lowering {
/// Finds where user code tests for nvcc's --extended-lambda mode. Once its
/// lambdas are lowered, the code no longer needs that mode, so the tests
/// become constants; the lambda traits cannot be fixed and are reported.
class FlagUseFinder : public PPCallbacks {
public:
  FlagUseFinder(Preprocessor &PP, RuleContext &Ctx,
                std::vector<LowerExtendedLambda::FlagUse> &Out)
      : PP(PP), Ctx(Ctx), Out(Out) {}

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
    if (Id.starts_with("__nv_is_extended_"))
      add(CharSourceRange::getTokenRange(Range), "",
          (Id + " is false for the functors cuda-lower writes, as for any "
                "type without --extended-lambda (§5.3.8.3); code that "
                "dispatches on it takes its other path")
              .str());
  }

private:
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
};
} // namespace lowering

void LowerExtendedLambda::registerPPCallbacks(Preprocessor &PP) {
  PP.addPPCallbacks(std::make_unique<FlagUseFinder>(PP, context(), FlagUses));
  auto Recorder = std::make_unique<PreprocessorBranches>(PP.getSourceManager());
  Branches = Recorder.get();
  PP.addPPCallbacks(std::move(Recorder));
}

/// True if \p L belongs to a template instantiation (the rule works on the
/// template as written), found through its declaration contexts.
static bool isInInstantiation(const LambdaExpr &L) {
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

void LowerExtendedLambda::registerMatchers(MatchFinder &Finder) {
  // Instantiations are skipped in check(): the isInTemplateInstantiation()
  // matcher would build the parent map of the whole translation unit,
  // toolkit headers included (+50% memory on Thrust code).
  Finder.addMatcher(lambdaExpr().bind("l"), this);
}

void LowerExtendedLambda::check(const MatchFinder::MatchResult &Result) {
  const auto *L = Result.Nodes.getNodeAs<LambdaExpr>("l");
  if (!context().isUserOwned(L->getBeginLoc()) || isInInstantiation(*L))
    return;
  LambdaSpace Space = writtenLambdaSpace(*L);
  ASTContext &Ctx = context().getASTContext();
  // A plain lambda passed to device code: exec-space-lambda-to-device
  // decides its space and leaves the lowering to this rule (§5.3.8.1).
  if (Space == LambdaSpace::None && context().owners().PlainLambdasBecomeDevice &&
      context().analyses().plainLambdas().isPassedToDevice(*L))
    Space = context().analyses().plainLambdas().space(*L) ==
                    ExecSpace::HostDevice
                ? LambdaSpace::HostDevice
                : LambdaSpace::Device;
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
    dropDeviceAnnotation(*L);
    return;
  }
  auto &List = ByFunction[Owner];
  // The device pass can hold two nodes for one lambda; keep the first.
  if (std::any_of(List.begin(), List.end(), [&](const LambdaExpr *Seen) {
        return Seen->getBeginLoc() == L->getBeginLoc();
      }))
    return;
  if (List.empty())
    FunctionOrder.push_back(Owner);
  List.push_back(L);
  Spaces[L] = Space;
}

void LowerExtendedLambda::dropDeviceAnnotation(const LambdaExpr &L) {
  // In device code every lambda runs on the device already (§5.3.8), yet
  // nvcc wants --extended-lambda to accept the annotation; drop it.
  SourceText Src(context().getASTContext());
  CharSourceRange R = annotationRange(L, Src);
  if (R.isInvalid()) {
    diag(L.getBeginLoc(),
         llvm::formatv("the {0} annotation on a lambda in device code is "
                       "implied (§5.3.8) but needs --extended-lambda; it "
                       "comes from a macro, so remove it by hand",
                       spaceName(writtenLambdaSpace(L)))
             .str());
    return;
  }
  diag(L.getBeginLoc(),
       llvm::formatv("the {0} annotation on a lambda in device code is "
                     "implied (§5.3.8); removed so that nvcc needs no "
                     "--extended-lambda",
                     spaceName(writtenLambdaSpace(L)))
           .str())
      .replace(R, " ");
}

std::string LowerExtendedLambda::uniqueName(const DeclContext &Scope,
                                            std::string Base,
                                            unsigned Ordinal,
                                            llvm::StringRef Suffix) {
  ASTContext &Ctx = context().getASTContext();
  std::set<std::string> &Used = Taken[&Scope];
  for (unsigned N = Ordinal;; ++N) {
    std::string Name = Base + "_lambda_" + std::to_string(N) + Suffix.str();
    if (Used.count(Name))
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
  for (const FlagUse &U : FlagUses) {
    auto D = diag(U.Range.getBegin(), U.Message);
    if (!U.Replacement.empty())
      D.replace(U.Range, U.Replacement);
  }
  for (const NamedDecl *Owner : FunctionOrder) {
    auto &Lambdas = ByFunction[Owner];
    std::stable_sort(Lambdas.begin(), Lambdas.end(),
                     [&](const LambdaExpr *A, const LambdaExpr *B) {
                       return SM.isBeforeInTranslationUnit(A->getBeginLoc(),
                                                           B->getBeginLoc());
                     });
    lowerOwner(*Owner, Lambdas);
  }
}

void LowerExtendedLambda::lowerOwner(
    const NamedDecl &Owner, const std::vector<const LambdaExpr *> &Lambdas) {
  ASTContext &Ctx = context().getASTContext();
  std::vector<std::unique_ptr<LambdaPlan>> Plans;
  std::vector<unsigned> Ordinals;
  for (unsigned I = 0; I < Lambdas.size(); ++I) {
    const LambdaExpr &L = *Lambdas[I];
    auto P = std::make_unique<LambdaPlan>(L, Owner, Spaces[&L], Ctx, context());
    P->LoweredClosures = &LoweredClosures;
    P->LoweredLambdas = &Spaces;
    if (!P->analyze()) {
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
                       SM.getFileLoc(L.getBeginLoc()))
                 : BranchCondition();
    if (!Branch.Problem.empty()) {
      diag(L.getBeginLoc(),
           llvm::formatv("{0} lambda not lowered: {1}, so its functor "
                         "cannot be placed under the same condition",
                         spaceName(P->Kind), Branch.Problem)
               .str(),
           DiagLevel::Error);
      continue;
    }
    P->Condition = Branch.Condition;
    P->Name = uniqueName(Scope, planStem(*P), I + 1,
                         Branch.Tag.empty() ? "" : "_" + Branch.Tag);
    P->planFunctionPointerConversion();
    LoweredClosures[L.getLambdaClass()] = functorType(*P);
    Plans.push_back(std::move(P));
    Ordinals.push_back(I + 1);
  }

  // A local that only lowered lambdas used now lives in their functors; left
  // in the function it would be unused (nvcc warning #177-D).
  const SourceManager &SM = Ctx.getSourceManager();
  auto InLowered = [&](SourceLocation Loc) {
    return std::any_of(Plans.begin(), Plans.end(), [&](const auto &P) {
      return SM.isPointWithin(Loc, P->L.getBeginLoc(), P->L.getEndLoc());
    });
  };
  std::vector<const Decl *> Candidates;
  for (const auto &P : Plans)
    Candidates.insert(Candidates.end(), P->LocalsToRetire.begin(),
                      P->LocalsToRetire.end());
  const auto *F = dyn_cast<FunctionDecl>(&Owner);
  std::map<const Decl *, CharSourceRange> Retired;
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
    emit(*Plans[I], Ordinals[I], Removals);
  }
}

void LowerExtendedLambda::emit(LambdaPlan &P, unsigned Ordinal,
                               const std::vector<CharSourceRange> &Removals) {
  ASTContext &Ctx = context().getASTContext();
  const LambdaExpr &L = P.L;
  const char *Kind = spaceName(P.Kind);
  SourceText Src(Ctx);
  const Decl &Anchor = *P.Anchor;
  SourceLocation At = functorLocation(Anchor, Ctx);
  std::string Indent = Src.indentOf(At);
  std::string Unit = Src.indentUnit(At);
  SourceLocation LineStart = Src.lineStartIfBlank(At);
  std::optional<FunctorText> Formatted;
  const SourceManager &SM = Ctx.getSourceManager();
  FileID File = SM.getFileID(SM.getFileLoc(At));
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(File))
    if (const auto &Style = Layout.style(FE->getName(), SM.getBufferData(File), Unit))
      Formatted = formatFunctor(P, *Style, Indent, Unit, Ordinal,
                                Src.spansLines(L.getBody()->getSourceRange()));
  FunctorText Text =
      Formatted ? *Formatted : writeFunctor(P, Indent, Unit, Ordinal);
  if (!P.Condition.empty()) {
    // Under its lambda's preprocessor branch: defined exactly where used.
    Text.Before = "#if " + P.Condition + "\n" + Text.Before;
    llvm::StringRef After = Text.After;
    Text.After = (After.drop_back(After.ends_with("\n\n") ? 1 : 0) +
                  "#endif\n\n")
                     .str();
  }
  auto [IndentFrom, IndentTo] = bodyReindent(*L.getBody(), Text.Before, Src);
  std::string Before = Text.Before;
  // A nested functor must be public to be a kernel template argument.
  bool NeedsAccess = P.Class && !P.OutOfLineMember &&
                     P.F->getAccess() != AS_public;
  // Right after its own `private:` label, the function keeps the label: the
  // functor goes above it, under `public:`, and needs no label after it.
  OwnAccessLabel Own = NeedsAccess ? labelRightBefore(*P.Class, *P.F)
                                   : OwnAccessLabel{};
  const AccessSpecDecl *OwnLabel = Own.Label;
  if (OwnLabel && Src.lineStartIfBlank(OwnLabel->getBeginLoc()).isInvalid())
    OwnLabel = nullptr;
  if (OwnLabel)
    LineStart = At = Src.lineStartIfBlank(OwnLabel->getBeginLoc());
  if (LineStart.isValid()) {
    At = LineStart;
  } else {
    Before = "\n" + Before;
  }
  std::string After = Text.After + (LineStart.isValid() ? "" : Indent);
  if (NeedsAccess) {
    std::string Label = Src.indentOf(P.Class->getBeginLoc());
    if (!OwnLabel || Own.Above != AS_public)
      Before = Label + "public:\n" + Before;
    if (!OwnLabel)
      After += Label +
               (P.F->getAccess() == AS_private ? "private:\n"
                                               : "protected:\n");
  }

  std::vector<std::string> Inits;
  for (const Member &M : P.Members)
    Inits.push_back(M.Init);
  std::string Construction =
      functorType(P) + "{" + llvm::join(Inits, ", ") + "}";
  // In a macro argument a comma outside parentheses would split the
  // argument (braces and angle brackets do not protect it).
  if (isInMacroArgument(L.getBeginLoc(), Ctx.getSourceManager()) &&
      Construction.find(',') != std::string::npos)
    Construction = "(" + Construction + ")";

  auto D = diag(L.getBeginLoc(),
                llvm::formatv("{0} lambda lowered to functor '{1}'{2}", Kind,
                              P.Name, P.ThisNote)
                    .str());
  D.insertCopy(At, Before,
               CharSourceRange::getTokenRange(L.getBody()->getSourceRange()),
               After, IndentFrom, IndentTo);
  for (const auto &[Range, Repl] : P.BodyEdits)
    D.replace(Range, Repl);
  D.replace(CharSourceRange::getTokenRange(L.getSourceRange()), Construction);
  for (const CharSourceRange &R : Removals)
    D.remove(R);
  if (P.OutOfLineMember) {
    // Declare the nested functor in the class, next to the function.
    const FunctionDecl *InClass = P.F->getCanonicalDecl();
    SourceLocation DeclAt = functorLocation(*InClass, Ctx);
    std::string DIndent = Src.indentOf(DeclAt);
    std::string Decl = DIndent;
    if (!P.TemplateParams.empty())
      Decl += "template <" + llvm::join(P.TemplateParams, ", ") + "> ";
    Decl += "struct " + P.Name + ";\n";
    if (InClass->getAccess() != AS_public) {
      std::string Label = Src.indentOf(P.Class->getBeginLoc());
      Decl = Label + "public:\n" + Decl + Label +
             (InClass->getAccess() == AS_private ? "private:\n"
                                                 : "protected:\n");
    }
    SourceLocation DeclLine = Src.lineStartIfBlank(DeclAt);
    if (DeclLine.isValid())
      D.insert(DeclLine, Decl);
    else
      D.insert(DeclAt, "\n" + Decl);
  }
}

} // namespace cudalower

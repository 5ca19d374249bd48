//===--- CaptureTypes.cpp - Spelling the types of captures ----------------===//
//
// The functor's members need their types written out. Types the speller
// cannot write (placeholders deduced from dependent or CTAD initialisers,
// types built from closures) become template parameters of the functor,
// filled with decltype at the construction.
//
//===----------------------------------------------------------------------===//

#include "Rules/LowerExtendedLambda/Lowering.h"
#include "Rules/LowerExtendedLambda/LowerExtendedLambda.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace cudalower::lowering {

namespace {

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
  llvm::SetVector<const TypedefNameDecl *> Typedefs;
  llvm::SetVector<const TagDecl *> Tags;
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
  /// A member alias of a class template, named inside it (`weight_t` in
  /// Gunrock's `enactor_t<problem_t>`): Clang attaches it to the template,
  /// and getFullyQualifiedName qualifies it with whichever specialization
  /// came first (`enactor_t<problem<...>>::weight_t`), which inside the
  /// template's own definition does not compile.
  bool VisitTypedefType(TypedefType *T) {
    const auto *Class = dyn_cast<CXXRecordDecl>(T->getDecl()->getDeclContext());
    return keep(!Class || !Class->isDependentContext());
  }
  bool Found = false;

private:
  /// Stops the walk at the first unspellable part.
  bool keep(bool Spellable) {
    Found = !Spellable;
    return Spellable;
  }
};

/// The variable an init-capture copies, when its initialiser is just a name
/// (`[v = v]`).
const VarDecl *copiedVariable(const Expr *Init) {
  const auto *Ref =
      Init ? dyn_cast<DeclRefExpr>(Init->IgnoreUnlessSpelledInSource())
           : nullptr;
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// True if every function-local class that \p T mentions is the closure of a
/// lambda lowered in this run: once lowered, \p T names no local type.
bool localTypesAreLoweredClosures(QualType T,
                                  const ClosureNames *LoweredClosures) {
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

} // namespace

bool isSpellable(QualType T) {
  if (T.isNull())
    return false;
  UnspellableFinder Finder;
  Finder.TraverseType(T);
  return !Finder.Found;
}

std::optional<std::string>
LambdaPlanner::spell(QualType T,
                     const llvm::SmallPtrSetImpl<const Decl *> *Copied) {
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
  auto IsCopied = [&](const TagDecl *D) { return Copied && Copied->count(D); };
  if (!llvm::all_of(Finder.Tags, IsCopied) ||
      !llvm::all_of(Canonical.Tags, IsCopied))
    return std::nullopt;
  // The aliases are copied into the functor with what they use in turn
  // (planLocals).
  for (const TypedefNameDecl *TD : Finder.Typedefs)
    if (std::find(TypeDeps.begin(), TypeDeps.end(), TD) == TypeDeps.end())
      TypeDeps.push_back(TD);
  return TypeName::getFullyQualifiedName(T, Ctx, Policy,
                                         /*WithGlobalNsPrefix=*/false);
}

std::string LambdaPlanner::valueTypeOf(const VarDecl &Named, bool Decays) {
  std::string Type = "decltype(" + Named.getNameAsString() + ")";
  if (!Named.getType()->isReferenceType())
    return Type;
  // decltype of a reference names the reference; the closure holds a copy:
  // of the referenced type for a capture, of its decayed type (auto's
  // deduction) for an init-capture.
  return applyTrait(Decays ? "decay" : "remove_reference", Type);
}

/// True if \p E holds a lambda, which decltype cannot take before C++20.
static bool holdsLambda(const Stmt *E) {
  if (!E)
    return false;
  if (isa<LambdaExpr>(E))
    return true;
  return llvm::any_of(E->children(), holdsLambda);
}

std::optional<std::string>
LambdaPlanner::initialiserTypeOf(const VarDecl &Var, const Expr &Init) {
  // `[out = output->data()]`: auto's deduction from the expression, which
  // decay_t of its decltype repeats; the expression names, at the
  // construction, what it named in the capture list.
  if (Var.getInitStyle() != VarDecl::CInit || holdsLambda(&Init) ||
      Init.containsUnexpandedParameterPack())
    return std::nullopt;
  std::optional<std::string> Text = Src.text(Init.getSourceRange());
  if (!Text)
    return std::nullopt;
  return applyTrait("decay", "decltype(" + *Text + ")");
}

std::string LambdaPlanner::applyTrait(llvm::StringRef Trait,
                                      llvm::StringRef Type) {
  // libcu++'s traits from C++17 on (the standard ones would be std:: uses
  // in device code), the standard library's below, where std-to-cuda-std
  // leaves std alone.
  bool LibCudaStd = Ctx.getLangOpts().CPlusPlus17;
  const char *Header = LibCudaStd ? "cuda/std/type_traits" : "type_traits";
  if (!llvm::is_contained(Headers, Header))
    Headers.push_back(Header);
  if (LibCudaStd)
    return llvm::formatv("::cuda::std::{0}_t<{1}>", Trait, Type).str();
  return llvm::formatv("typename ::std::{0}<{1}>::type", Trait, Type).str();
}

std::optional<std::string>
LambdaPlanner::typeParameterFor(const VarDecl &Var, const Expr *InitCapture,
                                llvm::StringRef Why) {
  // Only the construction, where the variable is in scope, can name the
  // type: the functor takes it as a template parameter filled with decltype.
  const VarDecl *Named = InitCapture ? copiedVariable(InitCapture) : &Var;
  std::optional<std::string> Arg;
  if (Named)
    Arg = valueTypeOf(*Named, /*Decays=*/InitCapture);
  else
    Arg = initialiserTypeOf(Var, *InitCapture);
  if (!Arg) {
    fail(llvm::formatv("the type of the captured '{0}' is {1} expression; "
                       "give it an explicit type",
                       Var.getName(), Why)
             .str());
    return std::nullopt;
  }
  return addTypeParameter(Var.getName(), std::move(*Arg));
}

std::string LambdaPlanner::addTypeParameter(llvm::StringRef Name,
                                            std::string Arg) {
  std::string Param = Name.str() + "_capture_t";
  while (std::any_of(TemplateParams.begin(), TemplateParams.end(),
                     [&](llvm::StringRef P) { return P.ends_with(" " + Param); }))
    Param += "_";
  TemplateParams.push_back("class " + Param);
  TemplateArgs.push_back(std::move(Arg));
  return Param;
}

std::optional<std::string>
LambdaPlanner::bindingType(const BindingDecl &Binding) {
  QualType T = Binding.getType();
  if (!T.isNull() && !T->isDependentType()) {
    // A tuple-like binding may be a reference (`std::tie`); the closure
    // copies what it refers to.
    QualType Value = T.getNonReferenceType().getUnqualifiedType();
    // A tuple-like binding's type is spelled through the library's
    // `std::tuple_element<I, E>::type`: the type it names is the one to
    // write (a std:: name in device code otherwise).
    if (Binding.getHoldingVar())
      Value = Value.getCanonicalType();
    if (Value->isArrayType()) {
      fail(llvm::formatv("the captured structured binding '{0}' is an "
                         "array; capture the object it belongs to",
                         Binding.getName())
               .str());
      return std::nullopt;
    }
    if (isSpellable(Value))
      if (auto Spelled = spell(Value))
        return Spelled;
  }
  // In a template (the type is known per instantiation) or a type the
  // speller cannot write: the construction, where the name is in scope,
  // names it.
  std::string Name = Binding.getNameAsString();
  return addTypeParameter(
      Name, applyTrait("remove_reference", "decltype(" + Name + ")"));
}

std::optional<std::string>
LambdaPlanner::capturedType(const VarDecl &Var, const Expr *InitCapture) {
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

} // namespace cudalower::lowering

//===--- Captures.cpp - The functor's data members ------------------------===//
//
// One data member per capture, explicit or (in a template, where Clang leaves
// them to each instantiation) inferred as [=] would; arrays copied element by
// element; plain lambdas in the body that capture a captured variable copy
// the member instead.
//
//===----------------------------------------------------------------------===//

#include "Rules/LowerExtendedLambda/Lowering.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace cudalower::lowering {

namespace {

/// "float *p", "int n": a declarator from a spelled type and a name.
std::string declarator(llvm::StringRef Type, llvm::StringRef Name) {
  if (Type.ends_with("*") || Type.ends_with("&"))
    return (Type + Name).str();
  return (Type + " " + Name).str();
}

/// `{a[0], a[1], ...}` for an array of \p T spelled \p Name, nested for
/// multi-dimensional arrays; empty if a bound is not a constant.
std::string elementwiseInit(const ASTContext &Ctx, QualType T,
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
std::optional<std::string>
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

/// Finds the enclosing function's variables a lambda body refers to, in
/// order of first use.
class EnclosingVarFinder : public RecursiveASTVisitor<EnclosingVarFinder> {
public:
  explicit EnclosingVarFinder(const LambdaExpr &L) : L(L) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *B = dyn_cast<BindingDecl>(E->getDecl())) {
      noteBinding(*E, *B);
      return true;
    }
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
  /// `decltype(x)` names x without using it: no capture (the functor
  /// writes x's declared type there, LambdaLocalDependencies.cpp).
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc TL, bool TraverseQualifier) {
    if (isa<DeclRefExpr>(TL.getUnderlyingExpr()))
      return true;
    return RecursiveASTVisitor::TraverseDecltypeTypeLoc(TL, TraverseQualifier);
  }
  std::vector<const VarDecl *> Vars;
  /// The enclosing function's structured bindings the body names.
  std::vector<const BindingDecl *> Bindings;
  bool UsesThis = false;
  const LambdaExpr &L;

private:
  void noteBinding(const DeclRefExpr &E, const BindingDecl &B) {
    if (E.refersToEnclosingVariableOrCapture() &&
        B.getDeclContext()->isFunctionOrMethod() &&
        !L.getCallOperator()->Encloses(B.getDeclContext()) &&
        !llvm::is_contained(Bindings, &B))
      Bindings.push_back(&B);
  }
};

/// Collects the lambdas inside a lambda body.
class InnerLambdaFinder : public RecursiveASTVisitor<InnerLambdaFinder> {
public:
  bool VisitLambdaExpr(LambdaExpr *E) {
    Found.push_back(E);
    return true;
  }
  std::vector<const LambdaExpr *> Found;
};

} // namespace

bool LambdaPlanner::failByReference(llvm::StringRef Name) {
  // The original makes the GPU read a host address: an error, not a
  // warning.
  FailLevel = DiagLevel::Error;
  return fail(llvm::formatv("it captures '{0}' by reference, a host address "
                            "that the GPU cannot read (§5.3.8.4 item 12)",
                            Name)
                  .str());
}

bool LambdaPlanner::planCapture(const LambdaCapture &C) {
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
    return failByReference(C.getCapturedVar()->getName());
  case LCK_ByCopy:
    break;
  }
  if (C.isPackExpansion())
    return fail("it captures a parameter pack (§5.3.8.4 item 12)");
  if (const auto *Binding = dyn_cast<BindingDecl>(C.getCapturedVar()))
    return planBindingCapture(*Binding);
  const auto *Var = dyn_cast<VarDecl>(C.getCapturedVar());
  if (!Var)
    return fail("it captures something other than a variable");
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

bool LambdaPlanner::planBindingCapture(const BindingDecl &Binding) {
  // C++20 captures structured bindings: the closure holds a copy of what
  // the name refers to, of the binding's type (decltype(name)).
  auto Spelled = bindingType(Binding);
  if (!Spelled)
    return false;
  Members.push_back({declarator(*Spelled, Binding.getName()) + ";",
                     Binding.getNameAsString()});
  return true;
}

bool LambdaPlanner::planInnerCaptures() {
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

bool LambdaPlanner::planCaptures() {
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
    if (L.getCaptureDefault() == LCD_ByRef)
      return failByReference(V->getName());
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
  for (const BindingDecl *B : Finder.Bindings) {
    if (Captured.count(B))
      continue;
    if (L.getCaptureDefault() == LCD_ByRef)
      return failByReference(B->getName());
    if (!planBindingCapture(*B))
      return false;
    Captured.insert(B);
  }
  return true;
}

} // namespace cudalower::lowering

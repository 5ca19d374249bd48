//===--- DeviceCode.cpp - Which code nvcc compiles for the GPU ------------===//

#include "Rules/DeviceCode.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace cudalower {

static ExecSpace spaceFromAttrs(const FunctionDecl *FD, bool WithImplicit) {
  auto Has = [&](const Attr *A) {
    return A && (WithImplicit || !A->isImplicit());
  };
  if (Has(FD->getAttr<CUDAGlobalAttr>()))
    return ExecSpace::Global;
  bool Host = Has(FD->getAttr<CUDAHostAttr>());
  bool Device = Has(FD->getAttr<CUDADeviceAttr>());
  if (Device)
    return Host ? ExecSpace::HostDevice : ExecSpace::Device;
  return ExecSpace::Host;
}

static bool hasAnyExplicitSpace(const FunctionDecl *FD) {
  return hasExplicitAttr<CUDAGlobalAttr>(FD) ||
         hasExplicitAttr<CUDAHostAttr>(FD) ||
         hasExplicitAttr<CUDADeviceAttr>(FD);
}

static bool isLambdaCallOperator(const FunctionDecl *FD) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  return MD && MD->getParent()->isLambda() &&
         MD->getOverloadedOperator() == OO_Call;
}

ExecSpace nvccExecSpace(const FunctionDecl *FD) {
  if (isLambdaCallOperator(FD) && !hasAnyExplicitSpace(FD)) {
    // nvcc compiles an unannotated lambda where it is defined.
    const FunctionDecl *Outer =
        enclosingFunction(*cast<CXXMethodDecl>(FD)->getParent());
    return Outer ? nvccExecSpace(Outer) : ExecSpace::Host;
  }
  // Implicit and defaulted special members get the union of their callers'
  // spaces; Clang infers the same and marks its result implicit.
  bool Inferred = FD->isImplicit() ||
                  (FD->isExplicitlyDefaulted() && FD->isFirstDecl());
  return spaceFromAttrs(FD, Inferred);
}

bool hasExplicitMemorySpace(const VarDecl *VD) {
  return hasExplicitAttr<CUDADeviceAttr>(VD) ||
         hasExplicitAttr<CUDAConstantAttr>(VD) ||
         hasExplicitAttr<CUDASharedAttr>(VD) ||
         hasExplicitAttr<HIPManagedAttr>(VD);
}

const FunctionDecl *enclosingFunction(const Decl &D) {
  for (const DeclContext *DC = D.getDeclContext(); DC; DC = DC->getParent()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DC))
      return FD;
    if (isa<TranslationUnitDecl, NamespaceDecl>(DC))
      return nullptr;
  }
  return nullptr;
}

const FunctionDecl *enclosingFunctionBody(const Stmt &S, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(S);
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return nullptr;
    const DynTypedNode &Parent = Parents[0];
    const Stmt *Child = Node.get<Stmt>();
    if (const auto *L = Parent.get<LambdaExpr>()) {
      // Init-captures belong to the enclosing function, the body does not.
      if (Child && Child == L->getBody())
        return L->getCallOperator();
    } else if (const auto *FD = Parent.get<FunctionDecl>()) {
      if ((Child && Child == FD->getBody()) || Node.get<CXXCtorInitializer>())
        return FD;
      return nullptr; // In the declarator: parameters, return type.
    } else if (const auto *D = Parent.get<Decl>();
               D && isa<TagDecl, NamespaceDecl, TranslationUnitDecl>(D)) {
      return nullptr; // A class member or namespace-scope declaration.
    }
    Node = Parent;
  }
}

bool isConstantOrUnevaluated(const Stmt &S, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(S);
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return false;
    const DynTypedNode &Parent = Parents[0];
    // Expressions inside types are decltype operands, array bounds and
    // template arguments; none is evaluated at run time.
    if (Parent.get<TypeLoc>() || Parent.get<TemplateArgumentLoc>() ||
        Parent.get<StaticAssertDecl>() || Parent.get<ConstantExpr>() ||
        Parent.get<UnaryExprOrTypeTraitExpr>() ||
        Parent.get<CXXNoexceptExpr>())
      return true;
    if (const auto *T = Parent.get<CXXTypeidExpr>())
      if (!T->isPotentiallyEvaluated())
        return true;
    if (const auto *If = Parent.get<IfStmt>())
      if (If->isConstexpr() && Node.get<Stmt>() == If->getCond())
        return true;
    if (const auto *VD = Parent.get<VarDecl>())
      return VD->isConstexpr() && Node.get<Stmt>() == VD->getInit();
    if (Parent.get<Decl>() || Parent.get<LambdaExpr>())
      return false; // Reached the function (or lambda) holding the code.
    Node = Parent;
  }
}

namespace {

/// Finds the functions a body refers to.
class CalleeFinder : public RecursiveASTVisitor<CalleeFinder> {
public:
  explicit CalleeFinder(llvm::SmallVectorImpl<const FunctionDecl *> &Out)
      : Out(Out) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
      Out.push_back(FD);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getMemberDecl()))
      Out.push_back(FD);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    Out.push_back(E->getConstructor());
    return true;
  }

private:
  llvm::SmallVectorImpl<const FunctionDecl *> &Out;
};

/// Collects the device-side bodies the walk starts from: every kernel, and
/// every device-side function or lambda in user code. Bodies of other code
/// are not entered, which keeps toolkit headers cheap.
class SeedFinder : public RecursiveASTVisitor<SeedFinder> {
public:
  SeedFinder(llvm::function_ref<bool(SourceLocation)> IsUserOwned,
             std::vector<const FunctionDecl *> &Seeds)
      : IsUserOwned(IsUserOwned), Seeds(Seeds) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody())
      return RecursiveASTVisitor::TraverseDecl(D);
    ExecSpace Space = nvccExecSpace(FD);
    bool Owned = IsUserOwned(FD->getLocation());
    if (Space == ExecSpace::Global || (Owned && runsOnDevice(Space)))
      Seeds.push_back(FD);
    // Only user bodies can hold device lambdas we need to start from.
    return Owned ? RecursiveASTVisitor::TraverseDecl(D) : true;
  }

  bool TraverseLambdaExpr(LambdaExpr *L) {
    const CXXMethodDecl *Op = L->getCallOperator();
    if (runsOnDevice(nvccExecSpace(Op)))
      Seeds.push_back(Op);
    return RecursiveASTVisitor::TraverseLambdaExpr(L);
  }

private:
  llvm::function_ref<bool(SourceLocation)> IsUserOwned;
  std::vector<const FunctionDecl *> &Seeds;
};

} // namespace

DeviceCodeIndex::DeviceCodeIndex(
    ASTContext &Ctx, llvm::function_ref<bool(SourceLocation)> IsUserOwned) {
  std::vector<const FunctionDecl *> Seeds;
  SeedFinder(IsUserOwned, Seeds).TraverseAST(Ctx);
  llvm::DenseSet<const FunctionDecl *> Seen(Seeds.begin(), Seeds.end());
  std::vector<const FunctionDecl *> Work = std::move(Seeds);
  llvm::SmallVector<const FunctionDecl *, 16> Callees;
  while (!Work.empty()) {
    const FunctionDecl *Body = Work.back();
    Work.pop_back();
    Callees.clear();
    CalleeFinder(Callees).TraverseStmt(const_cast<Stmt *>(Body->getBody()));
    for (const FunctionDecl *Callee : Callees) {
      const FunctionDecl *Def = nullptr;
      if (!Callee->hasBody(Def) || !Seen.insert(Def).second)
        continue;
      if (!runsOnDevice(nvccExecSpace(Def))) {
        if (!Def->isConstexpr())
          continue; // A host call from device code: not device code.
        RelaxedCallees.try_emplace(Def->getCanonicalDecl(), Body);
      }
      Work.push_back(Def);
    }
  }
}

bool DeviceCodeIndex::isDeviceCode(const FunctionDecl *FD) const {
  if (runsOnDevice(nvccExecSpace(FD)))
    return true;
  if (RelaxedCallees.count(FD->getCanonicalDecl()))
    return true;
  // An unannotated lambda runs where the function holding it runs.
  if (isLambdaCallOperator(FD) && !hasAnyExplicitSpace(FD))
    if (const FunctionDecl *Outer =
            enclosingFunction(*cast<CXXMethodDecl>(FD)->getParent()))
      return isDeviceCode(Outer);
  return false;
}

const FunctionDecl *
DeviceCodeIndex::relaxedConstexprCaller(const FunctionDecl *FD) const {
  auto It = RelaxedCallees.find(FD->getCanonicalDecl());
  return It == RelaxedCallees.end() ? nullptr : It->second;
}

} // namespace cudalower

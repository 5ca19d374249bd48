//===--- PlainLambdas.cpp - Plain lambdas handed to the GPU ---------------===//

#include "Analysis/PlainLambdas.h"
#include "Analysis/CodeContext.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cudalower {
namespace {

/// How deep the analysis follows a closure through function parameters.
constexpr unsigned MaxCallDepth = 6;

bool isStdMoveOrForward(const CallExpr &C) {
  const FunctionDecl *FD = C.getDirectCallee();
  return FD && C.getNumArgs() == 1 && isInStdNamespace(*FD) &&
         FD->getIdentifier() &&
         (FD->getIdentifier()->isStr("move") ||
          FD->getIdentifier()->isStr("forward"));
}

/// True if \p Parent only passes the closure value of \p Child along.
bool isValueWrapper(const DynTypedNode &Parent, const Stmt *Child) {
  if (Parent.get<ImplicitCastExpr>() || Parent.get<ParenExpr>() ||
      Parent.get<MaterializeTemporaryExpr>() ||
      Parent.get<CXXBindTemporaryExpr>() || Parent.get<ExprWithCleanups>() ||
      Parent.get<CXXFunctionalCastExpr>() || Parent.get<CXXStaticCastExpr>())
    return true;
  if (const auto *C = Parent.get<CXXConstructExpr>())
    return C->getNumArgs() == 1 &&
           C->getConstructor()->isCopyOrMoveConstructor();
  if (const auto *C = Parent.get<CallExpr>())
    return isStdMoveOrForward(*C) && C->getArg(0) == Child;
  return false;
}

/// True if \p R or one of its bases satisfies \p Pred.
template <typename PredT>
bool recordOrBaseIs(const CXXRecordDecl *R, PredT Pred, unsigned Depth = 0) {
  if (!R || Depth > 16)
    return false;
  if (Pred(*R))
    return true;
  if (!R->hasDefinition())
    return false;
  for (const CXXBaseSpecifier &B : R->bases())
    if (recordOrBaseIs(B.getType()->getAsCXXRecordDecl(), Pred, Depth + 1))
      return true;
  return false;
}

bool isNamedIn(const CXXRecordDecl &R, llvm::StringRef Name,
               llvm::StringRef Namespace) {
  if (R.getName() != Name)
    return false;
  const auto *NS = dyn_cast<NamespaceDecl>(R.getDeclContext());
  return NS && NS->getName() == Namespace;
}

/// True if \p T is, or is built from, a type of Thrust's CUDA system: a
/// device pointer or reference (as in device_vector iterators) or the CUDA
/// system tag.
bool mentionsThrustDevice(QualType T, unsigned Depth = 0) {
  if (T.isNull() || Depth > 8)
    return false;
  T = T.getNonReferenceType().getUnqualifiedType();
  while (T->isPointerType())
    T = T->getPointeeType();
  const CXXRecordDecl *R = T->getAsCXXRecordDecl();
  if (!R)
    return false;
  auto IsDevice = [](const CXXRecordDecl &D) {
    return isNamedIn(D, "tag", "cuda_cub") ||
           ((D.getName() == "device_ptr" ||
             D.getName() == "device_reference") &&
            outermostNamespace(D) == "thrust");
  };
  if (recordOrBaseIs(R, IsDevice))
    return true;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(R))
    for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
      if (A.getKind() == TemplateArgument::Type &&
          mentionsThrustDevice(A.getAsType(), Depth + 1))
        return true;
  return false;
}

/// True if a call to Thrust algorithm \p Call runs on the device: a CUDA
/// execution policy (thrust::device, thrust::cuda::par...), or no policy and
/// device iterators.
bool isThrustDeviceCall(const CallExpr &Call) {
  bool SawPolicy = false;
  for (const Expr *Arg : Call.arguments()) {
    const CXXRecordDecl *R =
        Arg->getType().getNonReferenceType()->getAsCXXRecordDecl();
    auto IsCudaPolicy = [](const CXXRecordDecl &D) {
      return isNamedIn(D, "execution_policy", "cuda_cub");
    };
    auto IsPolicy = [](const CXXRecordDecl &D) {
      return D.getName() == "execution_policy" &&
             outermostNamespace(D) == "thrust";
    };
    if (recordOrBaseIs(R, IsCudaPolicy))
      return true;
    SawPolicy |= recordOrBaseIs(R, IsPolicy);
  }
  if (SawPolicy)
    return false;
  for (const Expr *Arg : Call.arguments())
    if (mentionsThrustDevice(Arg->getType()))
      return true;
  return false;
}

/// True if \p FD is a device algorithm of CUB (cub::DeviceFor::ForEach...).
bool isCubDeviceAlgorithm(const FunctionDecl &FD) {
  const auto *M = dyn_cast<CXXMethodDecl>(&FD);
  return M && outermostNamespace(FD) == "cub" &&
         M->getParent()->getName().starts_with("Device");
}

/// Follows a closure value through variables, parameters and calls.
class UseFinder {
public:
  explicit UseFinder(ASTContext &Ctx) : Ctx(Ctx) {}

  /// Classifies every use of the closure value computed by \p E, which
  /// sits in \p Where.
  void followValue(const Expr &E, const CodeContext &Where, unsigned Depth);
  PlainLambdaUses Uses;

private:
  void followVariable(const VarDecl &V, const FunctionDecl &Scope,
                      unsigned Depth);
  void passedTo(const Expr &Call, unsigned ArgIndex, unsigned Depth);
  void deviceUse(SourceLocation Loc, bool Kernel) {
    (Kernel ? Uses.Kernel : Uses.DeviceAlgorithm) = true;
    if (Uses.DeviceUseLoc.isInvalid())
      Uses.DeviceUseLoc = Loc;
  }

  ASTContext &Ctx;
  llvm::SmallPtrSet<const VarDecl *, 8> Followed;
};

/// Walks the body of one function and follows every reference to one
/// variable, with the reference's context.
class ReferenceWalker : public ContextVisitor<ReferenceWalker> {
public:
  ReferenceWalker(const VarDecl &V, UseFinder &Finder, unsigned Depth)
      : V(V), Finder(Finder), Depth(Depth) {}

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() == &V)
      Finder.followValue(*E, codeContext(), Depth);
    return true;
  }

private:
  const VarDecl &V;
  UseFinder &Finder;
  unsigned Depth;
};

void UseFinder::followValue(const Expr &E, const CodeContext &Where,
                            unsigned Depth) {
  const Stmt *Child = &E;
  llvm::ArrayRef<DynTypedNode> Parents = Where.Parents;
  while (!Parents.empty() && isValueWrapper(Parents.back(), Child)) {
    Child = Parents.back().get<Stmt>();
    Parents = Parents.drop_back();
    if (!Child)
      break;
  }
  if (Parents.empty() || !Child) {
    Uses.Host = true;
    return;
  }
  const DynTypedNode &P = Parents.back();
  if (const auto *V = P.get<VarDecl>()) {
    const FunctionDecl *Scope = Where.Function;
    if (V->getInit() && Scope && Scope->getBody())
      followVariable(*V, *Scope, Depth);
    else
      Uses.Host = true;
    return;
  }
  if (const auto *Op = P.get<CXXOperatorCallExpr>()) {
    if (Op->getOperator() == OO_Call && Op->getArg(0) == Child) {
      Uses.Host = true; // called right here, on the host
      return;
    }
  }
  if (const auto *Call = P.get<CallExpr>()) {
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I) == Child)
        return passedTo(*Call, I, Depth);
  } else if (const auto *Ctor = P.get<CXXConstructExpr>()) {
    for (unsigned I = 0; I < Ctor->getNumArgs(); ++I)
      if (Ctor->getArg(I) == Child)
        return passedTo(*Ctor, I, Depth);
  }
  Uses.Host = true;
}

void UseFinder::followVariable(const VarDecl &V, const FunctionDecl &Scope,
                               unsigned Depth) {
  if (!Followed.insert(&V).second)
    return;
  ReferenceWalker Walker(V, *this, Depth);
  Walker.startIn(Scope);
  Walker.TraverseStmt(Scope.getBody());
}

void UseFinder::passedTo(const Expr &CallE, unsigned ArgIndex, unsigned Depth) {
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(&CallE))
    return deviceUse(K->getBeginLoc(), /*Kernel=*/true);
  const FunctionDecl *Callee = nullptr;
  if (const auto *Call = dyn_cast<CallExpr>(&CallE)) {
    Callee = Call->getDirectCallee();
    if (Callee && outermostNamespace(*Callee) == "thrust") {
      if (isThrustDeviceCall(*Call))
        return deviceUse(Call->getBeginLoc(), /*Kernel=*/false);
      Uses.Host = true;
      return;
    }
    // Member operators take the object as argument 0; parameters do not.
    if (isa<CXXOperatorCallExpr>(Call) &&
        isa_and_nonnull<CXXMethodDecl>(Callee)) {
      if (ArgIndex == 0) {
        Uses.Host = true;
        return;
      }
      --ArgIndex;
    }
  } else {
    Callee = cast<CXXConstructExpr>(CallE).getConstructor();
  }
  if (!Callee) {
    Uses.Host = true;
    return;
  }
  if (isCubDeviceAlgorithm(*Callee))
    return deviceUse(CallE.getBeginLoc(), /*Kernel=*/false);
  const FunctionDecl *Def = Callee->getDefinition();
  if (Depth >= MaxCallDepth || !Def || !Def->getBody() ||
      ArgIndex >= Def->getNumParams() ||
      Ctx.getSourceManager().isInSystemHeader(Def->getLocation())) {
    Uses.Host = true;
    return;
  }
  followVariable(*Def->getParamDecl(ArgIndex), *Def, Depth + 1);
}

/// True if the body of \p L uses something only device code may use: a
/// __device__ function or a device variable such as threadIdx.
class DeviceOnlyFinder : public RecursiveASTVisitor<DeviceOnlyFinder> {
public:
  bool Found = false;
  bool VisitCallExpr(CallExpr *E) {
    if (const FunctionDecl *FD = E->getDirectCallee()) {
      ExecSpace S = nvccExecSpace(*FD);
      Found |= S == ExecSpace::Device || S == ExecSpace::Global;
    }
    return !Found;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      Found |= V->hasAttr<CUDADeviceAttr>() || V->hasAttr<CUDASharedAttr>() ||
               V->hasAttr<CUDAConstantAttr>();
    return !Found;
  }
};

bool bodyNeedsDevice(const LambdaExpr &L) {
  DeviceOnlyFinder F;
  F.TraverseStmt(L.getBody());
  return F.Found;
}

/// True if \p L has no execution-space annotation and is written in a
/// __host__ function (\p Where: the lambda's context): nvcc gives such a
/// lambda the host space (§5.3.8).
bool isPlainHostLambda(const LambdaExpr &L, const CodeContext &Where) {
  if (hasExplicitAttr<CUDAHostAttr>(*L.getCallOperator()) ||
      hasExplicitAttr<CUDADeviceAttr>(*L.getCallOperator()))
    return false;
  return Where.Function && nvccExecSpace(*Where.Function) == ExecSpace::Host;
}

/// The space a plain lambda with uses \p U needs.
ExecSpace spaceFor(const LambdaExpr &L, const PlainLambdaUses &U) {
  if (!U.Kernel && !U.DeviceAlgorithm)
    return ExecSpace::Host;
  if ((U.Host || U.DeviceAlgorithm) && !bodyNeedsDevice(L))
    return ExecSpace::HostDevice;
  return ExecSpace::Device;
}

/// Finds the plain lambdas of the user's host code and follows them.
class LambdaWalker : public ContextVisitor<LambdaWalker> {
public:
  LambdaWalker(ASTContext &Ctx,
               llvm::function_ref<bool(SourceLocation)> IsUserOwned,
               llvm::function_ref<void(const LambdaExpr &, ExecSpace,
                                       const PlainLambdaUses &)>
                   Found)
      : Ctx(Ctx), IsUserOwned(IsUserOwned), Found(Found) {}

  bool skipDecl(const Decl &D) const { return isInSystemHeader(D); }

  bool VisitLambdaExpr(LambdaExpr *L) {
    CodeContext Where = codeContext();
    if (!IsUserOwned(L->getBeginLoc()) || !isPlainHostLambda(*L, Where))
      return true;
    UseFinder F(Ctx);
    F.followValue(*L, Where, 0);
    ExecSpace Space = spaceFor(*L, F.Uses);
    if (Space != ExecSpace::Host)
      Found(*L, Space, F.Uses);
    return true;
  }

private:
  ASTContext &Ctx;
  llvm::function_ref<bool(SourceLocation)> IsUserOwned;
  llvm::function_ref<void(const LambdaExpr &, ExecSpace,
                          const PlainLambdaUses &)>
      Found;
};

} // namespace

PlainLambdaIndex::PlainLambdaIndex(
    ASTContext &Ctx, llvm::function_ref<bool(SourceLocation)> IsUserOwned) {
  auto Found = [&](const LambdaExpr &L, ExecSpace Space,
                   const PlainLambdaUses &Uses) {
    ToDevice[&L] = {Space, Uses};
  };
  LambdaWalker(Ctx, IsUserOwned, Found).TraverseAST(Ctx);
}

ExecSpace PlainLambdaIndex::space(const LambdaExpr &L) const {
  auto It = ToDevice.find(&L);
  return It == ToDevice.end() ? ExecSpace::Host : It->second.Space;
}

const PlainLambdaUses *PlainLambdaIndex::uses(const LambdaExpr &L) const {
  auto It = ToDevice.find(&L);
  return It == ToDevice.end() ? nullptr : &It->second.Uses;
}

} // namespace cudalower

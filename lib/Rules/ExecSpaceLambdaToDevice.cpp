//===--- ExecSpaceLambdaToDevice.cpp - Plain lambdas handed to the GPU ----===//

#include "Rules/ExecSpaceLambdaToDevice.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace clang::ast_matchers;

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

  /// Classifies every use of the closure value computed by \p E.
  void followValue(const Expr &E, unsigned Depth);
  PlainLambdaUses Uses;

private:
  void followVariable(const VarDecl &V, const Stmt &Scope, unsigned Depth);
  void passedTo(const Expr &Call, unsigned ArgIndex, unsigned Depth);
  void deviceUse(SourceLocation Loc, bool Kernel) {
    (Kernel ? Uses.Kernel : Uses.DeviceAlgorithm) = true;
    if (Uses.DeviceUseLoc.isInvalid())
      Uses.DeviceUseLoc = Loc;
  }

  ASTContext &Ctx;
  llvm::SmallPtrSet<const VarDecl *, 8> Followed;
};

void UseFinder::followValue(const Expr &E, unsigned Depth) {
  const Stmt *Child = &E;
  DynTypedNodeList Parents = Ctx.getParents(*Child);
  while (!Parents.empty() && isValueWrapper(Parents[0], Child)) {
    Child = Parents[0].get<Stmt>();
    if (!Child)
      break;
    Parents = Ctx.getParents(*Child);
  }
  if (Parents.empty() || !Child) {
    Uses.Host = true;
    return;
  }
  const DynTypedNode &P = Parents[0];
  if (const auto *V = P.get<VarDecl>()) {
    const FunctionDecl *Scope = enclosingFunction(*Child, Ctx);
    if (V->getInit() && Scope && Scope->getBody())
      followVariable(*V, *Scope->getBody(), Depth);
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

void UseFinder::followVariable(const VarDecl &V, const Stmt &Scope,
                               unsigned Depth) {
  if (!Followed.insert(&V).second)
    return;
  auto Refs = match(
      findAll(declRefExpr(to(varDecl(equalsNode(&V)))).bind("ref")), Scope,
      Ctx);
  for (const BoundNodes &N : Refs)
    followValue(*N.getNodeAs<DeclRefExpr>("ref"), Depth);
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
  followVariable(*Def->getParamDecl(ArgIndex), *Def->getBody(), Depth + 1);
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

} // namespace

bool isPlainHostLambda(const LambdaExpr &L, ASTContext &Ctx) {
  const CXXMethodDecl *Op = L.getCallOperator();
  for (const Attr *A : Op->attrs())
    if (!A->isImplicit() && (isa<CUDAHostAttr>(A) || isa<CUDADeviceAttr>(A)))
      return false;
  const FunctionDecl *Outer = enclosingFunction(L, Ctx);
  return Outer && nvccExecSpace(*Outer) == ExecSpace::Host;
}

PlainLambdaUses findPlainLambdaUses(const LambdaExpr &L, ASTContext &Ctx) {
  UseFinder F(Ctx);
  F.followValue(L, 0);
  return F.Uses;
}

bool isPlainLambdaPassedToDevice(const LambdaExpr &L, ASTContext &Ctx) {
  return plainLambdaSpace(L, Ctx) != ExecSpace::Host;
}

ExecSpace plainLambdaSpace(const LambdaExpr &L, ASTContext &Ctx) {
  if (!isPlainHostLambda(L, Ctx))
    return ExecSpace::Host;
  PlainLambdaUses U = findPlainLambdaUses(L, Ctx);
  if (!U.Kernel && !U.DeviceAlgorithm)
    return ExecSpace::Host;
  if ((U.Host || U.DeviceAlgorithm) && !bodyNeedsDevice(L))
    return ExecSpace::HostDevice;
  return ExecSpace::Device;
}

void ExecSpaceLambdaToDevice::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(lambdaExpr().bind("lambda"), this);
}

void ExecSpaceLambdaToDevice::check(const MatchFinder::MatchResult &Result) {
  const auto *L = Result.Nodes.getNodeAs<LambdaExpr>("lambda");
  ASTContext &Ctx = *Result.Context;
  if (!context().isUserOwned(L->getBeginLoc()) || !isPlainHostLambda(*L, Ctx))
    return;
  ExecSpace Space = plainLambdaSpace(*L, Ctx);
  if (Space == ExecSpace::Host)
    return;
  // A lambda in a template is one node per instantiation, all at the same
  // place; the annotation must suit them all.
  auto [It, Inserted] = Decisions.try_emplace(L->getBeginLoc());
  Decision &D = It->second;
  if (Inserted) {
    Order.push_back(L->getBeginLoc());
    D.Lambda = L;
    D.Uses = findPlainLambdaUses(*L, Ctx);
    D.Space = Space;
  } else if (Space != D.Space) {
    D.Space = ExecSpace::HostDevice;
  }
}

/// The capture that makes \p L unusable on the device, if any: by-reference
/// captures and `this` point into host memory.
static const LambdaCapture *hostPointerCapture(const LambdaExpr &L) {
  for (const LambdaCapture &C : L.captures())
    if (C.getCaptureKind() == LCK_ByRef || C.getCaptureKind() == LCK_This)
      return &C;
  return nullptr;
}

/// The location just after the `]` of \p L's introducer, in the file; for
/// a lambda written in a macro argument, where the argument is spelled.
static SourceLocation afterIntroducer(const LambdaExpr &L, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Bracket = L.getIntroducerRange().getEnd();
  if (SM.isMacroArgExpansion(Bracket))
    Bracket = SM.getSpellingLoc(Bracket);
  return Lexer::getLocForEndOfToken(Bracket, 0, SM, Ctx.getLangOpts());
}

/// "a __global__ function", "a device algorithm", and how else it is used.
static std::string describeUses(const PlainLambdaUses &U) {
  std::string Where = U.Kernel ? "a __global__ function" : "a device algorithm";
  if (U.Kernel && U.DeviceAlgorithm)
    Where += " and a device algorithm";
  if (U.Host)
    Where += " and used on the host";
  return Where;
}

void ExecSpaceLambdaToDevice::finishTranslationUnit() {
  ASTContext &Ctx = context().getASTContext();
  for (SourceLocation Loc : Order) {
    const Decision &D = Decisions[Loc];
    const LambdaExpr &L = *D.Lambda;
    std::string Message = "plain lambda passed to " + describeUses(D.Uses) +
                          " is __host__ for nvcc";
    if (const LambdaCapture *C = hostPointerCapture(L)) {
      std::string What = C->getCaptureKind() == LCK_This
                             ? std::string("'this'")
                             : "'" + C->getCapturedVar()->getNameAsString() +
                                   "' by reference";
      diag(Loc, Message + "; it captures " + What +
                    ", which the GPU cannot use: capture by value (or "
                    "'*this') and make it a __device__ lambda")
          .note(D.Uses.DeviceUseLoc, "passed to device code here");
      continue;
    }
    // lower-extended-lambda replaces the whole lambda with a functor of the
    // space plainLambdaSpace() gives; an annotation would overlap it.
    if (context().isRuleEnabled("lower-extended-lambda")) {
      diag(Loc, Message + "; lower-extended-lambda makes it a " +
                    spelling(D.Space).str() + " functor")
          .note(D.Uses.DeviceUseLoc, "passed to device code here");
      continue;
    }
    diag(Loc, Message + "; make it a " + spelling(D.Space).str() + " lambda")
        .insert(afterIntroducer(L, Ctx), (" " + spelling(D.Space)).str())
        .note(D.Uses.DeviceUseLoc, "passed to device code here");
  }
}

} // namespace cudalower

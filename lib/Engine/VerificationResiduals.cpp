//===--- VerificationResiduals.cpp - What the output still needs a flag for ===//

#include "Engine/VerificationResiduals.h"
#include "Analysis/CodeContext.h"
#include "Analysis/ExecSpace.h"
#include "Nvcc/CrossSpaceCalls.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cudalower {

namespace {

/// Finds annotated lambdas, and device calls to constexpr host functions,
/// in the user's code as written (and its template instantiations), with
/// the device context the rules' walks use (ContextVisitor).
class ResidualFinder : public ContextVisitor<ResidualFinder> {
public:
  ResidualFinder(ASTContext &Ctx, FileOwnership &Owned,
                 std::vector<RawProblem> &Out, CompilationPass Pass)
      : SM(Ctx.getSourceManager()), Owned(Owned), Out(Out), Pass(Pass) {}

  void run(ASTContext &Ctx) {
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (Owned.isOwned(SM, D->getLocation()))
        TraverseDecl(D);
  }

  /// Only code written out: an implicit member's body is not the user's.
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitLambdaExpr(LambdaExpr *LE) {
    const CXXMethodDecl *Op = LE->getCallOperator();
    if (!hasExplicitSpace(Op) || codeContext().Unevaluated)
      return true;
    add(ProblemKind::AnnotatedLambda, LE->getBeginLoc(),
        "a lambda annotated __host__ or __device__ is left in place: plain "
        "nvcc refuses it without --extended-lambda");
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    checkCall(CE->getDirectCallee(), CE->getBeginLoc());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    checkCall(CE->getConstructor(), CE->getBeginLoc());
    return true;
  }

  // nvcc refuses exceptions and RTTI in any function it compiles for the
  // GPU, used there or not (Clang only in functions the device uses). Only
  // the device pass counts: `#ifndef __CUDA_ARCH__` around a throw is fine.
  bool VisitCXXThrowExpr(CXXThrowExpr *E) {
    unsupported(E->getBeginLoc(), "exception handling ('throw')");
    return true;
  }
  bool VisitCXXTryStmt(CXXTryStmt *S) {
    unsupported(S->getBeginLoc(), "exception handling ('try')");
    return true;
  }
  bool VisitCXXTypeidExpr(CXXTypeidExpr *E) {
    unsupported(E->getBeginLoc(), "'typeid'");
    return true;
  }

private:
  void unsupported(SourceLocation Loc, llvm::StringRef What) {
    if (Pass != CompilationPass::Device || !inDeviceCode() ||
        codeContext().Unevaluated)
      return;
    add(ProblemKind::UnsupportedInDevice, Loc,
        ("device code does not support " + What +
         ": nvcc refuses it in every function compiled for the GPU "
         "(§5.3.10.1); guard it with #ifndef __CUDA_ARCH__ or move it to "
         "host code")
            .str());
  }

  /// A constexpr function that nvcc compiles for the host only, called from
  /// device code: Clang accepts it, plain nvcc does not (§5.3.11.3).
  void checkCall(const FunctionDecl *Callee, SourceLocation Loc) {
    // Operands that are never evaluated call nothing.
    if (!Callee || !Callee->isConstexpr() || Callee->isConsteval() ||
        nvccExecSpace(*Callee) != ExecSpace::Host || !inDeviceCode() ||
        hostOverloadOfHostDevice() || codeContext().Unevaluated)
      return;
    if (const auto *M = dyn_cast<CXXMethodDecl>(Callee);
        M && M->getParent()->isLambda())
      return;
    std::string Name = Callee->getQualifiedNameAsString();
    std::string Message = "constexpr function '" + Name +
                          "' is a host function for nvcc and is called from "
                          "device code; plain nvcc needs "
                          "--expt-relaxed-constexpr here";
    // std::min, std::numeric_limits<T>::max and the like: Clang's CUDA
    // headers make some of them __host__ __device__, nvcc does not.
    // libcu++ needs C++17: below it, cuda::std is no way out.
    if (isInStdNamespace(*Callee) &&
        !Callee->getASTContext().getLangOpts().CPlusPlus17)
      Message += " (cuda::std, from libcu++, needs C++17)";
    else if (const auto *M = dyn_cast<CXXMethodDecl>(Callee);
             M && isInStdNamespace(*Callee))
      Message += ", or 'cuda::" + M->getParent()->getQualifiedNameAsString() +
                 "' instead of the std class (std-to-cuda-std)";
    else if (isInStdNamespace(*Callee))
      Message += ", or 'cuda::" + Name + "' (std-to-cuda-std)";
    add(ProblemKind::NeedsRelaxedConstexpr, Loc, std::move(Message));
    if (!isInStdNamespace(*Callee))
      Out.back().Declared = whereDeclared(Callee, SM, Owned);
  }

  /// __host__ or __device__ written on \p FD (Clang adds implicit ones to
  /// plain lambdas and constexpr functions).
  static bool hasExplicitSpace(const FunctionDecl *FD) {
    const auto *D = FD->getAttr<CUDADeviceAttr>();
    const auto *H = FD->getAttr<CUDAHostAttr>();
    return (D && !D->isImplicit()) || (H && !H->isImplicit());
  }

  /// The innermost function runs on the device for nvcc (a plain lambda
  /// has the space of the function around it).
  bool inDeviceCode() const {
    const FunctionDecl *Function = codeContext().Function;
    if (!Function)
      return false;
    ExecSpace S = nvccExecSpace(*Function);
    return S == ExecSpace::Device || S == ExecSpace::Global ||
           S == ExecSpace::HostDevice;
  }

  /// In the host pass, Clang resolves the calls of a __host__ __device__
  /// function for the host: `cos(x)` finds libstdc++'s constexpr
  /// std::cos(float) there, and CUDA's __host__ __device__ overload (nvcc's
  /// and Clang's math headers have one) in the device pass. Only the device
  /// pass says what the GPU calls.
  bool hostOverloadOfHostDevice() const {
    return Pass == CompilationPass::Host &&
           nvccExecSpace(*codeContext().Function) == ExecSpace::HostDevice;
  }

  void add(ProblemKind Kind, SourceLocation Loc, std::string Message) {
    SourceLocation FileLoc = SM.getFileLoc(Loc);
    RawProblem P;
    P.Kind = Kind;
    P.File = canonicalPathOf(SM, FileLoc);
    P.Offset = SM.getFileOffset(FileLoc);
    P.Message = std::move(Message);
    Out.push_back(std::move(P));
  }

  const SourceManager &SM;
  FileOwnership &Owned;
  std::vector<RawProblem> &Out;
  CompilationPass Pass;
};

} // namespace

void findResiduals(ASTContext &Ctx, FileOwnership &Owned,
                   std::vector<RawProblem> &Out, CompilationPass Pass) {
  ResidualFinder(Ctx, Owned, Out, Pass).run(Ctx);
}

} // namespace cudalower

//===--- HeaderFreeMinMax.cpp - std::min/max without a libcu++ header -----===//

#include "Rules/StdToCudaStd/HeaderFreeMinMax.h"
#include "Editing/TokenEdits.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cudalower {
namespace {

/// The integer types CUDA's ::min and ::max take exactly: a narrower one
/// (short, char) would be promoted, and the result's type would change.
bool hasExactCudaOverload(QualType T) {
  const auto *B = T->getAs<BuiltinType>();
  if (!B)
    return false;
  switch (B->getKind()) {
  case BuiltinType::Int:
  case BuiltinType::UInt:
  case BuiltinType::Long:
  case BuiltinType::ULong:
  case BuiltinType::LongLong:
  case BuiltinType::ULongLong:
    return true;
  default:
    return false;
  }
}

/// std::min<T>(const T&, const T&) called on two values of one type T, the
/// T that deduction gave.
std::optional<QualType> deducedOperandType(const CallExpr &Call,
                                           const FunctionDecl &Callee) {
  if (Call.getNumArgs() != 2 || Callee.getNumParams() != 2)
    return std::nullopt;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Call.getCallee()->IgnoreParenImpCasts());
  if (!Ref || Ref->hasExplicitTemplateArgs())
    return std::nullopt;
  const TemplateArgumentList *Args = Callee.getTemplateSpecializationArgs();
  if (!Args || Args->size() != 1 ||
      Args->get(0).getKind() != TemplateArgument::Type)
    return std::nullopt;
  QualType T = Args->get(0).getAsType().getCanonicalType();
  for (const Expr *Arg : Call.arguments()) {
    QualType A = Arg->IgnoreParenImpCasts()->getType().getCanonicalType();
    if (A.getUnqualifiedType() != T.getUnqualifiedType())
      return std::nullopt;
  }
  return T;
}

const Stmt *parentStmt(ASTContext &Ctx, const Stmt &S) {
  for (const DynTypedNode &P : Ctx.getParents(S))
    if (const auto *PS = P.get<Stmt>())
      return PS;
  return nullptr;
}

/// The call's value is read (an lvalue-to-rvalue conversion), not bound
/// to a reference or addressed.
bool usedAsValue(ASTContext &Ctx, const CallExpr &Call) {
  const Stmt *P = parentStmt(Ctx, Call);
  while (P && isa<ParenExpr>(P))
    P = parentStmt(Ctx, *P);
  const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(P);
  return Cast && Cast->getCastKind() == CK_LValueToRValue &&
         Cast->getSubExpr()->IgnoreParens() == &Call;
}

/// The lambda says `constexpr` or `consteval` between its introducer and
/// its body. Since C++17 every lambda that may be constexpr is marked so
/// implicitly; those that are not written so are called at run time in
/// device code (an extended lambda becomes a functor whose operator() is
/// not constexpr at all).
bool writtenConstexpr(ASTContext &Ctx, const CXXMethodDecl &CallOperator) {
  const SourceManager &SM = Ctx.getSourceManager();
  // The closure class is located at the lambda's `[`.
  SourceLocation Begin = SM.getFileLoc(CallOperator.getParent()->getLocation());
  SourceLocation End = SM.getFileLoc(CallOperator.getBody()->getBeginLoc());
  if (SM.getFileID(Begin) != SM.getFileID(End))
    return true; // spelled across files or macros: assume the worst
  const LangOptions &LO = Ctx.getLangOpts();
  return findKeyword(Begin, End, "constexpr", SM, LO) ||
         findKeyword(Begin, End, "consteval", SM, LO);
}

/// Walks from the call to the function it is in, refusing every context
/// where the call may be constant-evaluated.
bool runsOnlyAtRunTime(ASTContext &Ctx, const CallExpr &Call) {
  llvm::SmallVector<DynTypedNode, 8> Work{DynTypedNode::create(Call)};
  while (!Work.empty()) {
    DynTypedNode N = Work.pop_back_val();
    if (N.get<ConstantExpr>())
      return false;
    if (const auto *V = N.get<VarDecl>())
      if (V->isConstexpr() || V->hasGlobalStorage())
        return false;
    if (N.get<FieldDecl>() || N.get<ParmVarDecl>() ||
        N.get<NonTypeTemplateParmDecl>() || N.get<EnumConstantDecl>())
      return false; // default member/argument initializers, template args
    if (const auto *L = N.get<LambdaExpr>())
      return !writtenConstexpr(Ctx, *L->getCallOperator());
    if (const auto *M = N.get<CXXMethodDecl>(); M && isLambdaCallOperator(*M))
      return !writtenConstexpr(Ctx, *M);
    if (const auto *F = N.get<FunctionDecl>())
      return !F->isConstexpr();
    if (N.get<TranslationUnitDecl>())
      return false;
    for (const DynTypedNode &P : Ctx.getParents(N))
      Work.push_back(P);
  }
  return false;
}

/// `::Name` finds CUDA's overloads only: functions declared in a system
/// header, no template, variable or user function, and no macro.
bool globalNameIsCudas(ASTContext &Ctx, llvm::StringRef Name) {
  IdentifierInfo &II = Ctx.Idents.get(Name);
  if (II.hasMacroDefinition())
    return false;
  DeclContext::lookup_result Found =
      Ctx.getTranslationUnitDecl()->lookup(DeclarationName(&II));
  if (Found.empty())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const NamedDecl *D : Found) {
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || F->getPrimaryTemplate() || !SM.isInSystemHeader(F->getLocation()))
      return false;
  }
  return true;
}

/// A builtin arithmetic type: `<` on it is the language's, which no user
/// can overload, and a conditional of two operands of it keeps the type.
bool isBuiltinArithmetic(QualType T) {
  const auto *B = T->getAs<BuiltinType>();
  return B && (B->isInteger() || B->isFloatingPoint());
}

/// Implicit conversions that compute nothing a second evaluation could
/// change.
bool isValueConversion(CastKind K) {
  switch (K) {
  case CK_NoOp:
  case CK_LValueToRValue:
  case CK_ArrayToPointerDecay:
  case CK_IntegralCast:
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_FloatingCast:
  case CK_IntegralToBoolean:
  case CK_FloatingToBoolean:
    return true;
  default:
    return false;
  }
}

/// Evaluating \p E a second time means the same as the first: it
/// designates the same object without side effects, computes an integer or
/// address from such operands, or is a constant. Floating-point arithmetic
/// is left out unless it folds: two copies of `a * b + c` may be contracted
/// differently.
bool repeatable(const Expr *E, ASTContext &Ctx) {
  E = E->IgnoreParens();
  if (E->getType().isVolatileQualified())
    return false;
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return repeatable(M->getSubExpr(), Ctx);
  if (const auto *C = dyn_cast<ImplicitCastExpr>(E))
    return isValueConversion(C->getCastKind()) &&
           repeatable(C->getSubExpr(), Ctx);
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return isa<VarDecl, EnumConstantDecl>(D->getDecl());
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return isa<FieldDecl>(M->getMemberDecl()) && repeatable(M->getBase(), Ctx);
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
    return repeatable(S->getBase(), Ctx) && repeatable(S->getIdx(), Ctx);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    UnaryOperatorKind Op = U->getOpcode();
    return (Op == UO_Deref || Op == UO_Plus || Op == UO_Minus || Op == UO_Not ||
            Op == UO_LNot) &&
           repeatable(U->getSubExpr(), Ctx);
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    if ((B->isAdditiveOp() || B->isMultiplicativeOp() || B->isShiftOp() ||
         B->isBitwiseOp()) &&
        (B->getType()->isIntegerType() || B->getType()->isPointerType()))
      return repeatable(B->getLHS(), Ctx) && repeatable(B->getRHS(), Ctx);
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          CXXThisExpr>(E))
    return true;
  return !E->isValueDependent() && E->isEvaluatable(Ctx);
}

/// The source text of \p Arg, parenthesised unless it is a primary or
/// postfix expression; nullopt if it is not written in one file or names
/// `std` (whose own rewrite would land inside the replaced call).
std::optional<std::string> operandText(const Expr &Arg, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Arg.getSourceRange()), SM, LO);
  if (Range.isInvalid() ||
      findKeyword(Range.getBegin(), Range.getEnd(), "std", SM, LO))
    return std::nullopt;
  std::string Text = Lexer::getSourceText(Range, SM, LO).str();
  const Expr *Written = Arg.IgnoreImplicit();
  if (isa<DeclRefExpr, IntegerLiteral, FloatingLiteral, CharacterLiteral,
          CXXBoolLiteralExpr, MemberExpr, ArraySubscriptExpr, CallExpr,
          ParenExpr, CXXThisExpr>(Written))
    return Text;
  return "(" + Text + ")";
}

/// `(b < a ? b : a)` for std::min(a, b), `(a < b ? b : a)` for
/// std::max(a, b): the definitions of both, in libstdc++ and libcu++.
std::optional<std::string> conditionalSpelling(const CallExpr &Call,
                                               llvm::StringRef Name,
                                               ASTContext &Ctx) {
  const Expr *A = Call.getArg(0), *B = Call.getArg(1);
  if (!repeatable(A, Ctx) || !repeatable(B, Ctx))
    return std::nullopt;
  std::optional<std::string> TA = operandText(*A, Ctx);
  std::optional<std::string> TB = operandText(*B, Ctx);
  if (!TA || !TB)
    return std::nullopt;
  if (Name == "min")
    return "(" + *TB + " < " + *TA + " ? " + *TB + " : " + *TA + ")";
  return "(" + *TA + " < " + *TB + " ? " + *TB + " : " + *TA + ")";
}

} // namespace

std::optional<HeaderFreeSpelling> headerFreeMinMax(const CallExpr &Call,
                                                   ASTContext &Ctx) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || Call.isTypeDependent() ||
      Call.isValueDependent())
    return std::nullopt;
  llvm::StringRef Name = Callee->getName();
  if (Name != "min" && Name != "max")
    return std::nullopt;
  std::optional<QualType> T = deducedOperandType(Call, *Callee);
  if (!T || !isBuiltinArithmetic(*T) || !usedAsValue(Ctx, Call) ||
      !runsOnlyAtRunTime(Ctx, Call))
    return std::nullopt;
  if (hasExactCudaOverload(*T) && globalNameIsCudas(Ctx, Name)) {
    // `std::min` and `::std::min` alike become `::min`.
    const auto *Ref =
        cast<DeclRefExpr>(Call.getCallee()->IgnoreParenImpCasts());
    return HeaderFreeSpelling{
        HeaderFreeSpelling::CudaOverload,
        CharSourceRange::getCharRange(Ref->getBeginLoc(), Ref->getLocation()),
        "::"};
  }
  if (std::optional<std::string> Text = conditionalSpelling(Call, Name, Ctx))
    return HeaderFreeSpelling{
        HeaderFreeSpelling::Conditional,
        CharSourceRange::getTokenRange(Call.getSourceRange()),
        std::move(*Text)};
  return std::nullopt;
}

std::string HeaderFreeSpelling::message(llvm::StringRef Name) const {
  std::string Std = ("'std::" + Name + "'").str();
  if (Kind == CudaOverload)
    return "use '::" + Name.str() + "' instead of " + Std +
           " in device code (CUDA's integer overload: same result, no header)";
  return "use a conditional expression instead of " + Std +
         " in device code (its own definition: same result, no header)";
}

} // namespace cudalower

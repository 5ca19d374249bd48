//===--- Signature.cpp - The functor's operator() -------------------------===//
//
// Its space as written, its parameters (invented template parameters for
// `auto` ones), its return type (spelled where the lambda's was deduced) and
// qualifiers, and the conversion to a function pointer of captureless lambdas.
//
//===----------------------------------------------------------------------===//

#include "Rules/LowerExtendedLambda/Lowering.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace cudalower::lowering {

CharSourceRange annotationRange(const LambdaExpr &L, const SourceText &Src) {
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

bool LambdaPlanner::planSpace() {
  if (CharSourceRange R = annotationRange(L, Src); R.isValid()) {
    Space = llvm::StringRef(*Src.text(R)).trim().str();
    return true;
  }
  Space = spaceName(Kind);
  return true;
}

bool LambdaPlanner::planGenericParams(const FunctionProtoTypeLoc &Proto) {
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
  llvm::DenseMap<const TemplateTypeParmDecl *, std::string> Invented;
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

namespace {

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
QualType deducedFromReturns(const Stmt &Body) {
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

} // namespace

bool LambdaPlanner::planReturnType(const FunctionProtoTypeLoc &Proto) {
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

namespace {

/// True if the program converts the closure to a function pointer
/// anywhere (Clang marks the conversion function referenced).
bool convertsToFunctionPointer(const LambdaExpr &L) {
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

} // namespace

void LambdaPlanner::planFunctionPointerConversion() {
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

bool LambdaPlanner::planSignature() {
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

} // namespace cudalower::lowering

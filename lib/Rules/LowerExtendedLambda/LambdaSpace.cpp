//===--- LambdaSpace.cpp - Space and place of a lambda --------------------===//
//
// See LambdaSpace.h.
//
//===----------------------------------------------------------------------===//

#include "Rules/LowerExtendedLambda/LambdaSpace.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cudalower {

namespace {

/// The lambda whose call operator is \p DC, if any.
const CXXRecordDecl *lambdaClassOf(const DeclContext *DC) {
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(DC);
  return M && M->getParent()->isLambda() ? M->getParent() : nullptr;
}

/// The variable declared directly in \p DC whose initialiser holds \p Loc.
const VarDecl *variableInitialisedAt(const DeclContext &DC, SourceLocation Loc,
                                     const SourceManager &SM) {
  for (const Decl *D : DC.decls())
    if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit())
      if (SM.isPointWithin(Loc, V->getInit()->getBeginLoc(),
                           V->getInit()->getEndLoc()))
        return V;
  return nullptr;
}

} // namespace

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

const char *spaceName(LambdaSpace S) {
  return S == LambdaSpace::HostDevice ? "__host__ __device__" : "__device__";
}

const FunctionDecl *enclosingFunction(const LambdaExpr &L) {
  const DeclContext *DC = L.getLambdaClass()->getDeclContext();
  while (const CXXRecordDecl *Outer = lambdaClassOf(DC))
    DC = Outer->getDeclContext();
  return dyn_cast_or_null<FunctionDecl>(DC);
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

} // namespace cudalower

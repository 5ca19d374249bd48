//===--- CodeContext.h - Where code sits, found walking down ----*- C++ -*-===//
//
// Rules ask of a statement: which function holds it, in which lambda, and
// whether it is evaluated at run time. Clang answers that with a parent map
// of the whole translation unit, which costs a third of the parse's memory.
// ContextVisitor answers it on the way down instead: a RecursiveASTVisitor
// that keeps, for the node it visits, the function and lambda around it, the
// kind of context, and the chain of nodes above it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/ExecSpace.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTTypeTraits.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace cudalower {

/// Where a node of a walk sits.
struct CodeContext {
  /// The function whose code holds the node: its body, its constructor
  /// initializers or its declarator (parameters, return type); for code in
  /// a lambda's body, the call operator. Null outside every function (a
  /// namespace-scope initializer, a default member initializer).
  const clang::FunctionDecl *Function = nullptr;
  /// Function, if the node is in its body or its constructor initializers
  /// rather than its declarator.
  const clang::FunctionDecl *Body = nullptr;
  /// The lambda whose class Function belongs to, if any.
  const clang::LambdaExpr *Lambda = nullptr;
  /// In an unevaluated operand: `sizeof`, `alignof`, `decltype`, `noexcept`,
  /// a non-polymorphic `typeid`.
  bool Unevaluated = false;
  /// In an unevaluated operand or a context evaluated at compile time only:
  /// a type (an array bound, a template argument), a `static_assert`, a
  /// constant expression, an `if constexpr` condition, the initializer of a
  /// constexpr variable.
  bool ConstantOrUnevaluated = false;
  /// The nodes above it in the walk, innermost last (statements,
  /// declarations, type locations, template arguments, initializers).
  llvm::ArrayRef<clang::DynTypedNode> Parents;

  /// The innermost of Parents, or null.
  const clang::DynTypedNode *parent() const {
    return Parents.empty() ? nullptr : &Parents.back();
  }
};

/// A RecursiveASTVisitor (CRTP, like its base) that tracks the CodeContext
/// of what it visits; codeContext() describes the node a Visit* callback
/// is called for. Visits template instantiations and implicit code, as AST
/// matchers do (a derived class may hide shouldVisitImplicitCode() to walk
/// only written code). A derived class may define `bool skipDecl(const
/// Decl &)` to leave declarations unvisited (see isInSystemHeader()).
template <typename Derived>
class ContextVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool skipDecl(const clang::Decl &) const { return false; }

  /// Makes a walk that starts with TraverseStmt(FD.getBody()) see that body
  /// as the body of \p FD.
  void startIn(const clang::FunctionDecl &FD) {
    Cur.Ctx.Function = Cur.Ctx.Body = &FD;
  }

  /// The context of the node being visited (the innermost node entered).
  CodeContext codeContext() const {
    CodeContext C = Cur.Ctx;
    C.Parents = llvm::ArrayRef(Stack).drop_back();
    return C;
  }

  bool TraverseDecl(clang::Decl *D) {
    if (!D || static_cast<Derived *>(this)->skipDecl(*D))
      return true;
    State Saved = Cur;
    Cur.Ctx.ConstantOrUnevaluated = llvm::isa<clang::StaticAssertDecl>(D);
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D)) {
      Cur.Ctx.Function = FD;
      Cur.Ctx.Body = nullptr;
      Cur.Ctx.Lambda = lambdaOf(*FD);
      Cur.Ctx.Unevaluated = false;
    } else if (llvm::isa<clang::TagDecl, clang::NamespaceDecl,
                         clang::TranslationUnitDecl>(D)) {
      Cur.Ctx.Function = Cur.Ctx.Body = nullptr;
      Cur.Ctx.Lambda = nullptr;
      Cur.Ctx.Unevaluated = false;
    }
    Stack.push_back(clang::DynTypedNode::create(*D));
    bool Result = Base::TraverseDecl(D);
    Stack.pop_back();
    Cur = Saved;
    return Result;
  }

  // Statements are entered and left through RecursiveASTVisitor's data
  // recursion (its own queue) rather than by overriding TraverseStmt, which
  // would make the walk recurse once per level of an expression: a
  // generated 30000-term sum then needs hundreds of megabytes of stack.
  // A walk that a callback stops (returning false) leaves Stack and
  // StmtStates as they were: such a visitor is not walked again
  // (ContextFinder).
  bool dataTraverseStmtPre(clang::Stmt *S) {
    StmtStates.push_back(Cur);
    enterStmt(*S);
    Stack.push_back(clang::DynTypedNode::create(*S));
    return true;
  }

  bool dataTraverseStmtPost(clang::Stmt *) {
    Stack.pop_back();
    Cur = StmtStates.pop_back_val();
    return true;
  }

  bool TraverseLambdaExpr(clang::LambdaExpr *L) {
    State Saved = Cur;
    // Captures are evaluated where the lambda is written, its body where
    // it is called.
    Cur.PendingLambda = L;
    Cur.Ctx.Unevaluated = Cur.Ctx.ConstantOrUnevaluated = false;
    bool Result = Base::TraverseLambdaExpr(L);
    Cur = Saved;
    return Result;
  }

  bool TraverseConstructorInitializer(clang::CXXCtorInitializer *Init) {
    State Saved = Cur;
    Cur.Ctx.Body = Cur.Ctx.Function;
    Cur.Ctx.ConstantOrUnevaluated = false;
    Stack.push_back(clang::DynTypedNode::create(*Init));
    bool Result = Base::TraverseConstructorInitializer(Init);
    Stack.pop_back();
    Cur = Saved;
    return Result;
  }

  bool TraverseTypeLoc(clang::TypeLoc TL, bool TraverseQualifier = true) {
    if (TL.isNull())
      return Base::TraverseTypeLoc(TL, TraverseQualifier);
    State Saved = Cur;
    Cur.Ctx.ConstantOrUnevaluated = true;
    if (TL.getTypeLocClass() == clang::TypeLoc::Decltype)
      Cur.Ctx.Unevaluated = true;
    Stack.push_back(clang::DynTypedNode::create(TL));
    bool Result = Base::TraverseTypeLoc(TL, TraverseQualifier);
    Stack.pop_back();
    Cur = Saved;
    return Result;
  }

  bool TraverseTemplateArgumentLoc(const clang::TemplateArgumentLoc &Arg) {
    State Saved = Cur;
    Cur.Ctx.ConstantOrUnevaluated = true;
    Stack.push_back(clang::DynTypedNode::create(Arg));
    bool Result = Base::TraverseTemplateArgumentLoc(Arg);
    Stack.pop_back();
    Cur = Saved;
    return Result;
  }

protected:
  /// True if \p D is declared in a system header (the translation unit is
  /// not): a skipDecl() for walks over the user's code.
  static bool isInSystemHeader(const clang::Decl &D) {
    if (llvm::isa<clang::TranslationUnitDecl>(D))
      return false;
    const clang::SourceManager &SM = D.getASTContext().getSourceManager();
    return SM.isInSystemHeader(SM.getExpansionLoc(D.getLocation()));
  }

private:
  struct State {
    CodeContext Ctx;
    /// The lambda whose class is being entered.
    const clang::LambdaExpr *PendingLambda = nullptr;
  };

  const clang::LambdaExpr *lambdaOf(const clang::FunctionDecl &FD) const {
    const auto *M = llvm::dyn_cast<clang::CXXMethodDecl>(&FD);
    const clang::LambdaExpr *L = Cur.PendingLambda;
    return M && L && M->getParent() == L->getLambdaClass() ? L : nullptr;
  }

  /// Updates the context for \p S from its parent.
  void enterStmt(const clang::Stmt &S) {
    if (Stack.empty())
      return;
    const clang::DynTypedNode &P = Stack.back();
    CodeContext &C = Cur.Ctx;
    if (const clang::FunctionDecl *Fn = C.Function;
        Fn && P.get<clang::FunctionDecl>() == Fn && &S == Fn->getBody())
      C.Body = Fn;
    // A walk without implicit code reaches a lambda's body from the
    // expression, not through its call operator.
    if (const auto *L = P.get<clang::LambdaExpr>(); L && &S == L->getBody()) {
      C.Function = C.Body = L->getCallOperator();
      C.Lambda = L;
      C.Unevaluated = C.ConstantOrUnevaluated = false;
    }
    if (P.get<clang::UnaryExprOrTypeTraitExpr>() ||
        P.get<clang::CXXNoexceptExpr>())
      C.Unevaluated = C.ConstantOrUnevaluated = true;
    else if (const auto *T = P.get<clang::CXXTypeidExpr>();
             T && !T->isPotentiallyEvaluated())
      C.Unevaluated = C.ConstantOrUnevaluated = true;
    else if (P.get<clang::ConstantExpr>())
      C.ConstantOrUnevaluated = true;
    else if (const auto *If = P.get<clang::IfStmt>();
             If && If->isConstexpr() && &S == If->getCond())
      C.ConstantOrUnevaluated = true;
    else if (const auto *VD = P.get<clang::VarDecl>();
             VD && VD->isConstexpr() && &S == VD->getInit())
      C.ConstantOrUnevaluated = true;
  }

  State Cur;
  llvm::SmallVector<clang::DynTypedNode, 64> Stack;
  /// Cur as it was outside each statement on Stack, to restore on leaving.
  llvm::SmallVector<State, 32> StmtStates;
};

/// The context of \p S, found by walking the translation unit down to it:
/// one walk per call, so for tests and one-off questions, not for rules.
/// Parents is left empty.
CodeContext findCodeContext(const clang::Stmt &S, clang::ASTContext &Ctx);

} // namespace cudalower

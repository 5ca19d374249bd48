//===--- ThisCaptures.cpp - `this` and `*this` in a functor ---------------===//
//
// A captured `this` becomes a member `self` (a pointer, or a copy for
// `*this`), and the body's uses of it, explicit and implicit, name that
// member.
//
//===----------------------------------------------------------------------===//

#include "Rules/LowerExtendedLambda/Lowering.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"

using namespace clang;

namespace cudalower::lowering {

namespace {

/// Collects the uses of `this` in a lambda body, explicit and implicit.
class ThisUseFinder : public RecursiveASTVisitor<ThisUseFinder> {
public:
  bool VisitCXXThisExpr(CXXThisExpr *E) {
    Uses.push_back(E);
    return true;
  }
  std::vector<const CXXThisExpr *> Uses;
};

/// True if \p Body modifies the object `this` points to: assigns a member,
/// calls a non-const member function, hands a member out by non-const
/// reference.
bool writesThroughThis(const Stmt &Body, ASTContext &Ctx) {
  ThisUseFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(&Body));
  ExprMutationAnalyzer Analyzer(Body, Ctx);
  return std::any_of(Finder.Uses.begin(), Finder.Uses.end(),
                     [&](const CXXThisExpr *E) {
                       return Analyzer.isPointeeMutated(E);
                     });
}

} // namespace

/// A __device__ lambda in a host function that captures `this` implicitly
/// makes the GPU dereference a host pointer (§5.3.8.6). Capturing `*this`
/// is the fix the guide gives; it is applied when copying the object is
/// plainly safe (a trivially copyable class), else only reported.
void LambdaPlanner::planImplicitThis() {
  bool HostFunction = !F->hasAttr<CUDADeviceAttr>() ||
                      F->getAttr<CUDADeviceAttr>()->isImplicit();
  if (!HostFunction)
    return;
  const CXXRecordDecl *Def = Class        ? Class->getDefinition()
                             : MacroClass ? MacroClass->getDefinition()
                                          : nullptr;
  if (writesThroughThis(*L.getBody(), Ctx)) {
    // A copy would swallow the writes (and a const operator() rejects them):
    // keep the pointer, right for objects in managed or device memory.
    ThisNote = "; it captures 'this' implicitly and writes through it, so "
               "the functor keeps the pointer, which the GPU can dereference "
               "only for an object in managed or device memory (§5.3.8.6)";
  } else if (Def && !Def->isDependentContext() && Def->isTriviallyCopyable()) {
    This = ThisCopy;
    ThisNote = "; it captured 'this' implicitly, a host pointer the GPU "
               "cannot dereference (§5.3.8.6), so the functor holds a copy "
               "of '*this'";
  } else {
    ThisNote = "; it captures 'this' implicitly, a host pointer the GPU "
               "cannot dereference (§5.3.8.6): capture '*this' if the object "
               "can be copied";
  }
}

bool LambdaPlanner::planThisUses() {
  if (This == NoThis)
    return true;
  if (LocalClass)
    return fail("it uses 'this', an object of a local class, which a "
                "functor at namespace scope cannot name (nvcc refuses local "
                "classes as kernel argument types, §5.3.8.4 item 6)");
  if (MacroClass && !planMacroClassThis())
    return false;
  SelfName = "self";
  if (auto Body = Src.text(L.getBody()->getSourceRange()))
    while (llvm::StringRef(*Body).contains(SelfName))
      SelfName += "_";
  // In its own definition the class is incomplete: a member of its type
  // needs a template parameter. Out of line it is complete.
  SelfTemplate = SelfTemplate || (This == ThisCopy && !OutOfLineMember);
  std::string SelfType =
      SelfTemplate ? "Self" : (Class ? Class : MacroClass)->getNameAsString();
  // In a const member function `this` points to const.
  const auto *Method = cast<CXXMethodDecl>(F);
  bool ConstThis = Method->isConst();
  if (!SelfArg.empty()) // Self is the pointer type, const included
    Members.insert(Members.begin(), {"Self " + SelfName + ";", "this"});
  else if (This == ThisPointer)
    Members.insert(Members.begin(),
                   {(ConstThis ? "const " : "") + SelfType + " *" + SelfName +
                        ";",
                    "this"});
  else
    Members.insert(Members.begin(), {SelfType + " " + SelfName + ";", "*this"});

  ThisUseFinder Finder;
  Finder.TraverseStmt(L.getBody());
  for (const CXXThisExpr *E : Finder.Uses) {
    if (E->isImplicit()) {
      // `x` or `f()` naming a member: prefix the member's name.
      SourceLocation At = E->getBeginLoc();
      std::string Prefix = SelfName + (This == ThisPointer ? "->" : ".");
      BodyEdits.push_back({CharSourceRange::getCharRange(At, At), Prefix});
    } else {
      std::string Repl = This == ThisPointer ? SelfName : "(&" + SelfName + ")";
      BodyEdits.push_back({CharSourceRange::getTokenRange(E->getSourceRange()),
                           Repl});
    }
  }
  return true;
}

} // namespace cudalower::lowering

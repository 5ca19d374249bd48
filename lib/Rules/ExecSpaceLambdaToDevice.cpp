//===--- ExecSpaceLambdaToDevice.cpp - Plain lambdas handed to the GPU ----===//

#include "Rules/ExecSpaceLambdaToDevice.h"
#include "Analysis/Analyses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {
void ExecSpaceLambdaToDevice::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(lambdaExpr().bind("lambda"), this);
}

void ExecSpaceLambdaToDevice::check(const MatchFinder::MatchResult &Result) {
  const auto *L = Result.Nodes.getNodeAs<LambdaExpr>("lambda");
  const PlainLambdaIndex &Index = context().analyses().plainLambdas();
  ExecSpace Space = Index.space(*L);
  if (Space == ExecSpace::Host)
    return;
  // A lambda in a template is one node per instantiation, all at the same
  // place; the annotation must suit them all.
  auto [It, Inserted] = Decisions.try_emplace(L->getBeginLoc());
  Decision &D = It->second;
  if (Inserted) {
    Order.push_back(L->getBeginLoc());
    D.Lambda = L;
    D.Uses = *Index.uses(*L);
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
    if (context().owners().LambdaRuleLowersPlainLambdas) {
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

PreScanTriggers ExecSpaceLambdaToDevice::preScanTriggers() {
  return {PreScanTriggers::Lambda, {}};
}

void ExecSpaceLambdaToDevice::claimFindings(FindingOwners &Owners) { Owners.PlainLambdasBecomeDevice = true; }

} // namespace cudalower

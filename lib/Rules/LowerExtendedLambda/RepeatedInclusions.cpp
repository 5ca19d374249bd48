//===--- RepeatedInclusions.cpp - Headers included more than once ---------===//

#include "Rules/LowerExtendedLambda/RepeatedInclusions.h"
#include "Rules/LowerExtendedLambda/LowerExtendedLambda.h"
#include "Rules/LowerExtendedLambda/Lowering.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include <map>

using namespace clang;

namespace cudalower {
namespace lowering {

std::string describeDifference(llvm::StringRef A, llvm::StringRef B) {
  llvm::SmallVector<llvm::StringRef, 32> LinesA, LinesB;
  A.split(LinesA, '\n');
  B.split(LinesB, '\n');
  std::vector<std::string> Pairs;
  for (size_t I = 0; I < std::max(LinesA.size(), LinesB.size()); ++I) {
    llvm::StringRef LA = I < LinesA.size() ? LinesA[I].trim() : "";
    llvm::StringRef LB = I < LinesB.size() ? LinesB[I].trim() : "";
    // The comment above the functor names its ordinal; the code says more.
    if (LA == LB || (LA.starts_with("//") && LB.starts_with("//")))
      continue;
    Pairs.push_back(("`" + LA + "` in one, `" + LB + "` in another").str());
    if (Pairs.size() == 2)
      break;
  }
  return llvm::join(Pairs, "; ");
}

std::string divergentInclusionsMessage(llvm::StringRef Space,
                                       llvm::StringRef Header,
                                       llvm::ArrayRef<std::string> IncludedAt,
                                       llvm::StringRef Difference,
                                       llvm::StringRef InsideFunction) {
  std::string Where =
      InsideFunction.empty()
          ? std::string("in this translation unit")
          : ("inside the body of " + InsideFunction + "()").str();
  std::string WayOut =
      InsideFunction.empty()
          ? "name the enclosing function through a macro that differs per "
            "inclusion (its functor is then named through it), make the "
            "function a template"
          : "each inclusion's functor goes before the function, and the "
            "header's one text cannot name a different one each time; move "
            "the lambda into a function of the header";
  return llvm::formatv("{0} lambda not lowered: {1} is included {2} times "
                       "{3} ({4}) and each inclusion needs another functor "
                       "({5}); {6}, or keep --extended-lambda for this file",
                       Space, llvm::sys::path::filename(Header),
                       IncludedAt.size(), Where, llvm::join(IncludedAt, ", "),
                       Difference, WayOut)
      .str();
}

} // namespace lowering

using namespace lowering;

/// Where \p Loc's file was included from, as "file:line".
static std::string includedAt(SourceLocation Loc, const SourceManager &SM) {
  PresumedLoc Inc = SM.getPresumedLoc(SM.getIncludeLoc(SM.getFileID(Loc)));
  if (Inc.isInvalid())
    return "?";
  return (llvm::sys::path::filename(Inc.getFilename()) + ":" +
          llvm::Twine(Inc.getLine()))
      .str();
}

void LowerExtendedLambda::dropDivergentInclusions() {
  const SourceManager &SM = context().getSourceManager();
  // The lambdas written at one place of one file: more than one only for a
  // header this translation unit includes several times.
  // (A macro's use may write several: each has its place in the
  // expansion.)
  std::map<std::tuple<unsigned, unsigned, unsigned>, std::vector<size_t>>
      ByPlace;
  for (size_t I = 0; I < Pending.size(); ++I) {
    const LambdaPlan &P = *Pending[I].Plan;
    SourceLocation Loc = writtenLocation(P.L.getBeginLoc(), SM);
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(Loc));
    unsigned InExpansion =
        P.Expansion ? P.Expansion->offsetOf(P.L.getBeginLoc()).value_or(0) : 0;
    if (FE)
      ByPlace[{FE->getUID(), SM.getFileOffset(Loc), InExpansion}].push_back(I);
  }
  std::vector<bool> Drop(Pending.size(), false);
  for (const auto &[Place, Members] : ByPlace) {
    if (Members.size() < 2)
      continue;
    auto TextOf = [&](size_t I) {
      const LambdaPlan &P = *Pending[I].Plan;
      return functorCode(P, "  ", Pending[I].Ordinal, true) + "\n" +
             functorType(P);
    };
    std::string First = TextOf(Members.front());
    std::string Difference;
    for (size_t I : llvm::drop_begin(Members))
      if (Difference.empty())
        Difference = describeDifference(First, TextOf(I));
    if (Difference.empty())
      continue; // One text serves every inclusion.
    std::vector<std::string> IncludedAt;
    for (size_t I : Members) {
      IncludedAt.push_back(includedAt(
          writtenLocation(Pending[I].Plan->L.getBeginLoc(), SM), SM));
      Drop[I] = true;
    }
    const LambdaPlan &P = *Pending[Members.front()].Plan;
    SourceLocation Loc = writtenLocation(P.L.getBeginLoc(), SM);
    // Every inclusion inside one function: the header is a piece of its
    // body.
    bool OneOwner = llvm::all_of(
        Members, [&](size_t I) { return &Pending[I].Plan->Owner == &P.Owner; });
    diag(P.L.getBeginLoc(),
         divergentInclusionsMessage(
             spaceName(P.Kind), SM.getFilename(Loc), IncludedAt, Difference,
             OneOwner && P.F ? P.Owner.getNameAsString() : ""),
         DiagLevel::Error);
  }
  std::vector<PendingFunctor> Kept;
  for (size_t I = 0; I < Pending.size(); ++I)
    if (!Drop[I])
      Kept.push_back(std::move(Pending[I]));
  Pending = std::move(Kept);
}

} // namespace cudalower

//===--- MacroBodyLambdas.cpp - Lambdas that a macro body writes ----------===//
//
// `#define FORALL(i, n, ...) each(n, [=] __device__ (int i) { __VA_ARGS__ })`
// writes a lambda whose body each use passes in, so the macro cannot hold
// the functor. The use is lowered instead: it is replaced with the macro's
// expansion one level deep (MacroExpansionText; a macro it uses on the way
// to the lambda is expanded in turn), in which the lambda is
// replaced with the construction of its functor; the functor's body is the
// expansion's text, the argument it holds copied from the use, so that the
// edits other rules make inside that argument travel with it.
//
//===----------------------------------------------------------------------===//

#include "Rules/LowerExtendedLambda/Lowering.h"
#include <algorithm>
#include <map>

using namespace clang;

namespace cudalower::lowering {

bool LambdaPlanner::planMacroExpansion() {
  std::string Why;
  auto X =
      PP ? MacroExpansionText::around(L.getBeginLoc(), *PP, Why) : std::nullopt;
  if (!X)
    return fail("the lambda is written in a macro body, and " + Why +
                "; expand the macro or lower the lambda by hand");
  // The lambda's own tokens must be the expansion's, not those of a macro
  // used in it.
  const CompoundStmt *Body = L.getCompoundStmtBody();
  bool InText = X->offsetOf(L.getBeginLoc(), false, true) &&
                X->offsetOf(L.getEndLoc(), true, true) &&
                X->offsetOf(Body->getLBracLoc(), false, true) &&
                X->offsetOf(Body->getRBracLoc(), true, true);
  if (!InText)
    return fail("the lambda is written in a macro body, partly by a macro "
                "cuda-lower leaves unexpanded; expand the macros or lower "
                "the lambda by hand");
  Expansion = std::make_shared<const MacroExpansionText>(std::move(*X));
  Src.Expansion = Expansion.get();
  return true;
}

namespace {

/// \p Text, the part [\p Begin, \p End) of the expansion, with the edits
/// that fall in it applied (offsets in the expansion).
std::string withEdits(
    llvm::StringRef Text, unsigned Begin, unsigned End,
    std::vector<std::pair<unsigned, std::pair<unsigned, std::string>>> Edits) {
  std::string Out = Text.slice(Begin, End).str();
  std::sort(Edits.begin(), Edits.end(),
            [](const auto &A, const auto &B) { return A.first > B.first; });
  for (const auto &[From, Edit] : Edits)
    if (From >= Begin && Edit.first <= End)
      Out.replace(From - Begin, Edit.first - From, Edit.second);
  return Out;
}

} // namespace

std::optional<MacroBody> macroBody(const LambdaPlan &P) {
  const MacroExpansionText &X = *P.Expansion;
  auto Body = X.offsets(
      CharSourceRange::getTokenRange(P.L.getBody()->getSourceRange()));
  if (!Body)
    return std::nullopt;
  auto [Begin, End] = *Body;
  // Edits by offset in the expansion: From -> (To, text).
  std::vector<std::pair<unsigned, std::pair<unsigned, std::string>>> Edits;
  for (const auto &[Range, Text] : P.BodyEdits) {
    auto O = X.offsets(Range);
    if (!O)
      return std::nullopt;
    Edits.push_back({O->first, {O->second, Text}});
  }
  auto Within = [&](const auto &E, unsigned From, unsigned To) {
    return E.first >= From && E.second.first <= To;
  };
  std::vector<const MacroExpansionText::Argument *> Inside;
  for (const MacroExpansionText::Argument &A : X.arguments())
    if (A.Begin >= Begin && A.End <= End && A.Begin < A.End)
      Inside.push_back(&A);
  MacroBody B;
  // Only one argument can be copied: the copy edit carries one range.
  // Edits of other rules in the others then conflict with the use's
  // replacement, and are reported.
  if (Inside.size() != 1) {
    if (!std::all_of(Edits.begin(), Edits.end(),
                     [&](const auto &E) { return Within(E, Begin, End); }))
      return std::nullopt;
    B.Before = withEdits(X.text(), Begin, End, Edits);
    return B;
  }
  const MacroExpansionText::Argument &A = *Inside.front();
  std::vector<std::pair<unsigned, std::pair<unsigned, std::string>>> Outside;
  for (size_t I = 0; I < Edits.size(); ++I) {
    if (Within(Edits[I], A.Begin, A.End))
      B.CopiedEdits.push_back(P.BodyEdits[I]);
    else if (Within(Edits[I], Begin, A.Begin) || Within(Edits[I], A.End, End))
      Outside.push_back(Edits[I]);
    else
      return std::nullopt;
  }
  B.Before = withEdits(X.text(), Begin, A.Begin, Outside);
  B.Copied = A.File;
  B.After = withEdits(X.text(), A.End, End, Outside);
  return B;
}

bool isInLambda(SourceLocation Loc, const LambdaPlan &P,
                const SourceManager &SM) {
  if (!P.Expansion)
    return SM.isPointWithin(Loc, P.L.getBeginLoc(), P.L.getEndLoc());
  // The same argument may be written into other code of the expansion too.
  auto At = P.Expansion->offsetOf(Loc);
  auto Lambda = P.Expansion->offsets(
      CharSourceRange::getTokenRange(P.L.getSourceRange()));
  return At && Lambda && *At >= Lambda->first && *At < Lambda->second;
}

/// " (the use of 'FORALL' is expanded one level)", for a lambda a macro
/// body writes; naming the macros expanded in turn inside it too.
std::string expansionNote(const LambdaPlan &P) {
  if (!P.Expansion)
    return "";
  std::string Note = " (the use of '" + P.Expansion->macroName().str() +
                     "' is expanded one level";
  for (const std::string &Inner : P.Expansion->innerMacroNames())
    Note += ", and '" + Inner + "' in it";
  return Note + ")";
}

/// What replaces each macro use that writes lowered lambdas (by the use's
/// start): its expansion, each of those lambdas replaced with its
/// construction.
std::map<unsigned, std::string>
macroUseTexts(llvm::ArrayRef<const LambdaPlan *> Plans,
              const SourceManager &SM) {
  std::map<unsigned, std::vector<const LambdaPlan *>> ByUse;
  for (const LambdaPlan *P : Plans)
    if (P->Expansion)
      ByUse[P->Expansion->use().getBegin().getRawEncoding()].push_back(P);
  std::map<unsigned, std::string> Texts;
  for (auto &[Use, InUse] : ByUse) {
    std::string Text = InUse.front()->Expansion->text();
    // From the last lambda back, so that earlier offsets stay valid.
    std::vector<std::pair<std::pair<unsigned, unsigned>, const LambdaPlan *>>
        Spans;
    for (const LambdaPlan *P : InUse)
      if (auto O = P->Expansion->offsets(
              CharSourceRange::getTokenRange(P->L.getSourceRange())))
        Spans.push_back({*O, P});
    std::sort(Spans.begin(), Spans.end(), [](const auto &A, const auto &B) {
      return A.first.first > B.first.first;
    });
    for (const auto &[Span, P] : Spans)
      Text.replace(Span.first, Span.second - Span.first, construction(*P, SM));
    Texts[Use] = std::move(Text);
  }
  return Texts;
}

} // namespace cudalower::lowering

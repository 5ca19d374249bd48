//===--- ExecSpaceDefaultedMember.cpp - Ignored annotations ---------------===//

#include "Rules/ExecSpaceDefaultedMember.h"
#include "Editing/TokenEdits.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {

void ExecSpaceDefaultedMember::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(
      cxxMethodDecl(isDefaulted(), unless(isVirtual()),
                    anyOf(hasAttr(attr::CUDAHost), hasAttr(attr::CUDADevice)))
          .bind("member"),
      this);
}

/// "__host__ __device__" for the annotations \p MD was written with.
static std::string writtenSpace(const CXXMethodDecl *MD) {
  std::string Text;
  for (const Attr *A : MD->attrs()) {
    if (A->isImplicit())
      continue;
    if (isa<CUDAHostAttr>(A))
      Text += Text.empty() ? "__host__" : " __host__";
    else if (isa<CUDADeviceAttr>(A))
      Text += Text.empty() ? "__device__" : " __device__";
  }
  return Text;
}

void ExecSpaceDefaultedMember::check(const MatchFinder::MatchResult &Result) {
  const auto *MD = Result.Nodes.getNodeAs<CXXMethodDecl>("member");
  // Only a function defaulted on its first declaration loses its
  // annotations; one defaulted out of class keeps them. Members of class
  // template instantiations repeat their pattern, which is checked itself.
  if (!MD->isExplicitlyDefaulted() || !MD->isFirstDecl() ||
      MD->getTemplateInstantiationPattern() ||
      !context().isUserOwned(MD->getLocation()))
    return;
  std::string Space = writtenSpace(MD);
  if (Space.empty())
    return;
  const SourceManager &SM = *Result.SourceManager;
  std::string Message = "nvcc ignores '" + Space + "' on '" +
                        MD->getNameAsString() +
                        "', a non-virtual function defaulted in its class; "
                        "its execution space comes from its callers "
                        "(§5.3.11.6)";
  std::vector<CharSourceRange> Ranges;
  for (const Attr *A : MD->attrs()) {
    if (A->isImplicit() || !isa<CUDAHostAttr, CUDADeviceAttr>(A))
      continue;
    std::optional<CharSourceRange> R =
        annotationTokenRange(*A, SM, Result.Context->getLangOpts());
    if (!R) {
      diag(MD->getLocation(), Message)
          .noFix("the annotation is spelled inside a macro that adds more "
                 "than annotations");
      return;
    }
    // `HD` gives both attributes one range; remove it once.
    if (llvm::none_of(Ranges, [&](const CharSourceRange &Seen) {
          return Seen.getAsRange() == R->getAsRange();
        }))
      Ranges.push_back(*R);
  }
  DiagBuilder D = diag(MD->getLocation(), Message);
  for (const CharSourceRange &R : Ranges)
    D.remove(withTrailingBlanks(R, SM));
}

PreScanTriggers ExecSpaceDefaultedMember::preScanTriggers() {
  return {PreScanTriggers::DefaultedMember, {}};
}

} // namespace cudalower

//===--- NvccRedeclaredSpace.cpp - The nvcc-redeclared-space rule ---------===//

#include "Rules/NvccRedeclaredSpace.h"
#include "llvm/ADT/StringRef.h"

using namespace clang;

namespace cudalower {

void NvccRedeclaredSpace::finishTranslationUnit() {
  // The parse read Text at Loc, where the file on disk has nothing.
  for (const ParseFixReference &Fix : context().getParseFixes()) {
    if (Fix.Kind != ParseFixKind::RedeclaredSpace)
      continue;
    llvm::StringRef Keyword = llvm::StringRef(Fix.Text).trim();
    diag(Fix.Loc, "function '" + Fix.Name +
                      "' is declared in other execution spaces elsewhere; "
                      "nvcc merges its declarations into one __host__ "
                      "__device__ function, Clang refuses them: declare it '" +
                      Keyword.str() + "' here too, as nvcc reads it")
        .replace(CharSourceRange::getCharRange(
                     Fix.Loc, Fix.Loc.getLocWithOffset(Fix.Text.size())),
                 Fix.Text);
  }
}

PreScanTriggers NvccRedeclaredSpace::preScanTriggers() {
  // Nothing for the wrapper to find: nvcc accepts the code as written.
  PreScanTriggers T;
  T.NvccNeedsNone = true;
  return T;
}

llvm::ArrayRef<ParseFixKind> NvccRedeclaredSpace::parseFixesWritten() {
  static const ParseFixKind Kinds[] = {ParseFixKind::RedeclaredSpace};
  return Kinds;
}

} // namespace cudalower

//===--- NvccRedeclaredSpace.cpp - The nvcc-redeclared-space rule ---------===//

#include "Rules/NvccRedeclaredSpace.h"
#include "llvm/ADT/StringRef.h"

using namespace clang;

namespace cudalower {

void NvccRedeclaredSpace::finishTranslationUnit() {
  // The parse read the keyword inserted at Loc; the edit puts it in the
  // file.
  for (const ParseFixReference &Fix : parseFixesOf(parseFixesWritten()))
    diag(Fix.Loc, "function '" + Fix.Name +
                      "' is declared in other execution spaces elsewhere; "
                      "nvcc merges its declarations into one __host__ "
                      "__device__ function, Clang refuses them: declare it '" +
                      llvm::StringRef(Fix.Text).trim().str() +
                      "' here too, as nvcc reads it")
        .insert(Fix.Loc, Fix.Text);
}

PreScanTriggers NvccRedeclaredSpace::preScanTriggers() {
  // Nothing for the wrapper to find: nvcc accepts the code as written.
  return PreScanTriggers::nvccNeedsNone();
}

llvm::ArrayRef<ParseFixKind> NvccRedeclaredSpace::parseFixesWritten() {
  static const ParseFixKind Kinds[] = {ParseFixKind::RedeclaredSpace};
  return Kinds;
}

} // namespace cudalower

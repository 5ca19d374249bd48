//===--- NvccDependentTemplate.cpp - The nvcc-dependent-template rule -----===//

#include "Rules/NvccDependentTemplate.h"

using namespace clang;

namespace cudalower {

void NvccDependentTemplate::finishTranslationUnit() {
  // The parse read the keyword at Loc; the edit puts it in the file (the
  // engine maps the findings of a fixed parse back to the text on disk).
  for (const ParseFixReference &Fix : context().getParseFixes())
    diag(Fix.Loc, "dependent member template '" + Fix.Name +
                      "' is named without 'template', which nvcc accepts "
                      "and Clang does not; insert 'template'")
        .insert(Fix.Loc, Fix.Text);
}

} // namespace cudalower

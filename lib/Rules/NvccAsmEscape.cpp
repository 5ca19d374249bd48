//===--- NvccAsmEscape.cpp - The nvcc-asm-escape rule ---------------------===//

#include "Rules/NvccAsmEscape.h"

namespace cudalower {

void NvccAsmEscape::finishTranslationUnit() {
  // The parse read the `%` inserted at Loc; the edit puts it in the file.
  for (const ParseFixReference &Fix : parseFixesOf(parseFixesWritten()))
    diag(Fix.Loc, "'" + Fix.Name +
                      "' in an asm string starts no operand: nvcc passes "
                      "it to ptxas as written and Clang rejects it; "
                      "escape it as '%" +
                      Fix.Name + "', which both read as '" + Fix.Name + "'")
        .insert(Fix.Loc, Fix.Text);
}

PreScanTriggers NvccAsmEscape::preScanTriggers() {
  // Nothing for the wrapper to find: it escapes a spelling only Clang refuses.
  return PreScanTriggers::nvccNeedsNone();
}

llvm::ArrayRef<ParseFixKind> NvccAsmEscape::parseFixesWritten() {
  static const ParseFixKind Kinds[] = {ParseFixKind::AsmPercentEscape};
  return Kinds;
}

} // namespace cudalower

//===--- NvccAsmOperandComma.cpp - The nvcc-asm-operand-comma rule --------===//

#include "Rules/NvccAsmOperandComma.h"

namespace cudalower {

void NvccAsmOperandComma::finishTranslationUnit() {
  // The parse read the `,` inserted at Loc; the edit puts it in the file.
  for (const ParseFixReference &Fix : parseFixesOf(parseFixesWritten()))
    diag(Fix.Loc, "the asm operand " + Fix.Name +
                      " follows the one before it without a ',': nvcc "
                      "reads the two operands, Clang rejects them; "
                      "insert ',', which both accept")
        .insert(Fix.Loc, Fix.Text);
}

PreScanTriggers NvccAsmOperandComma::preScanTriggers() {
  // Nothing for the wrapper to find: it inserts a comma only Clang needs.
  return PreScanTriggers::nvccNeedsNone();
}

llvm::ArrayRef<ParseFixKind> NvccAsmOperandComma::parseFixesWritten() {
  static const ParseFixKind Kinds[] = {ParseFixKind::AsmOperandComma};
  return Kinds;
}

} // namespace cudalower

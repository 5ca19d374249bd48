//===--- NvccAsmOperandComma.h - The nvcc-asm-operand-comma rule -*- C++ -*-===//
#pragma once

#include "cudalower/Rule.h"

namespace cudalower {

/// Inserts the comma missing between two operands of an asm statement:
/// `asm volatile("st.u8 [%1], %0;" :: "r"(v) "l"(p))`, which nvcc reads as
/// two operands and Clang rejects (`expected ')'`), becomes `"r"(v), "l"(p)`.
/// The engine finds the places from Clang's errors and parses its copy of
/// the file fixed (Engine/ParseFixes.h); the rule reports each fix as an
/// edit. See docs/rules/nvcc-asm-operand-comma.md.
class NvccAsmOperandComma : public Rule {
public:
  using Rule::Rule;
  static PreScanTriggers preScanTriggers();
  static llvm::ArrayRef<ParseFixKind> parseFixesWritten();
  void finishTranslationUnit() override;
};

} // namespace cudalower

//===--- NvccAsmEscape.h - The nvcc-asm-escape rule -------------*- C++ -*-===//
#pragma once

#include "cudalower/Rule.h"

namespace cudalower {

/// Escapes a `%` that starts no operand in the string of an asm statement
/// with operands: `asm("mov.u32 %0, %laneid;" : "=r"(r))`, which nvcc
/// passes to ptxas as written and Clang rejects ("invalid % escape"),
/// becomes `%%laneid`, which both compilers turn into `%laneid`. The engine
/// finds the places from Clang's errors and parses its copy of the file
/// fixed (Engine/ParseFixes.h); the rule reports each fix as an edit. See
/// docs/rules/nvcc-asm-escape.md.
class NvccAsmEscape : public Rule {
public:
  using Rule::Rule;
  static PreScanTriggers preScanTriggers();
  static llvm::ArrayRef<ParseFixKind> parseFixesWritten();
  void finishTranslationUnit() override;
};

} // namespace cudalower

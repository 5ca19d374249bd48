//===--- AsmSpellings.h - asm statements as nvcc reads them -----*- C++ -*-===//
//
// nvcc: passes an asm string to ptxas as written, so a lone `%` before a PTX
// special register in a statement with operands (`%laneid`, tiny-cuda-nn)
// reaches ptxas; and reads operands written without the comma between them
// (`::"r"(v) "l"(p)`, CUDA sample conjugateGradientMultiDeviceCG).
// Clang: `invalid % escape in inline assembly string`; `expected ')'`.
// cuda-lower: the parse reads `%%laneid` (which both compilers turn into
// `%laneid`) and the missing `,` (SpellingFixes.def); rules nvcc-asm-escape
// and nvcc-asm-operand-comma write them. Tests: lit nvcc-asm-escape/*,
// nvcc-asm-operand-comma/*, gpu/nvcc-asm-*.cu; unit NvccAsmEscapeTest,
// NvccAsmOperandComma.*.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Nvcc/ErrorContext.h"
#include "Nvcc/FixSite.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace cudalower {

/// Where to insert `%` for Clang's `invalid % escape in inline assembly
/// string`: nvcc passes `asm("mov.u32 %0, %laneid;" : "=r"(r))` to ptxas
/// as written, Clang asks for `%%laneid`, which both compilers turn into
/// the same `%laneid` (an asm statement with operands reads `%%` as `%`).
/// Spelled in a macro definition alike.
std::optional<ParseFixSite>
asmPercentFix(const clang::StoredDiagnostic &Error);

/// Where to insert `,` for Clang's `expected ')'` at an operand of an asm
/// statement that follows the one before it without a comma
/// (`::"r"(v) "l"(p)`): nvcc reads the operands as listed. Only where the
/// error lies in the operand list of an `asm` written in a file (not a
/// macro), at a constraint string right after a `)`.
std::optional<ParseFixSite>
asmOperandCommaFix(const clang::StoredDiagnostic &Error);

/// What nvcc does and what both compilers accept, for Clang's `invalid %
/// escape`; "" for any other error.
std::string asmPercentHint(llvm::ArrayRef<clang::StoredDiagnostic> Held,
                           const ErrorContext &Where);

/// What nvcc does and what both compilers accept, for an error that
/// asmOperandCommaFix places; "" for any other error.
std::string asmOperandCommaHint(llvm::ArrayRef<clang::StoredDiagnostic> Held,
                                const ErrorContext &Where);

} // namespace cudalower

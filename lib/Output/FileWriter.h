//===--- FileWriter.h - Writing files without ever half-writing -*- C++ -*-===//
#pragma once

#include "llvm/Support/Error.h"

namespace cudalower {

/// Replaces \p Path's contents with \p Contents: writes a temporary file in
/// the same directory, gives it \p Path's permissions, then renames it over
/// \p Path, so a reader sees either the old file or the new one, never part.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Contents);

} // namespace cudalower

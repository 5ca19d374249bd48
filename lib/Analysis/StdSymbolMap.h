//===--- StdSymbolMap.h - What libcu++ offers, and where --------*- C++ -*-===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace cudalower {

/// One cuda::std symbol of the installed CCCL, from the generated table
/// StdSymbolMap.inc (scripts/gen_std_symbol_map.py).
struct CudaStdSymbol {
  /// The name below cuda::std: "min", "numeric_limits", "chrono::duration".
  llvm::StringRef Name;
  /// The header to include, as written between <>: "cuda/std/cmath".
  llvm::StringRef Header;
  /// True if no public header provides the symbol and Header is internal to
  /// libcu++ (CUDA 13.0: cuda::std::clamp in cuda/std/__algorithm/clamp.h).
  bool Internal;
};

/// Every symbol of the table, sorted by name.
llvm::ArrayRef<CudaStdSymbol> cudaStdSymbols();

/// The entry for \p Name (spelled as in CudaStdSymbol::Name), or null if
/// libcu++ has no such symbol.
const CudaStdSymbol *findCudaStdSymbol(llvm::StringRef Name);

} // namespace cudalower

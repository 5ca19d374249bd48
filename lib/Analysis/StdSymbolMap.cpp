//===--- StdSymbolMap.cpp - What libcu++ offers, and where ----------------===//

#include "Analysis/StdSymbolMap.h"
#include <algorithm>

namespace cudalower {

llvm::ArrayRef<CudaStdSymbol> cudaStdSymbols() {
  static const CudaStdSymbol Symbols[] = {
#define STD_SYMBOL(Name, Header, Internal) {Name, Header, Internal},
#include "Analysis/StdSymbolMap.inc"
  };
  return Symbols;
}

const CudaStdSymbol *findCudaStdSymbol(llvm::StringRef Name) {
  llvm::ArrayRef<CudaStdSymbol> All = cudaStdSymbols();
  const CudaStdSymbol *It = std::lower_bound(
      All.begin(), All.end(), Name,
      [](const CudaStdSymbol &S, llvm::StringRef N) { return S.Name < N; });
  return It != All.end() && It->Name == Name ? It : nullptr;
}

} // namespace cudalower

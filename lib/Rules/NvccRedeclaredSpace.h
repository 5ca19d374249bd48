//===--- NvccRedeclaredSpace.h - The nvcc-redeclared-space rule -*- C++ -*-===//
#pragma once

#include "cudalower/Rule.h"

namespace cudalower {

/// Gives every declaration of a function the execution spaces its other
/// declarations spell: nvcc merges `__device__ int f(int);` and
/// `__host__ __device__ int f(int x) {...}` into one `__host__ __device__`
/// function, Clang refuses the pair. The engine finds the declarations from
/// Clang's error and parses its copy of the file fixed
/// (Nvcc/RedeclaredSpace.h); the rule reports each keyword as an edit. See
/// docs/rules/nvcc-redeclared-space.md.
class NvccRedeclaredSpace : public Rule {
public:
  using Rule::Rule;
  static PreScanTriggers preScanTriggers();
  static llvm::ArrayRef<ParseFixKind> parseFixesWritten();
  void finishTranslationUnit() override;
};

} // namespace cudalower

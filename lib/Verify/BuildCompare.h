//===--- BuildCompare.h - One TU built two ways, compared -------*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include <string>
#include <vector>

namespace cudalower {

/// What one build of a translation unit gave.
struct BuildResult {
  bool Built = false;
  std::string Log;            ///< The compiler's messages (ptxas -v too).
  double Seconds = 0;
  uint64_t ObjectBytes = 0;
  std::vector<std::string> Kernels;     ///< ptxas's entries (or cuobjdump's).
  std::vector<unsigned> Registers;      ///< Per function, as ptxas listed them.
};

/// The registers of each function `ptxas -v` reported in \p Log, in order.
std::vector<unsigned> registersFromPtxasLog(llvm::StringRef Log);

/// The kernels `ptxas -v` compiled (its "Compiling entry function" lines),
/// sorted; none when no SASS was built (compute_XX only).
std::vector<std::string> kernelsFromPtxasLog(llvm::StringRef Log);

/// The kernels (STO_ENTRY functions) of `cuobjdump -symbols` output.
std::vector<std::string> kernelsFromCuobjdump(llvm::StringRef Symbols);

/// One source built as written and lowered.
struct TuComparison {
  std::string Source;
  BuildResult Original, Lowered;
  /// Why the two differ in a way that matters (a build failed, the kernel
  /// count changed); empty when they agree.
  std::vector<std::string> Problems;
  /// Differences worth reading that are no failure (register counts).
  std::vector<std::string> Notes;
};

/// Fills Problems and Notes of \p C from its two builds.
void compareBuilds(TuComparison &C);

llvm::json::Object toJson(const TuComparison &C);
void printComparison(llvm::raw_ostream &OS, const TuComparison &C);

} // namespace cudalower

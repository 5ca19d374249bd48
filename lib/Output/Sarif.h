//===--- Sarif.h - SARIF 2.1.0 for code-scanning pages ----------*- C++ -*-===//
//
// clang/Basic/Sarif.h's SarifDocumentWriter locates everything through a
// live SourceManager (CharSourceRange), which a run no longer has once its
// findings are merged across translation units and passes; the findings
// carry file, offset, line and column instead, so the log is built from
// them with llvm::json.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Output/RunResults.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace cudalower {

/// \p R as a SARIF 2.1.0 log: one run, the rules that ran (and `verify`
/// when verification found problems) as reportingDescriptors, one result
/// per finding and problem with its location, and a fix for each finding
/// whose edits are in the output. Columns are Unicode code points; fixes
/// are byte ranges of the file as read.
llvm::json::Value sarifLog(const RunResults &R);

/// The 1-based column, in Unicode code points, of the byte column
/// \p ByteColumn of \p Line (UTF-8).
unsigned codePointColumn(llvm::StringRef Line, unsigned ByteColumn);

/// Writes sarifLog(\p R) to \p Path, atomically.
llvm::Error writeSarif(llvm::StringRef Path, const RunResults &R);

} // namespace cudalower

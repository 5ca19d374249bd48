//===--- Untouched.h - Files a run leaves as they are, and why --*- C++ -*-===//
//
// A run over many sources writes what it can: a source that did not parse,
// or whose output failed verification, holds back only the files it read
// (another source's edits to a header it shares may miss its own), and the
// run lists each file it left untouched with the source to blame
// (docs/scaling.md#partial-writes).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Output/Emit.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace cudalower {

/// A file the run does not write.
struct UntouchedFile {
  std::string Path;
  /// The source that did not parse, or whose output did not verify.
  std::string Source;
  /// Empty if Source read Path; else the untouched file Source read that
  /// Path goes with (another source read both: its output was verified
  /// with both rewritten).
  std::string Via;
  enum Cause { NotParsed, NotVerified } Why = NotParsed;
};

/// The files that the sources in \p NotParsed leave untouched: each of them,
/// then every file of \p Files (the edits of the sources that parsed) that
/// one of them read (\p ReadBy), then, until nothing changes, every file of
/// \p Files read by a source that read an untouched one. Each file once,
/// blamed on the first failed source that reaches it.
std::vector<UntouchedFile> untouchedByParseFailures(
    llvm::ArrayRef<std::string> NotParsed,
    const std::map<std::string, std::set<std::string>> &ReadBy,
    const std::vector<RewrittenFile> &Files);

/// The files verification withheld (path -> the source whose output did
/// not verify), sorted by path.
std::vector<UntouchedFile>
untouchedByVerification(const llvm::StringMap<std::string> &Withheld);

/// Removes from \p Files every file of \p Untouched.
void dropUntouched(std::vector<RewrittenFile> &Files,
                   const std::vector<UntouchedFile> &Untouched);

/// One note per file, in Clang's format: `cuda-lower: note: F left
/// untouched: S, which includes it, did not parse`, or `... the rewrite of
/// S did not verify`.
void printUntouched(llvm::raw_ostream &Err,
                    const std::vector<UntouchedFile> &Untouched);

} // namespace cudalower

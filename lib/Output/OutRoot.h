//===--- OutRoot.h - A migrated copy of the project tree --------*- C++ -*-===//
#pragma once

#include "Output/Emit.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace cudalower {

/// Where the copy of \p File (under \p Root, with a trailing separator)
/// goes under \p OutRoot: the same path relative to the root. Empty if the
/// file is not under the root.
std::string outRootPathOf(llvm::StringRef File, llvm::StringRef Root,
                          llvm::StringRef OutRoot);

/// Checks --out-root against the project root \p Root (trailing separator):
/// the copy must not land on the originals.
llvm::Error checkOutRoot(llvm::StringRef OutRoot, llvm::StringRef Root);

/// --out-root: writes each of \p Files, as rewritten, under \p OutRoot at
/// its path relative to \p Root, creating directories; with \p CopyAll,
/// every other file under the root too (except the out-root itself and
/// version-control folders), as it is. A file outside \p Root (a library's
/// header, with --lower-dependencies or a second --in-root) goes with its
/// include directory, found among \p IncludeDirs, under OUT/.cuda-lower-deps
/// (DependencyCopy.h). Each file is written atomically with its original's
/// permissions; the originals are only read. The copies of \p Kept (files
/// a rerun skipped: their copies are the rewritten ones) are left as they
/// are. \returns an ExitCode.
int writeOutRoot(const std::vector<RewrittenFile> &Files, llvm::StringRef Root,
                 llvm::StringRef OutRoot, bool CopyAll,
                 llvm::ArrayRef<std::string> IncludeDirs,
                 const llvm::StringSet<> &Kept, llvm::raw_ostream &Err);

/// Writes \p Text to \p To, atomically, with \p Model's permissions,
/// creating the directories on the way.
llvm::Error writeCopy(llvm::StringRef To, llvm::StringRef Text,
                      llvm::StringRef Model);

} // namespace cudalower

//===--- Ownership.h - Which files are the user's own -----------*- C++ -*-===//
#pragma once

#include "Driver/OwnedFiles.h"
#include "cudalower/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <string>

namespace cudalower {

/// Answers "is this code in a file the user owns?": a file \p Owned owns
/// (by its path resolved through symbolic links, in the file system the
/// parse reads) that is not a system header; a dependency header is owned
/// wherever the include search found it (keepOwnedHeadersUserCode makes it
/// user code). The answer is cached per file of one SourceManager.
class FileOwnership {
public:
  explicit FileOwnership(OwnedFiles Owned) : Owned(std::move(Owned)) {}

  bool isOwned(const clang::SourceManager &SM, clang::SourceLocation Loc);
  /// True if \p Loc is in the CUDA toolkit's, a compiler's or the
  /// system's headers.
  bool isToolchainFile(const clang::SourceManager &SM,
                       clang::SourceLocation Loc);
  /// True if the file \p FID is a dependency header owned whatever kind
  /// of include directory found it.
  bool isOwnedDependency(const clang::SourceManager &SM, clang::FileID FID);

private:
  enum class Kind : char { Project, Dependency, Toolchain, Other };
  Kind kindOf(const clang::SourceManager &SM, clang::FileID FID);

  OwnedFiles Owned;
  llvm::DenseMap<clang::FileID, Kind> Cache;
};

/// The canonical absolute path of the file holding \p Loc (macro locations
/// resolved to where they are used), or "" if there is none.
std::string canonicalPathOf(const clang::SourceManager &SM,
                            clang::SourceLocation Loc);

/// Sets \p D's file, offset, line, column and source line to where \p Loc
/// is in a file (a macro location: where the macro is used, as clang-tidy
/// shows it). False if \p Loc is in no file.
bool locateInFile(const clang::SourceManager &SM, clang::SourceLocation Loc,
                  Diagnostic &D);

/// The text \p SM holds for the file at \p Path (any name of it: the file
/// manager knows a file by its identity), or nothing if it holds no such
/// file or has not loaded it.
std::optional<llvm::StringRef> loadedTextOf(const clang::SourceManager &SM,
                                            llvm::StringRef Path);

} // namespace cudalower

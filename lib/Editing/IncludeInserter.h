//===--- IncludeInserter.h - Add #include lines unless present --*- C++ -*-===//
//
// "Include this header in that file unless it already does", written once
// for every rule that adds headers (clang-tidy's IncludeInserter is the
// model). The line goes where IncludeSite puts it, so that every fix adding
// one header to one file adds the same text at the same place and the
// insertions merge; each fix still carries its own, so that it stays
// all-or-nothing.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Editing/IncludeSite.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include <optional>
#include <string>

namespace cudalower {

class IncludeInserter {
public:
  explicit IncludeInserter(const clang::SourceManager &SM) : SM(SM) {}

  /// An insertion: Text (whole lines) at Loc.
  struct Insertion {
    clang::SourceLocation Loc;
    std::string Text;
  };

  /// The insertion that makes \p File include `<Header>` (followed by a
  /// `//` \p Comment, if given), or nullopt when the file includes it
  /// already. Each file's text is scanned once per header and once for its
  /// include site, however many uses ask.
  std::optional<Insertion> insertion(clang::FileID File, llvm::StringRef Header,
                                     llvm::StringRef Comment = {});

private:
  struct FileState {
    std::optional<IncludeSite> Site;
    llvm::StringMap<bool> Includes; ///< Header -> already included.
  };
  const clang::SourceManager &SM;
  llvm::DenseMap<clang::FileID, FileState> Files;
};

} // namespace cudalower

//===--- FileWriter.h - Writing files without ever half-writing -*- C++ -*-===//
#pragma once

#include "llvm/Support/Error.h"
#include <optional>

namespace cudalower {

/// The file to write no longer holds the text that was parsed: another run,
/// an editor or a build changed it meanwhile. Nothing was written.
class FileChangedError : public llvm::ErrorInfo<FileChangedError> {
public:
  static char ID;
  explicit FileChangedError(std::string Path) : Path(std::move(Path)) {}
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;
  const std::string &path() const { return Path; }

private:
  std::string Path;
};

/// Replaces \p Path's contents with \p Contents, safely:
///
/// - A symbolic link is followed: its target is written, the link stays.
/// - A regular file (or a path that does not exist yet) is replaced
///   atomically: the text goes to a temporary file in the same directory,
///   which gets the old file's owner, group, mode and extended attributes
///   (ACLs included) and is renamed over it. A reader sees the old file or
///   the new one, never part; a signal removes the temporary file.
/// - While it does so it holds an exclusive advisory lock (flock) on the
///   old file, so that concurrent cuda-lower runs take turns.
/// - With \p Expected, the file is written only if, under the lock, it still
///   holds exactly that text; otherwise a FileChangedError is returned.
/// - A file with several hard links is not written (renaming would break
///   the links, writing in place would not be atomic).
/// - Anything else (a device such as /dev/null, a pipe) is opened and
///   written to as a stream, never replaced.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Contents,
                                std::optional<llvm::StringRef> Expected =
                                    std::nullopt);

} // namespace cudalower

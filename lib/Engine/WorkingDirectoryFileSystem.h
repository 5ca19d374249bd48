//===--- WorkingDirectoryFileSystem.h - A working directory of its own -*- C++ -*-===//
//
// Sources parsed at the same time each need their compile command's
// directory as the working directory. The file system the run was given
// (the real one, or an overlay in tests) has one working directory; this
// view of it has its own, and hands it only absolute paths.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/Support/VirtualFileSystem.h"

namespace cudalower {

/// \p Base seen from a working directory of its own: relative paths are
/// made absolute here, so views of one base over different directories
/// can be used from several threads at once.
class WorkingDirectoryFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  explicit WorkingDirectoryFileSystem(
      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base);

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override;
  bool exists(const llvm::Twine &Path) override;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override;
  llvm::vfs::directory_iterator dir_begin(const llvm::Twine &Dir,
                                          std::error_code &EC) override;
  std::error_code getRealPath(const llvm::Twine &Path,
                              llvm::SmallVectorImpl<char> &Output) override;
  std::error_code isLocal(const llvm::Twine &Path, bool &Result) override;
  llvm::ErrorOr<std::string> getCurrentWorkingDirectory() const override {
    return WorkingDirectory;
  }
  std::error_code setCurrentWorkingDirectory(const llvm::Twine &Path) override;

private:
  std::string absolute(const llvm::Twine &Path) const;

  std::string WorkingDirectory;
};

} // namespace cudalower

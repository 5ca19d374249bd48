//===--- WorkingDirectoryFileSystem.cpp - A working directory of its own --===//

#include "Engine/WorkingDirectoryFileSystem.h"
#include "llvm/Support/Path.h"

namespace cudalower {

WorkingDirectoryFileSystem::WorkingDirectoryFileSystem(
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base)
    : ProxyFileSystem(Base) {
  if (llvm::ErrorOr<std::string> Cwd = Base->getCurrentWorkingDirectory())
    WorkingDirectory = *Cwd;
}

std::string WorkingDirectoryFileSystem::absolute(const llvm::Twine &Path) const {
  llvm::SmallString<256> Abs;
  Path.toVector(Abs);
  if (!llvm::sys::path::is_absolute(Abs) && !WorkingDirectory.empty())
    llvm::sys::path::make_absolute(WorkingDirectory, Abs);
  return std::string(Abs);
}

llvm::ErrorOr<llvm::vfs::Status>
WorkingDirectoryFileSystem::status(const llvm::Twine &Path) {
  // Named as asked, as the base would name it with this working directory.
  llvm::ErrorOr<llvm::vfs::Status> S = ProxyFileSystem::status(absolute(Path));
  if (!S)
    return S;
  return llvm::vfs::Status::copyWithNewName(*S, Path);
}

bool WorkingDirectoryFileSystem::exists(const llvm::Twine &Path) {
  return ProxyFileSystem::exists(absolute(Path));
}

llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
WorkingDirectoryFileSystem::openFileForRead(const llvm::Twine &Path) {
  return llvm::vfs::File::getWithPath(
      ProxyFileSystem::openFileForRead(absolute(Path)), Path);
}

llvm::vfs::directory_iterator
WorkingDirectoryFileSystem::dir_begin(const llvm::Twine &Dir,
                                      std::error_code &EC) {
  return ProxyFileSystem::dir_begin(absolute(Dir), EC);
}

std::error_code
WorkingDirectoryFileSystem::getRealPath(const llvm::Twine &Path,
                                        llvm::SmallVectorImpl<char> &Output) {
  return ProxyFileSystem::getRealPath(absolute(Path), Output);
}

std::error_code WorkingDirectoryFileSystem::isLocal(const llvm::Twine &Path,
                                                    bool &Result) {
  return ProxyFileSystem::isLocal(absolute(Path), Result);
}

std::error_code
WorkingDirectoryFileSystem::setCurrentWorkingDirectory(const llvm::Twine &Path) {
  std::string Dir = absolute(Path);
  llvm::ErrorOr<llvm::vfs::Status> S = ProxyFileSystem::status(Dir);
  if (!S)
    return S.getError();
  if (!S->isDirectory())
    return std::make_error_code(std::errc::not_a_directory);
  WorkingDirectory = std::move(Dir);
  return {};
}

} // namespace cudalower

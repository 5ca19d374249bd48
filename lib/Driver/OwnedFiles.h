//===--- OwnedFiles.h - Which files cuda-lower may edit ---------*- C++ -*-===//
//
// cuda-lower edits the files under the project root, and under every other
// --in-root. With --lower-dependencies (and always in cuda-lower-nvcc's
// private copy) it also lowers the headers of the libraries the project
// uses: any file outside the CUDA toolkit's and the system's directories,
// wherever the include search found it (-I, -isystem, an installed
// prefix). Plain nvcc reads those headers too, so an extended lambda in
// one needs the flag as much as one in the project (§5.3.8); the toolkit's
// and the system's headers never hold one and are never edited.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cudalower/Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace llvm::vfs {
class FileSystem;
} // namespace llvm::vfs

namespace cudalower {

/// The files a run may edit, by canonical path.
struct OwnedFiles {
  /// The project root first, then the other --in-root directories; each
  /// canonical, with a trailing separator.
  std::vector<std::string> Roots;
  /// Also own every file outside ToolchainDirs (dependency headers).
  bool Dependencies = false;
  /// Dependency headers owned one by one (canonical paths): those
  /// cuda-lower-nvcc's pre-scan found an annotated lambda in.
  std::vector<std::string> DependencyFiles;
  /// The CUDA toolkit's, the compilers' and the system's include trees,
  /// canonical, with a trailing separator.
  std::vector<std::string> ToolchainDirs;

  /// The files under \p Root (with a trailing separator) alone.
  static OwnedFiles projectOnly(std::string Root) {
    OwnedFiles O;
    O.Roots.push_back(std::move(Root));
    return O;
  }

  bool isUnderRoot(llvm::StringRef Path) const;
  bool isToolchainFile(llvm::StringRef Path) const;
  /// A file outside every root that is not the toolchain's: a header of a
  /// library the project uses.
  bool isDependency(llvm::StringRef Path) const {
    return !isUnderRoot(Path) && !isToolchainFile(Path);
  }
  /// Whether a dependency header \p Path (isDependency) is owned.
  bool ownsDependency(llvm::StringRef Path) const;
  bool owns(llvm::StringRef Path) const {
    return isUnderRoot(Path) || (isDependency(Path) && ownsDependency(Path));
  }
  /// Says what the answers depend on (a cache key's part).
  std::string key() const;
};

/// The toolchain's include trees of a run that parses with the toolkit at
/// \p CudaPath: the toolkit, /usr/include, GCC's and LLVM's private
/// directories; each canonical, with a trailing separator.
std::vector<std::string> toolchainDirectories(llvm::StringRef CudaPath);

/// The files a run with \p Opts may edit: under the project root \p Root
/// (canonical, trailing separator) and the other --in-root directories, and
/// with --lower-dependencies or ToolOptions::DependencyHeaders the headers
/// of the libraries the sources use; usage errors as llvm::Error.
llvm::Expected<OwnedFiles> ownedFilesFor(const ToolOptions &Opts,
                                         const std::string &Root,
                                         llvm::StringRef CudaPath,
                                         llvm::vfs::FileSystem &FS);

/// \p Dir canonical (symbolic links resolved where it exists) with a
/// trailing separator.
std::string canonicalDirectory(llvm::StringRef Dir);

} // namespace cudalower

//===--- OwnedFiles.cpp - Which files cuda-lower may edit -----------------===//

#include "Driver/OwnedFiles.h"
#include "Driver/CompilationSetup.h"
#include "Driver/ResourceDir.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace cudalower {

static bool startsWithAny(llvm::StringRef Path,
                          const std::vector<std::string> &Prefixes) {
  for (const std::string &P : Prefixes)
    if (Path.starts_with(P))
      return true;
  return false;
}

bool OwnedFiles::isUnderRoot(llvm::StringRef Path) const {
  return startsWithAny(Path, Roots);
}

bool OwnedFiles::isToolchainFile(llvm::StringRef Path) const {
  return startsWithAny(Path, ToolchainDirs);
}

bool OwnedFiles::ownsDependency(llvm::StringRef Path) const {
  return Dependencies || llvm::is_contained(DependencyFiles, Path);
}

std::string OwnedFiles::key() const {
  std::string Key;
  for (const std::string &R : Roots)
    Key += R + '\n';
  if (Dependencies) {
    Key += "dependencies\n";
    for (const std::string &D : ToolchainDirs)
      Key += D + '\n';
  }
  for (const std::string &F : DependencyFiles)
    Key += "dependency " + F + '\n';
  return Key;
}

std::string canonicalDirectory(llvm::StringRef Dir) {
  llvm::SmallString<256> Real;
  std::string Out =
      llvm::sys::fs::real_path(Dir, Real) ? Dir.str() : Real.str().str();
  if (!llvm::StringRef(Out).ends_with("/"))
    Out += '/';
  return Out;
}

std::vector<std::string> toolchainDirectories(llvm::StringRef CudaPath) {
  std::vector<std::string> Out;
  if (!CudaPath.empty())
    Out.push_back(canonicalDirectory(CudaPath));
  // /usr/include holds the C library and libstdc++, GCC keeps omp.h and
  // the like under /usr/lib/gcc, Clang its CUDA wrappers in its resource
  // directory. A library the user installs goes to /usr/local or a prefix
  // of its own, and is a dependency.
  for (llvm::StringRef Dir :
       {llvm::StringRef("/usr/include"), llvm::StringRef("/usr/lib/gcc"),
        llvm::StringRef(clangResourceDir())})
    if (llvm::sys::fs::is_directory(Dir))
      Out.push_back(canonicalDirectory(Dir));
  return Out;
}

/// The files the run may edit: under the project root \p Root and the
/// other --in-root directories, and with --lower-dependencies the headers
/// of the libraries the sources use.
llvm::Expected<OwnedFiles> ownedFilesFor(const ToolOptions &Opts,
                                         const std::string &Root,
                                         llvm::StringRef CudaPath,
                                         llvm::vfs::FileSystem &FS) {
  OwnedFiles Owned;
  Owned.Roots.push_back(Root);
  for (const std::string &Dir : Opts.MoreRoots) {
    auto More = findProjectRoot(Dir, "", FS);
    if (!More)
      return More.takeError();
    Owned.Roots.push_back(canonicalDirectory(*More));
  }
  Owned.Dependencies = Opts.LowerDependencies;
  for (const std::string &Header : Opts.DependencyHeaders) {
    llvm::SmallString<256> Real;
    if (FS.getRealPath(Header, Real))
      return llvm::createStringError("cannot resolve '" + Header + "'");
    Owned.DependencyFiles.push_back(std::string(Real));
  }
  Owned.ToolchainDirs = toolchainDirectories(CudaPath);
  if (Opts.LowerDependencies && Opts.Mode != OutputMode::OutRoot &&
      Opts.Mode != OutputMode::Overlay)
    return llvm::createStringError(
        "--lower-dependencies needs --out-root: the libraries' headers are "
        "lowered into a copy, never where they are installed (to edit one "
        "in place, name its directory with a second --in-root)");
  return Owned;
}

} // namespace cudalower

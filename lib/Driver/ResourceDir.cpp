//===--- ResourceDir.cpp - Where Clang's resource headers are -------------===//

#include "Driver/ResourceDir.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace cudalower {

std::string resourceDirBeside(llvm::StringRef Executable,
                              llvm::StringRef Fallback) {
  namespace path = llvm::sys::path;
  // <prefix>/bin/tool: the prefix is two levels up.
  llvm::SmallString<256> Dir = path::parent_path(path::parent_path(Executable));
  path::append(Dir, CUDALOWER_RESOURCE_INSTALL_DIR);
  // The header every CUDA parse includes first (-include, from the
  // driver): a directory without it is no resource directory of ours.
  llvm::SmallString<256> Probe = Dir;
  path::append(Probe, "include", "__clang_cuda_runtime_wrapper.h");
  if (llvm::sys::fs::exists(Probe))
    return std::string(Dir);
  return Fallback.str();
}

const std::string &clangResourceDir() {
  // /proc/self/exe on Linux: the real file, whatever symlink or PATH entry
  // started it, so a symlink in /usr/local/bin to a package finds the
  // package's headers. (argv[0] is only read where /proc is missing.)
  static int Anchor;
  static const std::string Dir = resourceDirBeside(
      llvm::sys::fs::getMainExecutable("", &Anchor),
      CUDALOWER_CLANG_RESOURCE_DIR);
  return Dir;
}

} // namespace cudalower

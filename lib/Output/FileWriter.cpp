//===--- FileWriter.cpp - Writing files without ever half-writing ---------===//

#include "Output/FileWriter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalower {

llvm::Error writeFileAtomically(llvm::StringRef Path,
                                llvm::StringRef Contents) {
  llvm::SmallString<256> Model(Path);
  Model += ".cuda-lower-%%%%%%";
  int FD;
  llvm::SmallString<256> TempPath;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, TempPath))
    return llvm::createStringError(EC, "cannot create a temporary file next "
                                       "to '" + Path + "': " + EC.message());
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      llvm::sys::fs::remove(TempPath);
      return llvm::createStringError(EC, "cannot write '" + TempPath +
                                             "': " + EC.message());
    }
  }
  llvm::ErrorOr<llvm::sys::fs::perms> Perms =
      llvm::sys::fs::getPermissions(Path);
  if (Perms)
    llvm::sys::fs::setPermissions(TempPath, *Perms);
  if (std::error_code EC = llvm::sys::fs::rename(TempPath, Path)) {
    llvm::sys::fs::remove(TempPath);
    return llvm::createStringError(EC, "cannot replace '" + Path +
                                           "': " + EC.message());
  }
  return llvm::Error::success();
}

} // namespace cudalower

//===--- Ownership.cpp - Which files are the user's own -------------------===//

#include "Engine/Ownership.h"
#include "llvm/Support/FileSystem.h"

using namespace clang;

namespace cudalower {

bool FileOwnership::isOwned(const SourceManager &SM, SourceLocation Loc) {
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  if (FileLoc.isInvalid() || SM.isInSystemHeader(FileLoc))
    return false;
  FileID FID = SM.getFileID(FileLoc);
  auto [It, Inserted] = Cache.try_emplace(FID, false);
  if (Inserted) {
    if (auto Entry = SM.getFileEntryRefForID(FID)) {
      llvm::SmallString<256> Real;
      if (!llvm::sys::fs::real_path(Entry->getName(), Real))
        It->second = llvm::StringRef(Real).starts_with(Root);
    }
  }
  return It->second;
}

std::string canonicalPathOf(const SourceManager &SM, SourceLocation Loc) {
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  if (FileLoc.isInvalid())
    return "";
  auto Entry = SM.getFileEntryRefForID(SM.getFileID(FileLoc));
  if (!Entry)
    return "";
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Entry->getName(), Real))
    return Entry->getName().str();
  return std::string(Real);
}

} // namespace cudalower

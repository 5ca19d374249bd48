//===--- Ownership.cpp - Which files are the user's own -------------------===//

#include "Engine/Ownership.h"
#include "clang/Basic/FileManager.h"

using namespace clang;

namespace cudalower {

FileOwnership::Kind FileOwnership::kindOf(const SourceManager &SM,
                                          FileID FID) {
  auto [It, Inserted] = Cache.try_emplace(FID, Kind::Other);
  if (Inserted)
    if (auto Entry = SM.getFileEntryRefForID(FID)) {
      llvm::StringRef Path = SM.getFileManager().getCanonicalName(*Entry);
      It->second = Owned.isUnderRoot(Path)         ? Kind::Project
                   : Owned.isToolchainFile(Path)   ? Kind::Toolchain
                   : Owned.ownsDependency(Path)    ? Kind::Dependency
                                                   : Kind::Other;
    }
  return It->second;
}

bool FileOwnership::isOwned(const SourceManager &SM, SourceLocation Loc) {
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  if (FileLoc.isInvalid() || SM.isInSystemHeader(FileLoc))
    return false;
  Kind K = kindOf(SM, SM.getFileID(FileLoc));
  return K == Kind::Project || K == Kind::Dependency;
}

bool FileOwnership::isToolchainFile(const SourceManager &SM,
                                    SourceLocation Loc) {
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  return FileLoc.isValid() &&
         kindOf(SM, SM.getFileID(FileLoc)) == Kind::Toolchain;
}

bool FileOwnership::isOwnedDependency(const SourceManager &SM, FileID FID) {
  return kindOf(SM, FID) == Kind::Dependency;
}

std::string canonicalPathOf(const SourceManager &SM, SourceLocation Loc) {
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  if (FileLoc.isInvalid())
    return "";
  auto Entry = SM.getFileEntryRefForID(SM.getFileID(FileLoc));
  if (!Entry)
    return "";
  // Relative names resolve in the file system the parse read, whose working
  // directory is the compile command's.
  return SM.getFileManager().getCanonicalName(*Entry).str();
}

std::optional<llvm::StringRef> loadedTextOf(const SourceManager &SM,
                                            llvm::StringRef Path) {
  OptionalFileEntryRef File =
      SM.getFileManager().getOptionalFileRef(Path, /*OpenFile=*/false);
  if (!File)
    return std::nullopt;
  // By entry, not by name: FileEntryRef's == compares the files. A walk over
  // the files, not translateFile's over every source location entry.
  for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End;
       ++It)
    if (It->first == *File)
      return It->second->getBufferDataIfLoaded();
  return std::nullopt;
}

bool locateInFile(const SourceManager &SM, SourceLocation Loc, Diagnostic &D) {
  // Macro locations are shown where the macro is used, as clang-tidy does.
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  if (FileLoc.isInvalid())
    return false;
  D.File = canonicalPathOf(SM, FileLoc);
  auto [FID, Offset] = SM.getDecomposedLoc(FileLoc);
  D.Offset = Offset;
  D.Line = SM.getLineNumber(FID, Offset);
  D.Column = SM.getColumnNumber(FID, Offset);
  if (Loc.isMacroID()) {
    SourceLocation Spelling = SM.getSpellingLoc(Loc);
    D.MacroSpelling = canonicalPathOf(SM, Spelling) + ":" +
                      std::to_string(SM.getFileOffset(Spelling));
  }
  llvm::StringRef Buffer = SM.getBufferData(FID);
  // StringRef::rfind looks strictly before its second argument.
  size_t Start = Buffer.rfind('\n', Offset);
  Start = Start == llvm::StringRef::npos ? 0 : Start + 1;
  size_t End = Buffer.find_first_of("\r\n", Offset);
  D.SourceLine = Buffer.slice(Start, End).str();
  return true;
}

} // namespace cudalower

//===--- DependencyCopy.cpp - Lowered library headers in the out-root -----===//

#include "Output/DependencyCopy.h"
#include "Output/DiagnosticPrinter.h"
#include "Output/OutRoot.h"
#include "cudalower/Options.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <map>

namespace cudalower {

std::string dependencyCopyOf(llvm::StringRef OutRoot, llvm::StringRef Dir) {
  llvm::SmallString<256> Out(OutRoot);
  llvm::sys::path::append(Out, DependencyDirName, Dir);
  return std::string(Out);
}

std::string includeDirectoryOf(llvm::StringRef File,
                               llvm::ArrayRef<std::string> IncludeDirs) {
  std::string Best;
  for (const std::string &Dir : IncludeDirs)
    if (File.starts_with(Dir) && Dir.size() > Best.size())
      Best = Dir;
  if (Best.empty())
    Best = llvm::sys::path::parent_path(File).str() + "/";
  return Best;
}

namespace {

/// Copies the regular files under \p Dir (trailing separator) into its
/// mirror, except those in \p Skip and version-control folders.
llvm::Error copyDirectory(llvm::StringRef Dir, llvm::StringRef OutRoot,
                          const llvm::StringSet<> &Skip) {
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Dir.drop_back(), EC),
       End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Path = It->path();
    llvm::StringRef Name = llvm::sys::path::filename(Path);
    if (It->type() == llvm::sys::fs::file_type::directory_file) {
      if (Name == ".git" || Name == ".hg" || Name == ".svn")
        It.no_push();
      continue;
    }
    if (It->type() != llvm::sys::fs::file_type::regular_file ||
        Skip.contains(Path))
      continue;
    auto Text = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false);
    if (!Text)
      return llvm::createStringError(Path + ": " + Text.getError().message());
    if (llvm::Error E = writeCopy(dependencyCopyOf(OutRoot, Path),
                                  (*Text)->getBuffer(), Path))
      return E;
  }
  if (EC)
    return llvm::createStringError(Dir + ": " + EC.message());
  return llvm::Error::success();
}

} // namespace

int writeDependencyCopies(const std::vector<const RewrittenFile *> &Files,
                          llvm::ArrayRef<std::string> IncludeDirs,
                          llvm::StringRef OutRoot, llvm::raw_ostream &Err) {
  llvm::StringSet<> Edited;
  std::map<std::string, unsigned> EditsPerDir; // ordered: stable output
  for (const RewrittenFile *R : Files) {
    Edited.insert(R->Path);
    ++EditsPerDir[includeDirectoryOf(R->Path, IncludeDirs)];
  }
  for (const RewrittenFile *R : Files)
    if (llvm::Error E = writeCopy(dependencyCopyOf(OutRoot, R->Path), R->New,
                                  R->Path)) {
      Err << "cuda-lower: error: " << llvm::toString(std::move(E)) << '\n';
      return UsageError;
    }
  for (const auto &[Dir, Count] : EditsPerDir)
    if (llvm::Error E = copyDirectory(Dir, OutRoot, Edited)) {
      Err << "cuda-lower: error: " << llvm::toString(std::move(E)) << '\n';
      return UsageError;
    }
  Err << "cuda-lower: note: " << Files.size()
      << " header(s) outside the project root lowered into "
      << displayPath(dependencyCopyOf(OutRoot, "")) << ", each with its "
      << "include directory; build with these ahead of the originals:";
  for (const auto &[Dir, Count] : EditsPerDir)
    Err << " -I"
        << llvm::StringRef(displayPath(dependencyCopyOf(OutRoot, Dir)))
               .rtrim('/');
  Err << '\n';
  return Success;
}

} // namespace cudalower

//===--- OutRoot.cpp - A migrated copy of the project tree ----------------===//

#include "Output/OutRoot.h"
#include "Output/DependencyCopy.h"
#include "Output/DiagnosticPrinter.h"
#include "Output/FileWriter.h"
#include "cudalower/Options.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <climits>
#include <unistd.h>

namespace cudalower {

std::string outRootPathOf(llvm::StringRef File, llvm::StringRef Root,
                          llvm::StringRef OutRoot) {
  if (!File.starts_with(Root))
    return "";
  llvm::SmallString<256> Out(OutRoot);
  llvm::sys::path::append(Out, File.drop_front(Root.size()));
  return std::string(Out);
}

/// \p Path made absolute and real as far as it exists (the out-root itself
/// may not exist yet).
static std::string resolved(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Abs, Real))
    return std::string(Real);
  return std::string(Abs);
}

llvm::Error checkOutRoot(llvm::StringRef OutRoot, llvm::StringRef Root) {
  std::string Out = resolved(OutRoot) + "/";
  if (Out == Root)
    return llvm::createStringError(
        "--out-root '" + OutRoot +
        "' is the project root: the copy would overwrite the originals (use "
        "-i to rewrite them in place)");
  if (llvm::StringRef(Root).starts_with(Out))
    return llvm::createStringError(
        "--out-root '" + OutRoot + "' holds the project root '" +
        llvm::StringRef(Root).drop_back() +
        "': the copy could overwrite the originals");
  return llvm::Error::success();
}

llvm::Error writeCopy(llvm::StringRef To, llvm::StringRef Text,
                      llvm::StringRef Model) {
  if (std::error_code EC = llvm::sys::fs::create_directories(
          llvm::sys::path::parent_path(To)))
    return llvm::createStringError(llvm::sys::path::parent_path(To) + ": " +
                                   EC.message());
  if (llvm::Error E = writeFileAtomically(To, Text))
    return E;
  llvm::ErrorOr<llvm::sys::fs::perms> Perms =
      llvm::sys::fs::getPermissions(Model);
  if (Perms)
    llvm::sys::fs::setPermissions(To, *Perms);
  return llvm::Error::success();
}

namespace {

/// Makes \p To a symbolic link with the target of the link \p Link (a
/// relative target then points into the copy), replacing what was there
/// atomically.
llvm::Error copyLink(llvm::StringRef Link, llvm::StringRef To) {
  char Target[PATH_MAX];
  ssize_t Size = ::readlink(Link.str().c_str(), Target, sizeof(Target));
  if (Size < 0 || Size == static_cast<ssize_t>(sizeof(Target)))
    return llvm::createStringError(Link + ": cannot read the link");
  if (std::error_code EC = llvm::sys::fs::create_directories(
          llvm::sys::path::parent_path(To)))
    return llvm::createStringError(llvm::sys::path::parent_path(To) + ": " +
                                   EC.message());
  std::string Temp = (To + ".cuda-lower-link").str();
  llvm::sys::fs::remove(Temp);
  std::error_code EC = llvm::sys::fs::create_link(
      llvm::StringRef(Target, static_cast<size_t>(Size)), Temp);
  if (!EC)
    EC = llvm::sys::fs::rename(Temp, To);
  if (EC) {
    llvm::sys::fs::remove(Temp);
    return llvm::createStringError(To + ": " + EC.message());
  }
  return llvm::Error::success();
}

/// Copies every file under \p Root (trailing separator) not in \p Written
/// to the out-root, skipping the out-root itself and version-control
/// folders: regular files with their permissions, symbolic links as links.
/// Other kinds (pipes, sockets, devices) are not copied; each gets a note.
llvm::Error copyUnchanged(llvm::StringRef Root, llvm::StringRef OutRoot,
                          const llvm::StringSet<> &Written,
                          llvm::raw_ostream &Err) {
  std::string OutDir = resolved(OutRoot);
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator
           It(Root.drop_back(), EC, /*follow_symlinks=*/false),
       End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Path = It->path();
    llvm::StringRef Name = llvm::sys::path::filename(Path);
    if (It->type() == llvm::sys::fs::file_type::directory_file) {
      if (Name == ".git" || Name == ".hg" || Name == ".svn" ||
          resolved(Path) == OutDir)
        It.no_push();
      continue;
    }
    if (Written.contains(Path))
      continue;
    if (It->type() == llvm::sys::fs::file_type::symlink_file) {
      if (llvm::Error E = copyLink(Path, outRootPathOf(Path, Root, OutRoot)))
        return E;
      continue;
    }
    if (It->type() != llvm::sys::fs::file_type::regular_file) {
      Err << "cuda-lower: note: " << displayPath(Path)
          << " is not a regular file, a directory or a symbolic link; it is "
             "not copied to the out-root\n";
      continue;
    }
    auto Text = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false);
    if (!Text)
      return llvm::createStringError(Path + ": " + Text.getError().message());
    if (llvm::Error E = writeCopy(outRootPathOf(Path, Root, OutRoot),
                                  (*Text)->getBuffer(), Path))
      return E;
  }
  if (EC)
    return llvm::createStringError(Root + ": " + EC.message());
  return llvm::Error::success();
}

} // namespace

int writeOutRoot(const std::vector<RewrittenFile> &Files, llvm::StringRef Root,
                 llvm::StringRef OutRoot, bool CopyAll,
                 llvm::ArrayRef<std::string> IncludeDirs,
                 const llvm::StringSet<> &Kept, llvm::raw_ostream &Err) {
  llvm::StringSet<> Written = Kept;
  auto Fail = [&](llvm::Error E) {
    Err << "cuda-lower: error: " << llvm::toString(std::move(E)) << '\n';
    return UsageError;
  };
  std::vector<const RewrittenFile *> Outside;
  for (const RewrittenFile &R : Files) {
    std::string To = outRootPathOf(R.Path, Root, OutRoot);
    if (To.empty()) {
      Outside.push_back(&R); // a library's header (DependencyCopy.h)
      continue;
    }
    if (llvm::Error E = writeCopy(To, R.New, R.Path))
      return Fail(std::move(E));
    Written.insert(R.Path);
  }
  if (CopyAll)
    if (llvm::Error E = copyUnchanged(Root, OutRoot, Written, Err))
      return Fail(std::move(E));
  if (Outside.empty())
    return Success;
  return writeDependencyCopies(Outside, IncludeDirs, OutRoot, Err);
}

} // namespace cudalower

//===--- FileWriter.cpp - Writing files without ever half-writing ---------===//
//
// POSIX only (flock, fchown, the xattr calls), like the rest of the tool's
// supported platforms. See docs/reliability.md for what each step protects.
//
//===----------------------------------------------------------------------===//

#include "Output/FileWriter.h"
#include "Output/DiagnosticPrinter.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

namespace cudalower {

char FileChangedError::ID;

void FileChangedError::log(llvm::raw_ostream &OS) const {
  OS << displayPath(Path)
     << " changed while it was being rewritten; not written";
}

std::error_code FileChangedError::convertToErrorCode() const {
  return std::make_error_code(std::errc::resource_unavailable_try_again);
}

namespace {

llvm::Error errnoError(const llvm::Twine &What, llvm::StringRef Path,
                       int Errno = errno) {
  std::error_code EC(Errno, std::generic_category());
  return llvm::createStringError(EC, What + " '" + displayPath(Path) +
                                         "': " + EC.message());
}

/// Test-only: runs the shell command in the environment variable \p Var,
/// if set, so that tests can change or signal a run at an exact point
/// (see docs/reliability.md). Not an interface for users.
void runTestHook(const char *Var) {
  std::optional<std::string> Cmd = llvm::sys::Process::GetEnv(Var);
  if (!Cmd || Cmd->empty())
    return;
  llvm::sys::ExecuteAndWait("/bin/sh", {"sh", "-c", *Cmd});
}

/// Closes a file descriptor (and so releases its flock) when it goes.
class FdCloser {
public:
  explicit FdCloser(int FD = -1) : FD(FD) {}
  FdCloser(const FdCloser &) = delete;
  FdCloser &operator=(const FdCloser &) = delete;
  ~FdCloser() {
    if (FD >= 0)
      ::close(FD);
  }
  int get() const { return FD; }

private:
  int FD;
};

/// Opens \p Path and takes an exclusive flock on it. Another run may replace
/// the file while this one waits for the lock; the lock on the replaced
/// inode would guard nothing, so the open is retried until the locked file
/// is the one at \p Path. \returns -1 with errno set on failure.
int openLocked(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  for (;;) {
    int FD = ::open(P.c_str(), O_RDONLY | O_CLOEXEC);
    if (FD < 0)
      return -1;
    int Rc;
    do
      Rc = ::flock(FD, LOCK_EX);
    while (Rc != 0 && errno == EINTR);
    if (Rc != 0) {
      int Saved = errno;
      ::close(FD);
      errno = Saved;
      return -1;
    }
    struct stat Locked, Now;
    if (::fstat(FD, &Locked) == 0 && ::stat(P.c_str(), &Now) == 0 &&
        Locked.st_dev == Now.st_dev && Locked.st_ino == Now.st_ino)
      return FD;
    // Replaced (or removed) while we waited: lock what is there now.
    ::close(FD);
  }
}

/// True if the file open at \p FD holds exactly \p Expected.
bool holdsText(int FD, llvm::StringRef Expected) {
  struct stat St;
  if (::fstat(FD, &St) != 0 || static_cast<uint64_t>(St.st_size) !=
                                    static_cast<uint64_t>(Expected.size()))
    return false;
  std::string Buffer(64 * 1024, '\0');
  off_t Offset = 0;
  for (;;) {
    ssize_t N = ::pread(FD, Buffer.data(), Buffer.size(), Offset);
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      return false;
    if (N == 0)
      return static_cast<size_t>(Offset) == Expected.size();
    if (static_cast<size_t>(Offset + N) > Expected.size() ||
        Expected.substr(Offset, N) != llvm::StringRef(Buffer.data(), N))
      return false;
    Offset += N;
  }
}

/// Gives the file open at \p To the owner, group, mode and extended
/// attributes (ACLs are the system.posix_acl_* ones) of the one at \p From.
/// Owner first: chown clears the set-id bits that chmod then restores.
llvm::Error copyMetadata(int From, int To, llvm::StringRef Path) {
  struct stat St;
  if (::fstat(From, &St) != 0)
    return errnoError("cannot read the attributes of", Path);
  // Only root may give a file away; for others the new file keeps their
  // owner, as with any editor that writes by renaming.
  if (::fchown(To, St.st_uid, St.st_gid) != 0 && errno != EPERM)
    return errnoError("cannot keep the owner of", Path);
  if (::fchmod(To, St.st_mode & 07777) != 0)
    return errnoError("cannot keep the permissions of", Path);
  ssize_t Size = ::flistxattr(From, nullptr, 0);
  if (Size < 0)
    return errno == ENOTSUP ? llvm::Error::success()
                            : errnoError("cannot list the attributes of", Path);
  std::string Names(Size, '\0');
  Size = ::flistxattr(From, Names.data(), Names.size());
  if (Size < 0)
    return errnoError("cannot list the attributes of", Path);
  Names.resize(Size);
  for (llvm::StringRef Rest = Names; !Rest.empty();) {
    auto [Name, Tail] = Rest.split('\0');
    Rest = Tail;
    std::string N = Name.str();
    ssize_t Len = ::fgetxattr(From, N.c_str(), nullptr, 0);
    std::string Value(Len > 0 ? Len : 0, '\0');
    if (Len < 0 ||
        (Len = ::fgetxattr(From, N.c_str(), Value.data(), Value.size())) < 0)
      return errnoError("cannot read attribute " + N + " of", Path);
    if (::fsetxattr(To, N.c_str(), Value.data(), Len, 0) != 0)
      return errnoError("cannot keep attribute " + N + " of", Path);
  }
  return llvm::Error::success();
}

/// Writes all of \p Contents to \p FD, which stays open.
llvm::Error writeAll(int FD, llvm::StringRef Contents, llvm::StringRef Path) {
  llvm::raw_fd_ostream OS(FD, /*shouldClose=*/false);
  OS << Contents;
  OS.flush();
  if (!OS.has_error())
    return llvm::Error::success();
  std::error_code EC = OS.error();
  OS.clear_error();
  return llvm::createStringError(EC, "cannot write '" + displayPath(Path) +
                                         "': " + EC.message());
}

/// Writes to a device, a pipe or a socket as a stream: replacing one with a
/// regular file would break the system (`-o /dev/null` as root).
llvm::Error streamTo(llvm::StringRef Path, llvm::StringRef Contents) {
  llvm::SmallString<256> P(Path);
  FdCloser FD(::open(P.c_str(), O_WRONLY | O_CLOEXEC));
  if (FD.get() < 0)
    return errnoError("cannot open", Path);
  return writeAll(FD.get(), Contents, Path);
}

/// Creates a new file from \p Model (see createUniquePath), registered for
/// removal on SIGINT/SIGTERM/SIGHUP *before* it exists: registered after,
/// a signal in between would leave it behind (and the first registration
/// is what installs LLVM's handlers). A name that turns out to be taken is
/// unregistered and another one tried; a signal in that instant could
/// remove another run's temporary file of the same random name, which makes
/// that run fail its rename and report it, never lose a file.
/// \returns the descriptor, or -1 with errno set.
int createRegisteredTemporary(llvm::StringRef Model,
                              llvm::SmallVectorImpl<char> &Temp) {
  for (int Attempt = 0; Attempt < 128; ++Attempt) {
    llvm::sys::fs::createUniquePath(Model, Temp, /*MakeAbsolute=*/false);
    llvm::StringRef TempPath(Temp.data(), Temp.size());
    llvm::sys::RemoveFileOnSignal(TempPath);
    std::string Name = TempPath.str();
    int FD = ::open(Name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                    0666);
    if (FD >= 0)
      return FD;
    int Saved = errno;
    llvm::sys::DontRemoveFileOnSignal(TempPath);
    errno = Saved;
    if (Saved != EEXIST)
      return -1;
  }
  errno = EEXIST;
  return -1;
}

/// Writes \p Contents to a new temporary file next to \p Path, removed on
/// SIGINT/SIGTERM/SIGHUP; it is named short so that a file name near the
/// system's limit still leaves room for it.
llvm::Error writeTemporary(llvm::StringRef Path, llvm::StringRef Contents,
                           int LockedOld, llvm::SmallVectorImpl<char> &Temp) {
  llvm::SmallString<256> Model(llvm::sys::path::parent_path(Path));
  llvm::sys::path::append(Model, ".cl-%%%%%%%%.tmp");
  FdCloser FD(createRegisteredTemporary(Model, Temp));
  if (FD.get() < 0)
    return errnoError("cannot create a temporary file next to", Path);
  llvm::StringRef TempPath(Temp.data(), Temp.size());
  runTestHook("CUDALOWER_TEST_HOOK_TEMPORARY_CREATED");
  llvm::Error E = writeAll(FD.get(), Contents, TempPath);
  if (!E && LockedOld >= 0)
    E = copyMetadata(LockedOld, FD.get(), Path);
  if (E) {
    llvm::sys::fs::remove(TempPath);
    llvm::sys::DontRemoveFileOnSignal(TempPath);
  }
  return E;
}

/// Replaces the regular file (or creates the file) \p Path, as
/// writeFileAtomically describes.
llvm::Error replaceFile(llvm::StringRef Path, llvm::StringRef Contents,
                        std::optional<llvm::StringRef> Expected) {
  runTestHook("CUDALOWER_TEST_HOOK_BEFORE_LOCK");
  FdCloser Old(openLocked(Path));
  if (Old.get() < 0 && (errno != ENOENT || Expected))
    return errno == ENOENT ? llvm::make_error<FileChangedError>(Path.str())
                           : errnoError("cannot open", Path);
  if (Old.get() >= 0) {
    if (Expected && !holdsText(Old.get(), *Expected))
      return llvm::make_error<FileChangedError>(Path.str());
    struct stat St;
    if (::fstat(Old.get(), &St) == 0 && St.st_nlink > 1)
      return llvm::createStringError(
          "'" + displayPath(Path) + "' has " + llvm::Twine(St.st_nlink) +
          " hard links; not written (replacing it would break them; copy it "
          "to a file of its own first)");
  }
  llvm::SmallString<256> Temp;
  if (llvm::Error E = writeTemporary(Path, Contents, Old.get(), Temp))
    return E;
  runTestHook("CUDALOWER_TEST_HOOK_BEFORE_RENAME");
  std::error_code EC = llvm::sys::fs::rename(Temp, Path);
  if (EC)
    llvm::sys::fs::remove(Temp);
  llvm::sys::DontRemoveFileOnSignal(Temp);
  if (EC)
    return llvm::createStringError(EC, "cannot replace '" + displayPath(Path) +
                                           "': " + EC.message());
  return llvm::Error::success();
}

} // namespace

llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Contents,
                                std::optional<llvm::StringRef> Expected) {
  llvm::SmallString<256> Target(Path);
  struct stat St;
  bool Exists = ::lstat(Target.c_str(), &St) == 0;
  if (Exists && S_ISLNK(St.st_mode)) {
    // Written through: the link is the user's, the text goes where it points.
    if (llvm::sys::fs::real_path(Path, Target))
      return llvm::createStringError(
          "'" + displayPath(Path) +
          "' is a symbolic link to a missing file; not written");
    Exists = ::stat(Target.c_str(), &St) == 0;
  }
  if (Exists && !S_ISREG(St.st_mode))
    return streamTo(Target, Contents);
  return replaceFile(Target, Contents, Expected);
}

} // namespace cudalower

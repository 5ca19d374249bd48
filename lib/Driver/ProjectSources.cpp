//===--- ProjectSources.cpp - The sources a compile database names --------===//

#include "Driver/ProjectSources.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace cudalower {

/// The language a `-x` option of \p Args names, "" if none.
static llvm::StringRef languageOf(llvm::ArrayRef<std::string> Args) {
  llvm::StringRef Lang;
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if ((A == "-x" || A == "--x") && I + 1 < Args.size())
      Lang = Args[++I];
    else if (A.consume_front("--x=") || A.consume_front("-x"))
      Lang = A;
  }
  return Lang;
}

bool isCudaEntry(const clang::tooling::CompileCommand &C) {
  if (llvm::sys::path::extension(C.Filename) == ".cu")
    return true;
  llvm::StringRef Lang = languageOf(C.CommandLine);
  if (Lang == "cu" || Lang == "cuda")
    return true;
  return !C.CommandLine.empty() &&
         llvm::sys::path::stem(C.CommandLine.front()) == "nvcc";
}

/// \p C's file, absolute (relative to its directory) and without dots.
static std::string absoluteFileOf(const clang::tooling::CompileCommand &C) {
  llvm::SmallString<256> Path(C.Filename);
  llvm::sys::path::make_absolute(C.Directory, Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real))
    return std::string(Real);
  return std::string(Path);
}

static bool isUnder(llvm::StringRef File, llvm::ArrayRef<std::string> Dirs) {
  for (const std::string &Dir : Dirs)
    if (File.starts_with(Dir) && File.size() > Dir.size() &&
        llvm::sys::path::is_separator(File[Dir.size()]))
      return true;
  return Dirs.empty();
}

std::vector<std::string>
cudaSourcesOf(const clang::tooling::CompilationDatabase &DB,
              llvm::ArrayRef<std::string> UnderDirs) {
  std::vector<std::string> Out;
  llvm::StringSet<> Seen;
  for (const clang::tooling::CompileCommand &C : DB.getAllCompileCommands()) {
    if (!isCudaEntry(C))
      continue;
    std::string File = absoluteFileOf(C);
    if (isUnder(File, UnderDirs) && Seen.insert(File).second)
      Out.push_back(std::move(File));
  }
  return Out;
}

llvm::Expected<std::vector<std::string>>
selectSources(const std::vector<std::string> &Named,
              const clang::tooling::CompilationDatabase *DB,
              llvm::StringRef DatabasePath) {
  if (!DB)
    return Named;
  std::vector<std::string> Files, Dirs;
  for (const std::string &N : Named) {
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::is_directory(N) && !llvm::sys::fs::real_path(N, Real))
      Dirs.push_back(std::string(Real));
    else
      Files.push_back(N);
  }
  if (!Named.empty() && Dirs.empty())
    return Files;
  std::vector<std::string> Entries = cudaSourcesOf(*DB, Dirs);
  if (Entries.empty() && Files.empty())
    return llvm::createStringError(
        DatabasePath + ": no CUDA entry" +
        (Dirs.empty() ? std::string() : " under the directories named") +
        " (a .cu file, `-x cu` or an nvcc command); name the sources to "
        "process");
  Files.insert(Files.end(), Entries.begin(), Entries.end());
  return Files;
}

} // namespace cudalower

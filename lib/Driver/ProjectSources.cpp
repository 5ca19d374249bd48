//===--- ProjectSources.cpp - The sources a compile database names --------===//

#include "Driver/ProjectSources.h"
#include "Driver/NvccFlags.h"
#include "Output/DiagnosticPrinter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace cudalower {

/// The language the last `-x` option of \p Args names, "" if none.
static llvm::StringRef languageOf(llvm::ArrayRef<std::string> Args) {
  llvm::StringRef Lang;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if ((A == "-x" || A == "--x") && I + 1 < Args.size())
      Lang = Args[++I];
    else if (A.consume_front("--x=") || A.consume_front("-x"))
      Lang = A;
  }
  return Lang;
}

CudaSign cudaSignOf(const clang::tooling::CompileCommand &C) {
  if (llvm::sys::path::extension(C.Filename) == ".cu")
    return CudaSign::CuSource;
  if (C.CommandLine.empty())
    return CudaSign::None;
  llvm::ArrayRef<std::string> Argv(C.CommandLine);
  Argv = Argv.drop_front(compilerIndexOf(Argv));
  llvm::ArrayRef<std::string> Args = Argv.drop_front();
  llvm::StringRef Lang = languageOf(Args);
  if (Lang == "cu" || Lang == "cuda")
    return CudaSign::CudaLanguage;
  if (llvm::sys::path::stem(Argv.front()) == "nvcc")
    return CudaSign::Nvcc;
  // A script over nvcc adds `-x cu` itself; one that says another language
  // compiles none.
  if (Lang.empty() && !cudaOnlyFlagIn(Args).empty())
    return CudaSign::CudaFlag;
  return CudaSign::None;
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
              llvm::ArrayRef<std::string> UnderDirs,
              std::vector<std::string> *Skipped) {
  std::vector<std::string> Out, Others;
  llvm::StringSet<> Seen;
  for (const clang::tooling::CompileCommand &C : DB.getAllCompileCommands()) {
    std::string File = absoluteFileOf(C);
    if (!isUnder(File, UnderDirs))
      continue;
    if (!isCudaEntry(C))
      Others.push_back(std::move(File));
    else if (Seen.insert(File).second)
      Out.push_back(std::move(File));
  }
  if (Skipped)
    // A file with a CUDA entry and a host one (built twice) is processed.
    for (std::string &File : Others)
      if (Seen.insert(File).second)
        Skipped->push_back(std::move(File));
  return Out;
}

/// "skipped 3 entries that compile no CUDA (...): a.cpp, b.cpp, c.cpp": the
/// count, why, and the first few files as shown to the user.
static std::string skippedSummary(llvm::ArrayRef<std::string> Skipped) {
  const size_t Shown = 3;
  std::string Out = "skipped " + std::to_string(Skipped.size()) +
                    (Skipped.size() == 1 ? " entry that compiles"
                                         : " entries that compile") +
                    " no CUDA (no nvcc, no -x cu, no .cu source, no flag "
                    "only nvcc takes such as -arch=sm_80): ";
  for (size_t I = 0; I < Skipped.size() && I < Shown; ++I)
    Out += (I ? ", " : "") + displayPath(Skipped[I]);
  if (Skipped.size() > Shown)
    Out += " and " + std::to_string(Skipped.size() - Shown) + " more";
  return Out;
}

llvm::Expected<std::vector<std::string>>
selectSources(const std::vector<std::string> &Named,
              const clang::tooling::CompilationDatabase *DB,
              llvm::StringRef DatabasePath, std::string *Note) {
  if (Note)
    Note->clear();
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
  std::vector<std::string> Skipped;
  std::vector<std::string> Entries = cudaSourcesOf(*DB, Dirs, &Skipped);
  if (Entries.empty() && Files.empty())
    return llvm::createStringError(
        DatabasePath + ": no CUDA entry" +
        (Dirs.empty() ? std::string() : " under the directories named") +
        (Skipped.empty() ? std::string(" (a .cu file, `-x cu`, nvcc or a "
                                       "flag only nvcc takes)")
                         : ": " + skippedSummary(Skipped)) +
        "; name the sources to process");
  if (Note && !Skipped.empty())
    *Note = "cuda-lower: note: " + DatabasePath.str() + ": " +
            skippedSummary(Skipped) + "\n";
  Files.insert(Files.end(), Entries.begin(), Entries.end());
  return Files;
}

llvm::Expected<Shard> parseShard(llvm::StringRef Text) {
  auto [K, N] = Text.split('/');
  Shard S;
  if (K.trim().getAsInteger(10, S.Index) ||
      N.trim().getAsInteger(10, S.Count) || S.Index == 0 || S.Index > S.Count)
    return llvm::createStringError(
        "--shard '" + Text +
        "' is not K/N with 1 <= K <= N (run K of N, e.g. --shard 2/8)");
  return S;
}

std::vector<std::string> sourcesOfShard(std::vector<std::string> Sources,
                                        Shard S) {
  llvm::sort(Sources);
  Sources.erase(std::unique(Sources.begin(), Sources.end()), Sources.end());
  std::vector<std::string> Mine;
  for (size_t I = S.Index - 1; I < Sources.size(); I += S.Count)
    Mine.push_back(std::move(Sources[I]));
  return Mine;
}

llvm::Error takeShard(llvm::StringRef Spec, std::vector<std::string> &Sources,
                      std::string &Note) {
  if (Spec.empty() || Sources.empty())
    return llvm::Error::success();
  auto S = parseShard(Spec);
  if (!S)
    return S.takeError();
  size_t All = Sources.size();
  Sources = sourcesOfShard(std::move(Sources), *S);
  Note += "cuda-lower: shard " + Spec.str() + ": " +
          std::to_string(Sources.size()) + " of " + std::to_string(All) +
          " source(s)\n";
  return llvm::Error::success();
}

} // namespace cudalower

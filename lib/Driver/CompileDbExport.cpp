//===--- CompileDbExport.cpp - A compile database Clang tools read --------===//
//
// The translation is the one cuda-lower parses with (NvccFlags.cpp reads
// the nvcc command, CompilationSetup writes Clang's), so an exported entry
// sees the code exactly as cuda-lower does. Each nvcc entry becomes two: a
// host entry (--cuda-host-only) first, which clangd uses (it takes the first
// entry of a file), then a device entry (--cuda-device-only), which
// clang-tidy also checks (it runs every entry of a file). One entry with
// both passes would make Clang tooling pick one job and warn.
//
//===----------------------------------------------------------------------===//

#include "Driver/CompileDbExport.h"
#include "Output/FileWriter.h"
#include "cudalower/Migration.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalower {

bool isNvccEntry(const clang::tooling::CompileCommand &C) {
  if (C.CommandLine.empty())
    return false;
  llvm::StringRef Compiler = llvm::sys::path::filename(C.CommandLine.front());
  return Compiler.contains("nvcc") ||
         llvm::sys::path::extension(C.Filename) == ".cu";
}

std::vector<std::string> exportedCommand(const CompilationSetup &Setup,
                                         llvm::StringRef File,
                                         CompilationPass Pass) {
  std::vector<std::string> Args =
      Setup.commandFor(File, Pass, Semantics::WithNvccFlags);
  std::vector<std::string> Out;
  for (const std::string &A : Args) {
    llvm::StringRef S(A);
    // A Clang tool brings its own resource directory and chooses its own
    // action; -w would hide the warnings the user runs the tool for.
    if (S == "-fsyntax-only" || S == "-w" || S.starts_with("-resource-dir="))
      continue;
    Out.push_back(A);
  }
  // The file is last; compile it as a build would.
  Out.insert(Out.end() - 1, "-c");
  return Out;
}

llvm::json::Object databaseEntry(llvm::StringRef Directory,
                                 llvm::StringRef File,
                                 const std::vector<std::string> &Args) {
  llvm::json::Array Arguments;
  for (const std::string &A : Args)
    Arguments.push_back(A);
  // json::Value keeps a StringRef as a reference: copy the strings.
  return llvm::json::Object{{"directory", Directory.str()},
                            {"file", File.str()},
                            {"arguments", std::move(Arguments)}};
}

std::string clangdFragment(llvm::StringRef DatabaseDir) {
  return "# Written by cuda-lower --export-clangd: clangd reads the Clang "
         "spellings\n# of the nvcc commands from the exported database.\n"
         "CompileFlags:\n  CompilationDatabase: " +
         DatabaseDir.str() +
         "\n---\n# CUDA headers: parsed as CUDA, as the .cu files that "
         "include them.\nIf:\n  PathMatch: .*\\.cuh\nCompileFlags:\n  Add: "
         "[-xcuda]\n";
}

/// The entries of \p Db, nvcc ones translated (host, then device).
static llvm::Expected<llvm::json::Array>
exportedEntries(const ToolOptions &Opts,
                const clang::tooling::CompilationDatabase &Db) {
  auto Setup = CompilationSetup::create(Opts);
  if (!Setup)
    return Setup.takeError();
  llvm::json::Array Entries;
  for (const clang::tooling::CompileCommand &C : Db.getAllCompileCommands()) {
    llvm::SmallString<256> File(C.Filename);
    llvm::sys::path::make_absolute(C.Directory, File);
    if (!isNvccEntry(C)) {
      Entries.push_back(databaseEntry(C.Directory, File, C.CommandLine));
      continue;
    }
    if (llvm::Error E = (*Setup)->prepare({std::string(File)}))
      return E;
    for (CompilationPass Pass : {CompilationPass::Host, CompilationPass::Device})
      Entries.push_back(databaseEntry(C.Directory, File,
                                      exportedCommand(**Setup, File, Pass)));
  }
  return Entries;
}

int runExportCompileDb(const ToolOptions &Opts, const std::string &DbPath,
                       const std::string &ClangdPath, llvm::raw_ostream &Err) {
  auto Fail = [&](const llvm::Twine &Message) {
    Err << "cuda-lower: error: " << Message << '\n';
    return UsageError;
  };
  if (Opts.BuildPath.empty())
    return Fail("--export-compile-db needs -p BUILD: the nvcc database to "
                "translate");
  auto Db = loadBuildDatabase(Opts.BuildPath);
  if (!Db)
    return Fail(llvm::toString(Db.takeError()));
  auto Entries = exportedEntries(Opts, *Db->Database);
  if (!Entries)
    return Fail(llvm::toString(Entries.takeError()));
  // OUT may name the file or the directory to hold it, as -p does.
  llvm::SmallString<256> Out(DbPath);
  if (llvm::sys::fs::is_directory(Out))
    llvm::sys::path::append(Out, "compile_commands.json");
  std::string Text;
  llvm::raw_string_ostream(Text)
      << llvm::formatv("{0:2}", llvm::json::Value(std::move(*Entries))) << '\n';
  if (llvm::Error E = writeFileAtomically(Out, Text))
    return Fail(Out + ": " + llvm::toString(std::move(E)));
  if (ClangdPath.empty())
    return Success;
  llvm::SmallString<256> Dir(llvm::sys::path::parent_path(Out));
  llvm::sys::fs::make_absolute(Dir);
  if (llvm::Error E = writeFileAtomically(ClangdPath, clangdFragment(Dir)))
    return Fail(ClangdPath + ": " + llvm::toString(std::move(E)));
  return Success;
}

} // namespace cudalower

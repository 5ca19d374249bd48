//===--- Verify.cpp - cuda-lower verify -----------------------------------===//
//
// The flow: copy the project root to WORK/lowered, lower the copy in place
// (its compile database is the user's, paths moved to the copy) and migrate
// its build scripts; build each nvcc unit twice, the original with its own
// command and the copy's without the flags, each with `-Xptxas -v`; compare
// (BuildCompare.cpp); optionally run the user's command against both trees;
// write the report as text (stdout) and JSON.
//
//===----------------------------------------------------------------------===//

#include "Driver/CompileDbExport.h"
#include "Driver/CompilationSetup.h"
#include "Migration/BuildScripts.h"
#include "Output/FileWriter.h"
#include "Verify/BuildCompare.h"
#include "cudalower/Migration.h"
#include "cudalower/Tool.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>

extern char **environ;

namespace cudalower {
namespace {

/// \p S with every path under \p From (a whole path component) moved
/// under \p To.
std::string movePaths(llvm::StringRef S, llvm::StringRef From,
                      llvm::StringRef To) {
  std::string Out;
  for (size_t At; (At = S.find(From)) != llvm::StringRef::npos;) {
    size_t End = At + From.size();
    bool Whole = End == S.size() || S[End] == '/';
    Out += S.take_front(At).str() + (Whole ? To : From).str();
    S = S.drop_front(End);
  }
  return Out + S.str();
}

/// Copies \p From to \p To, leaving out hidden directories, build trees and
/// \p Skip (the work directory, when it lies inside).
llvm::Error copyTree(llvm::StringRef From, llvm::StringRef To,
                     llvm::StringRef Skip) {
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(From, EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Path = It->path();
    std::string Target = movePaths(Path, From, To);
    if (It->type() == llvm::sys::fs::file_type::directory_file) {
      llvm::SmallString<256> Cache(Path);
      llvm::sys::path::append(Cache, "CMakeCache.txt");
      if (llvm::sys::path::filename(Path).starts_with(".") ||
          llvm::sys::fs::exists(Cache) || llvm::sys::fs::equivalent(Path, Skip))
        It.no_push();
      else if (auto E = llvm::sys::fs::create_directories(Target))
        return llvm::createStringError(Target + ": " + E.message());
      continue;
    }
    if (It->type() != llvm::sys::fs::file_type::regular_file)
      continue;
    if (auto E = llvm::sys::fs::create_directories(
            llvm::sys::path::parent_path(Target)))
      return llvm::createStringError(Target + ": " + E.message());
    if (auto E = llvm::sys::fs::copy_file(Path, Target))
      return llvm::createStringError(Target + ": " + E.message());
  }
  return EC ? llvm::createStringError(From + ": " + EC.message())
            : llvm::Error::success();
}

std::string shellQuote(llvm::StringRef S) {
  std::string Out = "'";
  for (char C : S)
    Out += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Out + "'";
}

/// Runs the shell command \p Script, its output to \p Log, with \p Extra
/// added to the environment. \returns the exit code.
int runShell(const std::string &Script, llvm::StringRef Log, double &Seconds,
             const std::vector<std::string> &Extra = {}) {
  // The process's environment, less the variables \p Extra sets (the first
  // of two settings would win).
  std::vector<std::string> EnvStore(Extra.begin(), Extra.end());
  for (char **E = environ; *E; ++E) {
    llvm::StringRef Name = llvm::StringRef(*E).split('=').first;
    if (llvm::none_of(Extra, [&](const std::string &X) {
          return llvm::StringRef(X).split('=').first == Name;
        }))
      EnvStore.push_back(*E);
  }
  std::vector<llvm::StringRef> Env(EnvStore.begin(), EnvStore.end());
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, Log, Log};
  auto Start = std::chrono::steady_clock::now();
  int Code = llvm::sys::ExecuteAndWait("/bin/sh", {"sh", "-c", Script}, Env,
                                       Redirects);
  Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                          Start)
                .count();
  return Code;
}

std::string readText(llvm::StringRef Path) {
  auto B = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  return B ? (*B)->getBuffer().str() : std::string();
}

/// \p Argv with its output named \p Object and `-Xptxas -v` added; with
/// \p DropFlags, without the flags lowering makes unnecessary.
std::vector<std::string> buildCommand(std::vector<std::string> Argv,
                                      llvm::StringRef Object, bool DropFlags) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Argv.size(); ++I) {
    llvm::StringRef A = Argv[I];
    if ((A == "-o" || A == "--output-file") && I + 1 < Argv.size()) {
      ++I;
      continue;
    }
    if (A.starts_with("-o=") || A.starts_with("--output-file=") ||
        (DropFlags && isLoweredAwayFlag(A)))
      continue;
    Out.push_back(A.str());
  }
  for (const char *A : {"-Xptxas", "-v", "-o"})
    Out.push_back(A);
  Out.push_back(Object.str());
  return Out;
}

/// Builds \p Argv in \p Dir into \p Object and reads what came out.
BuildResult buildOne(llvm::StringRef Dir, const std::vector<std::string> &Argv,
                     llvm::StringRef Object) {
  BuildResult R;
  std::string Script = "cd " + shellQuote(Dir) + " && exec";
  for (const std::string &A : Argv)
    Script += " " + shellQuote(A);
  std::string Log = (Object + ".log").str();
  R.Built = runShell(Script, Log, R.Seconds) == 0;
  R.Log = readText(Log);
  if (!R.Built)
    return R;
  R.Registers = registersFromPtxasLog(R.Log);
  R.Kernels = kernelsFromPtxasLog(R.Log);
  llvm::sys::fs::file_size(Object, R.ObjectBytes);
  // Without SASS ptxas lists nothing; cuobjdump (when installed) reads the
  // object's symbols instead.
  std::string Symbols = (Object + ".symbols").str();
  double Ignored;
  if (R.Kernels.empty() && llvm::sys::findProgramByName("cuobjdump") &&
      runShell("cuobjdump -symbols " + shellQuote(Object), Symbols, Ignored) ==
          0)
    R.Kernels = kernelsFromCuobjdump(readText(Symbols));
  return R;
}

struct VerifyRun {
  const ToolOptions &Opts;
  const VerifyOptions &V;
  llvm::raw_ostream &Out, &Err;
  std::string Root, Copy, Work;

  int fail(const llvm::Twine &Message) {
    Err << "cuda-lower: error: verify: " << Message << '\n';
    return UsageError;
  }

  /// The user's database, paths moved into the copy, at WORK/lowered-db.
  llvm::Error writeCopyDatabase(const std::vector<clang::tooling::CompileCommand> &Cmds) {
    llvm::json::Array Entries;
    for (const auto &C : Cmds) {
      std::vector<std::string> Args;
      for (const std::string &A : C.CommandLine)
        Args.push_back(movePaths(A, Root, Copy));
      Entries.push_back(databaseEntry(movePaths(C.Directory, Root, Copy),
                                      movePaths(C.Filename, Root, Copy), Args));
    }
    std::string Text;
    llvm::raw_string_ostream(Text) << llvm::json::Value(std::move(Entries));
    llvm::SmallString<256> Dir(Work);
    llvm::sys::path::append(Dir, "lowered-db");
    llvm::sys::fs::create_directories(Dir);
    llvm::sys::path::append(Dir, "compile_commands.json");
    return writeFileAtomically(Dir, Text);
  }

  /// Lowers the copy in place and migrates its build scripts.
  int lowerCopy(const std::vector<std::string> &Sources) {
    ToolOptions L = Opts;
    L.BuildPath = Work + "/lowered-db";
    L.InRoot = Copy;
    L.Sources.clear();
    for (const std::string &S : Sources)
      L.Sources.push_back(movePaths(S, Root, Copy));
    L.Mode = OutputMode::InPlace;
    L.Quiet = true;
    std::string Log;
    llvm::raw_string_ostream LogOS(Log);
    int Code = runTool(L, LogOS, LogOS);
    MigrateBuildOptions M;
    M.AssumeLowered = true;
    if (Code == Success)
      Code = runMigrateBuild(L, M, LogOS, LogOS);
    if (llvm::Error E = writeFileAtomically(Work + "/lowering.log", Log))
      llvm::consumeError(std::move(E));
    return Code;
  }

  int runUserCommand(llvm::StringRef Side, llvm::StringRef Tree,
                     llvm::json::Object &Report) {
    std::string Log = Work + "/run-" + Side.str() + ".log";
    double Seconds = 0;
    int Code = runShell(V.RunCommand, Log, Seconds,
                        {"CUDALOWER_VERIFY_SIDE=" + Side.str(),
                         "CUDALOWER_VERIFY_SOURCE_DIR=" + Tree.str(),
                         "CUDALOWER_VERIFY_BUILD_DIR=" + Work + "/build-" +
                             Side.str()});
    Out << "run (" << Side << "): exit " << Code
        << llvm::formatv(", {0:f1} s, log {1}\n", Seconds, Log);
    Report[("run_" + Side).str()] =
        llvm::json::Object{{"exit", Code}, {"seconds", Seconds}, {"log", Log}};
    return Code;
  }

  int run();
};

int VerifyRun::run() {
  if (Opts.BuildPath.empty())
    return fail("needs -p BUILD (the compile database of the original build)");
  llvm::SmallString<256> W(V.WorkDir);
  llvm::sys::fs::make_absolute(W);
  Work = std::string(W);
  auto Db = loadBuildDatabase(Opts.BuildPath);
  if (!Db)
    return fail(llvm::toString(Db.takeError()));
  std::vector<clang::tooling::CompileCommand> Cmds;
  for (auto &C : Db->Database->getAllCompileCommands()) {
    if (!isNvccEntry(C))
      continue;
    if (llvm::Error E = expandOptionFiles(C.CommandLine, C.Directory))
      return fail(llvm::toString(std::move(E)));
    Cmds.push_back(C);
  }
  if (Cmds.empty())
    return fail(Db->File + " has no nvcc entry to verify");
  auto RootOr = findProjectRoot(Opts.InRoot, Cmds.front().Filename,
                                *llvm::vfs::getRealFileSystem());
  if (!RootOr)
    return fail(llvm::toString(RootOr.takeError()));
  Root = *RootOr;
  Copy = Work + "/lowered";
  // The work directory exists before the copy starts, so that the copy
  // leaves it out when it lies under the root.
  if (std::error_code EC = llvm::sys::fs::create_directories(Work))
    return fail(Work + ": " + EC.message());
  std::vector<std::string> Sources;
  for (const auto &C : Cmds)
    if (llvm::StringRef(C.Filename).starts_with(Root + "/"))
      Sources.push_back(C.Filename);
  llvm::sys::fs::remove_directories(Copy);
  if (llvm::Error E = copyTree(Root, Copy, Work))
    return fail(llvm::toString(std::move(E)));
  if (llvm::Error E = writeCopyDatabase(Cmds))
    return fail(llvm::toString(std::move(E)));
  if (int Code = lowerCopy(Sources)) {
    Err << "cuda-lower: error: verify: lowering the copy failed (exit " << Code
        << "); see " << Work << "/lowering.log\n";
    return Code;
  }

  llvm::json::Array Units;
  BuildResult Total[2];
  bool Same = true;
  unsigned N = 0;
  for (const auto &C : Cmds) {
    if (!llvm::StringRef(C.Filename).starts_with(Root + "/"))
      continue;
    TuComparison T;
    T.Source = C.Filename.substr(Root.size() + 1);
    std::string Obj = llvm::formatv("{0}/objects/{1}", Work, N++).str();
    llvm::sys::fs::create_directories(Obj);
    T.Original = buildOne(C.Directory, buildCommand(C.CommandLine,
                                                    Obj + "/original.o", false),
                          Obj + "/original.o");
    std::vector<std::string> LoweredArgv;
    for (const std::string &A : C.CommandLine)
      LoweredArgv.push_back(movePaths(A, Root, Copy));
    T.Lowered = buildOne(C.Directory,
                         buildCommand(LoweredArgv, Obj + "/lowered.o", true),
                         Obj + "/lowered.o");
    compareBuilds(T);
    for (auto [Sum, One] : {std::make_pair(&Total[0], &T.Original),
                            std::make_pair(&Total[1], &T.Lowered)}) {
      Sum->ObjectBytes += One->ObjectBytes;
      Sum->Seconds += One->Seconds;
    }
    Same &= T.Problems.empty();
    printComparison(Out, T);
    Units.push_back(toJson(T));
  }
  Out << llvm::formatv("total: objects {0} -> {1} bytes, compile time "
                       "{2:f2} -> {3:f2} s\n",
                       Total[0].ObjectBytes, Total[1].ObjectBytes,
                       Total[0].Seconds, Total[1].Seconds);
  llvm::json::Object Report{
      {"root", Root},
      {"lowered_copy", Copy},
      {"units", std::move(Units)},
      {"total", llvm::json::Object{
                    {"original_object_bytes",
                     static_cast<int64_t>(Total[0].ObjectBytes)},
                    {"lowered_object_bytes",
                     static_cast<int64_t>(Total[1].ObjectBytes)},
                    {"original_seconds", Total[0].Seconds},
                    {"lowered_seconds", Total[1].Seconds}}}};
  if (!V.RunCommand.empty()) {
    int A = runUserCommand("original", Root, Report);
    int B = runUserCommand("lowered", Copy, Report);
    Same &= A == 0 && B == 0;
  }
  Report["same"] = Same;
  std::string JsonPath = V.JsonReport.empty() ? Work + "/verify.json"
                                              : V.JsonReport;
  std::string Text;
  llvm::raw_string_ostream(Text)
      << llvm::formatv("{0:2}", llvm::json::Value(std::move(Report))) << '\n';
  if (llvm::Error E = writeFileAtomically(JsonPath, Text))
    return fail(JsonPath + ": " + llvm::toString(std::move(E)));
  Out << (Same ? "verify: the lowered build matches the original"
               : "verify: DIFFERENCES found")
      << " (report: " << JsonPath << ")\n";
  return Same ? Success : RewritesNeeded;
}

} // namespace

int runVerify(const ToolOptions &Opts, const VerifyOptions &V,
              llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  return VerifyRun{Opts, V, Out, Err, "", "", ""}.run();
}

} // namespace cudalower

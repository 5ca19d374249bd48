//===--- main.cpp - The cuda-lower command line ---------------------------===//
//
// Turns flags into ToolOptions and calls the library; nothing else.
//
//===----------------------------------------------------------------------===//

#include "cudalower/Explain.h"
#include "cudalower/Migration.h"
#include "cudalower/Tool.h"
#include "cudalower/Version.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <CLI/CLI.hpp>
#include <unistd.h>

static const char *const Description = R"(cuda-lower: rewrite CUDA C++ so that plain nvcc and any host compiler accept it.

It parses each source as CUDA twice (host pass and device pass, with Clang),
runs the selected rules, and prints or applies their edits. Edits land only in
files under the project root (--in-root): never in toolkit or system headers.

Examples:
  cuda-lower kernel.cu                    print the rewritten kernel.cu
  cuda-lower --diff kernel.cu             show what would change, as a diff
  cuda-lower -i -p build src/*.cu         rewrite in place, flags from build/compile_commands.json
  cuda-lower --check src/a.cu             exit 1 if anything needs rewriting (CI)
  cuda-lower -p build --in-root . --out-root ../migrated
                                          every CUDA entry of the database, into a copy
  cuda-lower kernel.cu -- -Iinclude -DN=4 extra compiler arguments after --
)";

static const char *const Footer = R"(Exit codes:
  0  success (nothing to do, or edits written/printed)
  1  --check found rewrites needed, a rule reported an error, or a
     file changed while -i ran (left alone)
  2  usage or input error (bad option, missing file, unreadable database)
  3  a source did not parse; nothing was written for it or for the files
     it includes, the other sources were written
  4  internal error: the tool crashed on a source; nothing was written for it,
     the other sources were processed
See docs/usage.md for every option.)";

/// NO_COLOR (https://no-color.org): set and not empty turns colour off
/// unless --color asks for it.
static bool noColorRequested() {
  std::optional<std::string> V = llvm::sys::Process::GetEnv("NO_COLOR");
  return V && !V->empty();
}

/// Flushes stdout and turns a failed write (a full disk, a closed pipe,
/// /dev/full) into a usage error with a message, instead of LLVM's fatal
/// "IO failure on output stream" when the stream is destroyed.
static int finishStdout(int Code) {
  llvm::outs().flush();
  if (!llvm::outs().has_error())
    return Code;
  llvm::errs() << "cuda-lower: error: cannot write to standard output: "
               << llvm::outs().error().message() << '\n';
  llvm::outs().clear_error();
  return cudalower::UsageError;
}

static int emptyRuleList() {
  llvm::errs() << "cuda-lower: error: --rules: the rule list is empty (see "
                  "--list-rules)\n";
  return cudalower::UsageError;
}

/// The options of the migration commands: --migrate-build,
/// --export-compile-db and the `verify` subcommand.
struct MigrationFlags {
  bool MigrateBuild = false;
  cudalower::MigrateBuildOptions Migrate;
  std::string ExportDb, ExportClangd;
  cudalower::VerifyOptions Verify;
  CLI::App *VerifyCommand = nullptr;
};

static void addMigrationFlags(CLI::App &App, MigrationFlags &M) {
  App.add_flag("--migrate-build", M.MigrateBuild,
               "Remove --extended-lambda/--expt-relaxed-constexpr from the "
               "build scripts once every source passes --check (diff; -i "
               "writes)")
      ->group("Migration");
  App.add_option("--build-script", M.Migrate.Scripts,
                 "A build script for --migrate-build (repeatable; default: "
                 "every one under --in-root)")
      ->allow_extra_args(false)
      ->group("Migration");
  App.add_option("--export-compile-db", M.ExportDb,
                 "Write a compile_commands.json in Clang spellings of the -p "
                 "database to FILE (or DIR)")
      ->group("Migration");
  App.add_option("--export-clangd", M.ExportClangd,
                 "With --export-compile-db: also write a .clangd fragment")
      ->group("Migration");
  M.VerifyCommand = App.add_subcommand(
      "verify", "Build each source as written (with its nvcc flags) and "
                "lowered (without) and compare kernels, registers, sizes and "
                "compile times; see docs/migration.md");
  M.VerifyCommand->fallthrough();
  M.VerifyCommand->add_option("--work-dir", M.Verify.WorkDir,
                              "Where the two builds and the report go")
      ->required();
  M.VerifyCommand->add_option("--run", M.Verify.RunCommand,
                              "Shell command run against each build (tests)");
  M.VerifyCommand->add_option("--json", M.Verify.JsonReport,
                              "The JSON report (default: WORK/verify.json)");
}

/// Runs the migration command the flags ask for, if any.
static std::optional<int> runMigrationCommand(const MigrationFlags &M,
                                              const cudalower::ToolOptions &Opts) {
  if (M.VerifyCommand->parsed())
    return cudalower::runVerify(Opts, M.Verify, llvm::outs(), llvm::errs());
  if (M.MigrateBuild)
    return cudalower::runMigrateBuild(Opts, M.Migrate, llvm::outs(),
                                      llvm::errs());
  if (!M.ExportDb.empty())
    return cudalower::runExportCompileDb(Opts, M.ExportDb, M.ExportClangd,
                                         llvm::errs());
  if (!M.ExportClangd.empty()) {
    llvm::errs() << "cuda-lower: error: --export-clangd needs "
                    "--export-compile-db\n";
    return cudalower::UsageError;
  }
  return std::nullopt;
}

int main(int argc, char **argv) {
  cudalower::ToolOptions Opts;
  CLI::App App{Description, "cuda-lower"};
  App.footer(Footer);
  App.get_formatter()->column_width(34);

  App.add_option("sources", Opts.Sources, "CUDA or C++ sources to rewrite");
  std::vector<std::string> InRoots;
  App.add_option("-p,--build-path", Opts.BuildPath,
                 "Directory with compile_commands.json (nvcc, clang or gcc "
                 "entries); flags for each source come from it");
  App.add_option("--cuda-path", Opts.CudaPath,
                 "CUDA toolkit root (default: $CUDA_PATH, $CUDA_HOME, nvcc on "
                 "PATH, /usr/local/cuda)");
  App.add_option("--cuda-gpu-arch", Opts.GpuArch,
                 "GPU architecture to parse for when the command names none")
      ->capture_default_str();
  App.add_option("--in-root", InRoots,
                 "Only files under this directory are edited (default: the "
                 "git work tree of the first source, else its directory); "
                 "repeatable: the first is the project root, the others "
                 "hold libraries it uses")
      ->allow_extra_args(false);
  auto *LowerDeps = App.add_flag(
      "--lower-dependencies", Opts.LowerDependencies,
      "With --out-root: also lower the headers of the libraries the sources "
      "use (outside the toolkit and the system), into DIR/" +
          std::string(cudalower::DependencyDirName) +
          " at their absolute paths");

  auto *Out = App.add_option("-o,--output", Opts.OutputFile,
                             "Write the rewritten source to FILE");
  bool InPlace = false, Diff = false, Check = false, ListRules = false,
       Version = false, NoColor = false, ForceColor = false;
  auto *InPlaceFlag =
      App.add_flag("-i,--in-place", InPlace,
                   "Rewrite the sources and the headers they include that "
                   "need edits (atomically)");
  auto *DiffFlag = App.add_flag("--diff", Diff, "Print a unified diff instead");
  auto *CheckFlag = App.add_flag(
      "--check", Check, "Print the diff and exit 1 if any rewrite is needed");
  Out->excludes(InPlaceFlag)->excludes(DiffFlag)->excludes(CheckFlag);
  InPlaceFlag->excludes(DiffFlag)->excludes(CheckFlag);
  DiffFlag->excludes(CheckFlag);

  std::string Rules, Disable, Passes = "both";
  auto *RulesOpt = App.add_option(
      "--rules", Rules,
      "Comma-separated rules to run (default: all on by default)");
  App.add_option("--disable", Disable, "Comma-separated rules not to run");
  // One value per occurrence, so that the sources after it stay sources.
  App.add_option("--rule-option", Opts.RuleOptions,
                 "Set a rule option: <rule>.<key>=<value> (repeatable)")
      ->allow_extra_args(false);
  App.add_option("--passes", Passes,
                 "Compilation passes to parse: both, host or device")
      ->check(CLI::IsMember({"both", "host", "device"}))
      ->capture_default_str();
  App.add_flag("--list-rules", ListRules, "List the rules and exit");
  App.add_flag("--version", Version,
               "Print the version, the commit, the LLVM it parses with and "
               "the CUDA it was tested with, and exit");
  App.add_flag("-q,--quiet", Opts.Quiet, "Print only diagnostics");
  App.add_flag("--no-color", NoColor, "Never colour diagnostics");
  App.add_flag("--color", ForceColor, "Colour diagnostics even when piped");
  bool NoVerify = false;
  App.add_flag("--no-verify", NoVerify,
               "Skip the check that plain nvcc accepts the output (faster; "
               "exit 0 then promises less)");
  bool NoPreludeCache = false;
  App.add_flag("--no-prelude-cache", NoPreludeCache,
               "Parse the CUDA headers every time instead of reusing the "
               "precompiled ones kept in the cache directory "
               "($CUDALOWER_CACHE_DIR, else ~/.cache/cuda-lower)");
  // --explain (lib/Explain): a place of the code or an nvcc diagnostic.
  std::string Explain;
  App.add_option("--explain", Explain,
                 "Explain FILE:LINE[:COL] (the rule there, why nvcc needs it, "
                 "the rewrite) or an nvcc diagnostic (20013-D, or its "
                 "message) and exit");
  // Whole projects (docs/usage.md#whole-projects).
  std::vector<std::string> ExtraArgsAfter;
  App.add_option("--extra-arg", ExtraArgsAfter,
                 "Append ARG to every compile command (repeatable)")
      ->allow_extra_args(false);
  App.add_option("--extra-arg-before", Opts.ExtraArgsBefore,
                 "Put ARG first in every compile command (repeatable)")
      ->allow_extra_args(false);
  App.add_option("-j,--jobs", Opts.Jobs,
                 "Sources parsed at once (default 0: one per core)");
  auto *OutRoot = App.add_option(
      "--out-root", Opts.OutRoot,
      "Write the rewritten files under DIR, at their paths relative to "
      "--in-root; the originals are not touched");
  App.add_flag("--copy-all", Opts.CopyAll,
               "With --out-root: copy the unchanged files of --in-root too")
      ->needs(OutRoot);
  LowerDeps->needs(OutRoot);
  OutRoot->excludes(Out)->excludes(InPlaceFlag)->excludes(DiffFlag)->excludes(
      CheckFlag);
  App.add_option("--shard", Opts.Shard,
                 "Take only slice K of N of the sources (K/N: sorted by path, "
                 "every N-th), for N runs that export fixes to merge");
  // CI outputs and reports (docs/usage.md#ci).
  App.add_option("--export-fixes", Opts.ExportFixesFile,
                 "Write the fixes to FILE as YAML for clang-apply-replacements")
      ->group("CI");
  App.add_option("--sarif", Opts.SarifFile,
                 "Write the findings to FILE as SARIF 2.1.0")
      ->group("CI");
  App.add_option("--warnings-as-errors", Opts.WarningsAsErrors,
                 "Rules whose warnings are errors (exit 1): globs, `-` "
                 "excludes, as clang-tidy")
      ->group("CI");
  App.add_option("--report", Opts.ReportFile,
                 "Write a report of the run to FILE (.json or .csv)")
      ->group("CI");
  App.add_option("--report-format", Opts.ReportFormat,
                 "Format of --report: json or csv (default: its extension)")
      ->check(CLI::IsMember({"json", "csv"}))
      ->group("CI");
  App.add_flag("--analysis", Opts.Analysis,
               "Change nothing; print a migration estimate per rule and file")
      ->group("CI")
      ->excludes(Out)
      ->excludes(InPlaceFlag)
      ->excludes(DiffFlag)
      ->excludes(CheckFlag);

  // Configuration (docs/configuration.md).
  App.add_option("--config", Opts.ConfigText,
                 "Configuration as YAML text or a file (instead of each "
                 "source's nearest .cuda-lower.yaml)")
      ->group("Configuration");
  App.add_flag("--dump-config", Opts.DumpConfig,
               "Print the configuration of the first source and exit")
      ->group("Configuration");

  // Test hook, hidden from --help: makes a rule crash (see ToolOptions).
  App.add_option("--test-crash-in-rule", Opts.TestCrashInRule)->group("");

  // Migration commands (docs/migration.md).
  MigrationFlags Migration;
  addMigrationFlags(App, Migration);

  // Everything after `--` goes to the compiler, as with clang-tidy.
  std::vector<std::string> Args(argv + 1, argv + argc);
  auto Dash = std::find(Args.begin(), Args.end(), "--");
  if (Dash != Args.end()) {
    Opts.ExtraArgs.assign(Dash + 1, Args.end());
    Args.erase(Dash, Args.end());
  }
  // CLI11 reads `--rules=` as `--rules` and takes the next argument (a
  // source) as its value.
  if (std::find(Args.begin(), Args.end(), "--rules=") != Args.end())
    return emptyRuleList();
  Args.erase(std::remove(Args.begin(), Args.end(), "--disable="), Args.end());
  std::reverse(Args.begin(), Args.end()); // CLI11 parses a reversed vector
  try {
    App.parse(Args);
  } catch (const CLI::ParseError &E) {
    int Code = App.exit(E);
    return Code == 0 ? 0 : cudalower::UsageError;
  }

  if (Version) {
    llvm::outs() << cudalower::versionLine("cuda-lower") << '\n';
    return finishStdout(0);
  }
  if (ListRules) {
    cudalower::listRules(llvm::outs());
    return finishStdout(0);
  }
  auto Split = [](const std::string &S, std::vector<std::string> &Into) {
    std::stringstream SS(S);
    for (std::string Item; std::getline(SS, Item, ',');)
      if (!Item.empty())
        Into.push_back(Item);
  };
  Split(Rules, Opts.EnabledRules);
  Split(Disable, Opts.DisabledRules);
  // `--rules=,` would otherwise mean "the default rules", the opposite of
  // what it says.
  if (RulesOpt->count() && Opts.EnabledRules.empty())
    return emptyRuleList();
  Opts.Passes = Passes == "host"     ? cudalower::PassSelection::HostOnly
                : Passes == "device" ? cudalower::PassSelection::DeviceOnly
                                     : cudalower::PassSelection::Both;
  if (!InRoots.empty()) {
    Opts.InRoot = InRoots.front();
    Opts.MoreRoots.assign(InRoots.begin() + 1, InRoots.end());
  }
  Opts.Verify = !NoVerify;
  Opts.PreludeCache = !NoPreludeCache;
  Opts.ExtraArgs.insert(Opts.ExtraArgs.end(), ExtraArgsAfter.begin(),
                        ExtraArgsAfter.end());
  Opts.ProgressOnTerminal = isatty(STDERR_FILENO);
  if (InPlace)
    Opts.Mode = cudalower::OutputMode::InPlace;
  else if (Diff)
    Opts.Mode = cudalower::OutputMode::Diff;
  else if (Check)
    Opts.Mode = cudalower::OutputMode::Check;
  else if (!Opts.OutRoot.empty())
    Opts.Mode = cudalower::OutputMode::OutRoot;
  else if (!Opts.OutputFile.empty())
    Opts.Mode = cudalower::OutputMode::File;
  else if (!Opts.ExportFixesFile.empty())
    Opts.Mode = cudalower::OutputMode::FixesOnly;
  Opts.Color = ForceColor || (!NoColor && !noColorRequested() &&
                              isatty(STDERR_FILENO) &&
                              llvm::errs().has_colors());
  if (!Explain.empty())
    return finishStdout(
        cudalower::explain(Explain, Opts, llvm::outs(), llvm::errs()));
  if (std::optional<int> Code = runMigrationCommand(Migration, Opts))
    return finishStdout(*Code);
  int Code = cudalower::runTool(Opts, llvm::outs(), llvm::errs());
  return finishStdout(Code);
}

//===--- Engine.cpp - From options to rewritten files ---------------------===//
//
// The flow: options -> one compile command per source -> a host and a device
// parse of each -> every rule sees each AST and reports diagnostics with
// edits -> the EditCollector merges them -> the edits are written out as the
// output mode asks. See docs/design.md.
//
//===----------------------------------------------------------------------===//

#include "Driver/CompilationSetup.h"
#include "Driver/Config.h"
#include "Driver/ProjectSources.h"
#include "Engine/EditCollector.h"
#include "Engine/Ownership.h"
#include "Engine/Parse.h"
#include "Engine/Rerun.h"
#include "Engine/RuleGlobs.h"
#include "Engine/RulesAction.h"
#include "Engine/RunOutputs.h"
#include "Engine/Untouched.h"
#include "Engine/Verification.h"
#include "Output/DiagnosticPrinter.h"
#include "Output/Emit.h"
#include "Output/OutRoot.h"
#include "Output/Progress.h"
#include "Rules/Registry.h"
#include "cudalower/Tool.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>

using namespace clang;

namespace cudalower {
namespace {

/// A file whose text differed between two parses of this run (an editor
/// saved it meanwhile) has no one text the edits fit: nothing is written.
/// \returns true if there was one.
bool reportChangedFiles(const EditCollector &Collector,
                        llvm::raw_ostream &Err) {
  for (const std::string &File : Collector.changedFiles())
    Err << "cuda-lower: error: " << displayPath(File)
        << " changed while it was being rewritten; nothing was written\n";
  return !Collector.changedFiles().empty();
}

/// Stdout and -o show one source (--analysis shows none).
bool showsOneSource(const ToolOptions &Opts) {
  return !Opts.Analysis &&
         (Opts.Mode == OutputMode::Stdout || Opts.Mode == OutputMode::File);
}

/// What a run settles before it parses: which sources, which rules, how to
/// parse each.
struct PreparedRun {
  std::vector<std::string> Sources; ///< Real paths.
  RunConfig Cfg;
  std::unique_ptr<CompilationSetup> Setup;
  std::chrono::steady_clock::time_point Started =
      std::chrono::steady_clock::now();
  /// Sources whose .cuda-lower.yaml sets other rules than Cfg's.
  std::map<std::string, RunConfig> PerSource;
  /// --out-root: what the out-root holds already (null otherwise).
  std::unique_ptr<OutRootRerun> Rerun;

  const RunConfig &configFor(const std::string &Source) const {
    auto It = PerSource.find(Source);
    return It == PerSource.end() ? Cfg : It->second;
  }
};

/// Checks the options against the sources in \p FS: every problem found
/// here is a usage error, reported before anything is parsed.
llvm::Expected<PreparedRun> prepareRun(const ToolOptions &Opts,
                                       llvm::vfs::FileSystem &FS) {
  auto Setup = CompilationSetup::create(Opts);
  if (!Setup)
    return Setup.takeError();
  // With -p, no source means every CUDA entry of the database.
  auto Named = selectSources(Opts.Sources, (*Setup)->database(),
                             displayPath((*Setup)->databaseFile()));
  if (!Named)
    return Named.takeError();
  if (Named->empty())
    return llvm::createStringError("no source files given");
  if (showsOneSource(Opts) && Named->size() > 1)
    return llvm::createStringError(
        "several sources need -i, --diff, --check, --out-root or "
        "--export-fixes (stdout and -o take one)");
  auto Sources = resolveSources(*Named, FS);
  if (!Sources)
    return Sources.takeError();
  auto Cfg = makeRunConfig(Opts);
  if (!Cfg)
    return Cfg.takeError();
  auto Root = findProjectRoot(Opts.InRoot, Sources->front(), FS);
  if (!Root)
    return Root.takeError();
  Cfg->Root = *Root;
  std::tie(Cfg->TestCrashInRule, Cfg->TestCrashInSource) =
      llvm::StringRef(Opts.TestCrashInRule).split('@');
  Cfg->OnlyFile = Sources->front();
  Cfg->OnlyLine = Opts.OnlyLine;
  Cfg->OnlyColumn = Opts.OnlyColumn;
  if (!llvm::StringRef(Cfg->Root).ends_with("/"))
    Cfg->Root += '/';
  auto Owned = ownedFilesFor(Opts, Cfg->Root, (*Setup)->cudaPath(), FS);
  if (!Owned)
    return Owned.takeError();
  Cfg->Owned = std::move(*Owned);
  if (llvm::Error E =
          checkSourcesUnderRoot(*Sources, Cfg->Owned.Roots, Opts.InRoot))
    return E;
  (*Setup)->setOwnedFiles(Cfg->Owned);
  if (Opts.Mode == OutputMode::OutRoot)
    if (llvm::Error E = checkOutRoot(Opts.OutRoot, Cfg->Root))
      return E;
  if (llvm::Error E = (*Setup)->prepare(*Sources))
    return E;
  PreparedRun Run;
  Run.Sources = std::move(*Sources);
  Run.Cfg = std::move(*Cfg);
  Run.Setup = std::move(*Setup);
  return Run;
}

/// The rules of the sources whose configuration differs from the run's.
llvm::Error addSourceConfigs(PreparedRun &Run, const SourceConfigs &Configs) {
  for (const auto &[Source, SourceOpts] : Configs.PerSource) {
    auto Own = makeRunConfig(SourceOpts);
    if (!Own)
      return Own.takeError();
    Own->Root = Run.Cfg.Root;
    Own->Owned = Run.Cfg.Owned;
    Own->TestCrashInRule = Run.Cfg.TestCrashInRule;
    Own->TestCrashInSource = Run.Cfg.TestCrashInSource;
    Own->OnlyFile = Run.Cfg.OnlyFile;
    Own->OnlyLine = Run.Cfg.OnlyLine;
    Own->OnlyColumn = Run.Cfg.OnlyColumn;
    Run.PerSource.emplace(Source, std::move(*Own));
  }
  return llvm::Error::success();
}

/// -j: 0 means one source per core.
unsigned jobsFor(const ToolOptions &Opts) {
  return Opts.Jobs ? Opts.Jobs
                   : llvm::hardware_concurrency().compute_thread_count();
}

ProgressStyle progressStyle(const ToolOptions &Opts) {
  if (Opts.Quiet)
    return ProgressStyle::None;
  return Opts.ProgressOnTerminal ? ProgressStyle::Terminal
                                 : ProgressStyle::Plain;
}

/// \p Opts with the sources a database run processes named one by one
/// (every CUDA entry, or those under a directory given), so that each gets
/// its nearest configuration file, and cut to --shard. \p Note receives
/// the lines about the entries left out and the shard, once per run.
llvm::Expected<ToolOptions> sourcesToConfigure(const ToolOptions &Opts,
                                               std::string &Note) {
  ToolOptions Named = Opts;
  if (Opts.Database) {
    auto Setup = CompilationSetup::create(Opts);
    if (!Setup)
      return Setup.takeError();
    auto Sources = selectSources(Opts.Sources, (*Setup)->database(),
                                 displayPath((*Setup)->databaseFile()), &Note);
    if (!Sources)
      return Sources.takeError();
    Named.Sources = std::move(*Sources);
  }
  if (llvm::Error E = takeShard(Opts.Shard, Named.Sources, Note))
    return E;
  return Named;
}

/// A source that did not parse or crashed, when one source is shown: print
/// nothing rather than its original. \returns the exit code, or Success.
int stoppedRunCode(const ToolOptions &Opts, const ParseOutcome &Parse) {
  if (!showsOneSource(Opts) || !(Parse.Failed || Parse.Crashed))
    return Success;
  return Parse.Crashed ? InternalError : ParseError;
}

/// The exit code the sources that did not parse or crashed call for, once
/// the others' files are written (docs/scaling.md#partial-writes).
int failedSourcesCode(const ParseOutcome &Parse) {
  if (Parse.Crashed)
    return InternalError;
  return Parse.Failed ? ParseError : Success;
}

/// The include directories of the sources' commands, canonical: a
/// library's lowered header goes to the out-root with the directory it was
/// found in (DependencyCopy.h). Empty when no such header can be edited.
std::vector<std::string> includeDirectoriesOf(const ToolOptions &Opts,
                                              const PreparedRun &Run) {
  std::vector<std::string> Dirs;
  if (Opts.Mode != OutputMode::OutRoot ||
      (!Opts.LowerDependencies && Opts.MoreRoots.empty()))
    return Dirs;
  for (const std::string &Source : Run.Sources) {
    std::vector<std::string> Args =
        Run.Setup->commandFor(Source, CompilationPass::Host);
    std::string Cwd = Run.Setup->directoryFor(Source);
    for (size_t I = 0; I < Args.size(); ++I)
      for (llvm::StringRef Flag : {"-I", "-isystem", "-iquote", "-idirafter"}) {
        llvm::StringRef Arg = Args[I];
        if (!Arg.starts_with(Flag))
          continue;
        std::string Dir = Arg.size() > Flag.size()
                              ? Arg.drop_front(Flag.size()).str()
                              : (I + 1 < Args.size() ? Args[++I] : "");
        llvm::SmallString<256> Abs(Dir);
        if (llvm::sys::path::is_relative(Abs))
          llvm::sys::path::make_absolute(Cwd, Abs);
        if (!Dir.empty())
          Dirs.push_back(canonicalDirectory(Abs));
        break;
      }
  }
  return Dirs;
}

/// Emits the files verification did not withhold, unless the run stopped.
/// \returns the exit code, the reports aside.
int emitFiles(const ToolOptions &Opts, const PreparedRun &Run,
              const ParseOutcome &Parse, const EditCollector &Collector,
              const std::vector<RewrittenFile> &Files,
              const VerificationResult &Verified, llvm::raw_ostream &Out,
              llvm::raw_ostream &Err) {
  if (int Stopped = stoppedRunCode(Opts, Parse))
    return Stopped;
  // Print nothing rather than half of the one source shown.
  if (!Verified.Withheld.empty() && showsOneSource(Opts))
    return Verified.Crashed ? InternalError : RewritesNeeded;

  const std::string &Main = Run.Sources.front();
  auto MainText = Collector.parsedTexts().find(Main);
  llvm::StringRef MainParsed = MainText == Collector.parsedTexts().end()
                                   ? llvm::StringRef()
                                   : llvm::StringRef(MainText->second);
  int Code = Opts.Analysis ? Success
             : Opts.Mode == OutputMode::OutRoot
                 ? writeOutRoot(Files, Run.Cfg.Root, Opts.OutRoot, Opts.CopyAll,
                                includeDirectoriesOf(Opts, Run),
                                Run.Rerun->keptOutputs(), Err)
                 : emitOutput(Opts, Main, MainParsed, Files, Out, Err);
  // A source left out says more than --check's "rewrites needed".
  if (int Failed = failedSourcesCode(Parse);
      Failed && (Code == Success || Code == RewritesNeeded))
    Code = Failed;
  if (Code == Success && Verified.Crashed)
    Code = InternalError;
  if (Code == Success && !Opts.Analysis &&
      (Collector.hasErrors() || !Verified.Problems.empty()))
    Code = RewritesNeeded;
  return Code;
}

/// Writes the reports of the run (on every path once the sources are
/// parsed); \returns \p Code, or the reports' own code if it is Success.
int finishRun(const ToolOptions &Opts, const PreparedRun &Run,
              const ParseOutcome &Parse, const EditCollector &Collector,
              const std::vector<Diagnostic> &Problems,
              const std::vector<RewrittenFile> &Files, int Code,
              llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  std::chrono::duration<double> Took =
      std::chrono::steady_clock::now() - Run.Started;
  RunResults Results = collectResults(
      Opts, {Run.Sources, Parse.Parsed, Collector, Problems, Parse.Failures,
             Files, Run.Cfg.Rules, Took.count()});
  if (stoppedRunCode(Opts, Parse))
    Results.Written = false;
  int OutputsCode = writeRunOutputs(Opts, Results, Out, Err);
  return Code == Success ? OutputsCode : Code;
}

/// Drops from \p Files those that a source which did not parse read, and
/// those verification withheld, and lists them when the run has several
/// sources (one source's errors say it all). \returns them.
std::vector<UntouchedFile>
leaveUntouched(const ToolOptions &Opts, const PreparedRun &Run,
               const ParseOutcome &Parse, const VerificationResult &Verified,
               std::vector<RewrittenFile> &Files, llvm::raw_ostream &Err) {
  std::vector<UntouchedFile> Untouched =
      untouchedByParseFailures(Parse.NotParsed, Parse.ReadBy, Files);
  for (UntouchedFile &U : untouchedByVerification(Verified.Withheld))
    if (!llvm::any_of(Untouched,
                      [&](auto &Listed) { return Listed.Path == U.Path; }))
      Untouched.push_back(std::move(U));
  dropUntouched(Files, Untouched);
  if (Run.Sources.size() > 1 && !Opts.Analysis)
    printUntouched(Err, Untouched);
  return Untouched;
}

/// --out-root: drops the sources the out-root's manifest says are current
/// (docs/scaling.md#reruns). \returns true if none is left.
bool skipCurrentSources(const ToolOptions &Opts, PreparedRun &Run,
                        llvm::raw_ostream &Err) {
  if (Opts.Mode != OutputMode::OutRoot || Opts.Analysis)
    return false;
  Run.Rerun = std::make_unique<OutRootRerun>(
      Run.Cfg.Root, Opts.OutRoot,
      [&Run, Verify = Opts.Verify](const std::string &Source) {
        return sourceKey(Run.configFor(Source), *Run.Setup, Source, Verify);
      });
  Run.Sources = Run.Rerun->stale(Run.Sources);
  if (Run.Sources.empty() && !Opts.Quiet)
    Run.Rerun->saySkipped(Err);
  return Run.Sources.empty();
}

/// Verifies \p Files (unless --no-verify), prints every diagnostic, emits
/// the files verification did not withhold, and writes the reports.
/// \returns the exit code.
int verifyAndEmit(const ToolOptions &Opts, const PreparedRun &Run,
                  const ParseOutcome &Parse, const EditCollector &Collector,
                  std::vector<RewrittenFile> Files,
                  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                  llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  VerificationResult Verified;
  ProgressLine Progress(Err, Parse.Parsed.size(), progressStyle(Opts),
                        "verifying");
  // Both passes whatever --passes says: exit 0 promises that nvcc, which
  // compiles both sides, builds the output (a lambda only the host side
  // sees is left by a device-only run, and said so here).
  if (Opts.Verify)
    Verified = verifyOutput({Parse.Parsed, *Run.Setup, PassSelection::Both,
                             Files, Collector, Run.Cfg.Owned,
                             Parse.ToleratedCrossSpace,
                             Run.Cfg.TestCrashInRule == "verify", FS,
                             jobsFor(Opts), &Progress});
  Progress.finish();
  printDiagnostics(Err, Collector.diagnostics(), Verified.Problems,
                   Opts.Color);
  std::vector<UntouchedFile> Untouched =
      leaveUntouched(Opts, Run, Parse, Verified, Files, Err);
  int Code =
      emitFiles(Opts, Run, Parse, Collector, Files, Verified, Out, Err);
  if (Run.Rerun && Code != UsageError)
    Run.Rerun->recordRun(
        Run.Sources, Parse, Collector, Files,
        filesNotDone(Untouched, Collector.diagnostics(), Verified.Problems),
        Err);
  return finishRun(Opts, Run, Parse, Collector, Verified.Problems, Files, Code,
                   Out, Err);
}

} // namespace

void listRules(llvm::raw_ostream &Out) { printRules(Out); }

int runTool(const ToolOptions &Opts, llvm::raw_ostream &Out,
            llvm::raw_ostream &Err) {
  // A file system of its own: each command's directory becomes its working
  // directory, the process's stays where the user is.
  return runTool(Opts, Out, Err, llvm::vfs::createPhysicalFileSystem());
}

int runTool(const ToolOptions &Opts, llvm::raw_ostream &Out,
            llvm::raw_ostream &Err,
            llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS) {
  auto Fail = [&](llvm::Error E) {
    Err << "cuda-lower: error: " << llvm::toString(std::move(E)) << '\n';
    return UsageError;
  };
  if (Opts.DumpConfig) {
    auto Text = dumpConfigFor(Opts, *FS);
    if (!Text)
      return Fail(Text.takeError());
    Out << *Text;
    return Success;
  }
  // The database is read once: choosing the sources and preparing their
  // commands both use this copy.
  if (!Opts.BuildPath.empty() && !Opts.Database) {
    auto Db = loadBuildDatabase(Opts.BuildPath);
    if (!Db)
      return Fail(Db.takeError());
    ToolOptions Loaded = Opts;
    Loaded.Database = std::move(Db->Database);
    Loaded.DatabaseName = std::move(Db->File);
    return runTool(Loaded, Out, Err, FS);
  }
  // Configuration files (docs/configuration.md): the run's options, and
  // the rules of sources whose own file differs. Setup keeps RunWide's
  // address, so Configs outlives the run.
  std::string SkippedNote;
  auto Named = sourcesToConfigure(Opts, SkippedNote);
  if (!Named)
    return Fail(Named.takeError());
  if (!Opts.Quiet)
    Err << SkippedNote;
  auto Configs = configureRun(*Named, *FS);
  if (!Configs)
    return Fail(Configs.takeError());
  if (Configs->Sources.empty() && !Named->Sources.empty())
    return Success; // every source excluded
  if (Named->Sources.empty() && !Opts.Shard.empty() &&
      (!Opts.Sources.empty() || !Opts.BuildPath.empty()))
    return Success; // more shards than sources: this one has none
  auto Run = prepareRun(*Configs->RunWide, *FS);
  if (!Run)
    return Fail(Run.takeError());
  for (const std::string &Message : Run->Setup->messages())
    Err << Message;
  if (llvm::Error E = addSourceConfigs(*Run, *Configs))
    return Fail(std::move(E));
  if (skipCurrentSources(Opts, *Run, Err))
    return Success;

  EditCollector Collector;
  // Signal handlers that turn a crash in a rule or in Clang into an error
  // for one source (parseAll).
  llvm::CrashRecoveryContext::Enable();
  auto MakeAction = [&](CompilationPass Pass, std::vector<Diagnostic> &Found,
                        const ErrorPrinter &Errors, CrashSite &Site,
                        EditCollector &Texts) {
    return makeRulesAction(Pass, Run->configFor(Site.Source), Found, Errors,
                           Site, Texts);
  };
  ProgressLine Progress(Err, Run->Sources.size(), progressStyle(Opts));
  ParseSettings Settings;
  Settings.Passes = Opts.Passes;
  Settings.Jobs = jobsFor(Opts);
  Settings.Color = Opts.Color;
  Settings.Progress = &Progress;
  // The rules that write the spellings fixed for the parse
  // (SpellingFixes.def) turn them into edits; without the rule, such a
  // source does not parse.
  Settings.Owned = Run->Cfg.Owned;
  Settings.ParseFixesFor = [&](const std::string &Source) {
    return parseFixesFor(Run->configFor(Source).Enabled);
  };
  ParseOutcome Parse =
      parseAll(Run->Sources, *Run->Setup, Settings, FS, MakeAction, Collector,
               Err);
  Progress.finish();
  // A skipped source that wrote a file a parsed source read is parsed too:
  // that file's copy must hold both sources' edits.
  Settings.Progress = nullptr;
  while (Run->Rerun) {
    std::vector<std::string> Again = Run->Rerun->unskipReaders(Parse.ReadBy);
    if (Again.empty())
      break;
    Parse.absorb(
        parseAll(Again, *Run->Setup, Settings, FS, MakeAction, Collector, Err));
    Run->Sources.insert(Run->Sources.end(), Again.begin(), Again.end());
  }
  if (Run->Rerun && !Opts.Quiet)
    Run->Rerun->saySkipped(Err);

  if (llvm::Error E = Collector.finalize())
    return Fail(std::move(E));
  if (reportChangedFiles(Collector, Err)) {
    printDiagnostics(Err, Collector.diagnostics(), {}, Opts.Color);
    int Failed = failedSourcesCode(Parse);
    return finishRun(Opts, *Run, Parse, Collector, {}, {},
                     Failed ? Failed : RewritesNeeded, Out, Err);
  }
  auto Files = applyEdits(Collector.replacements(), Collector.parsedTexts());
  if (!Files)
    return Fail(Files.takeError());
  return verifyAndEmit(Opts, *Run, Parse, Collector, std::move(*Files), FS,
                       Out, Err);
}

} // namespace cudalower

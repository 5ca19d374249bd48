//===--- Parse.cpp - The rules' parse of every source ---------------------===//

#include "Engine/Parse.h"
#include "Engine/ClangErrors.h"
#include "Engine/Ownership.h"
#include "Engine/SourceFailures.h"
#include "Engine/WorkingDirectoryFileSystem.h"
#include "Output/DiagnosticPrinter.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace cudalower {

void ErrorPrinter::BeginSourceFile(const LangOptions &LO,
                                   const Preprocessor *PP) {
  LangOpts = LO;
  PPOfFile = PP;
}

void ErrorPrinter::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                    const clang::Diagnostic &Info) {
  if (Level == DiagnosticsEngine::Note) {
    if (Held.empty())
      return;
    Held.emplace_back(Level, Info);
    if (Info.getID() == diag::note_ovl_candidate_bad_target)
      HeldCrossSpace = true;
    return;
  }
  flush();
  if (Level < DiagnosticsEngine::Error)
    return;
  // Kept for the exec-space rules: Clang may drop the statement holding
  // such a use from the AST.
  if (isOnlyAWarningForNvcc(Info))
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(crossSpaceTarget(Info)))
      WrongSide.push_back({Info.getLocation(), FD});
  hold(Level, Info);
}

/// Holds \p Info until its notes have come: they decide whether it is only
/// a call across execution spaces.
void ErrorPrinter::hold(DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) {
  Held.emplace_back(Level, Info);
  HeldCrossSpace = Info.getID() == diag::err_ref_bad_target;
  HeldKeys.clear();
  if (!Info.hasSourceManager() || Info.getLocation().isInvalid())
    return;
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation Loc = SM.getFileLoc(Info.getLocation());
  const NamedDecl *Target = crossSpaceTarget(Info);
  HeldKeys = crossSpaceKeys(
      canonicalPathOf(SM, Loc), SM.getFileOffset(Loc),
      Target ? Target->getQualifiedNameAsString() : std::string());
}

void ErrorPrinter::abandonParse() {
  Held.clear();
  HeldCrossSpace = false;
  PPOfFile = nullptr;
  resetCount();
}

/// Shows (or drops) the held error and its notes.
void ErrorPrinter::flush() {
  if (Held.empty())
    return;
  if (!HeldCrossSpace) {
    ++Errors;
    const StoredDiagnostic &E = Held.front();
    if (!First)
      First = clangError(E);
    std::string Key = E.getMessage().str();
    if (E.getLocation().isValid())
      Key += E.getLocation().printToString(E.getLocation().getManager());
    show(std::move(Key));
  } else {
    Tolerated.insert(HeldKeys.begin(), HeldKeys.end());
  }
  Held.clear();
  HeldCrossSpace = false;
}

/// Renders the held error and its notes, with the paths shown as the tool's
/// own diagnostics show them, and a note when nvcc accepts the code.
void ErrorPrinter::show(std::string Key) {
  std::string Text;
  llvm::raw_string_ostream Rendered(Text);
  Rendered.enable_colors(Opts.ShowColors);
  TextDiagnostic Renderer(Rendered, LangOpts, Opts, PPOfFile);
  for (StoredDiagnostic &D : Held)
    Renderer.emitStoredDiagnostic(D);
  renderNvccExtensionHint(Renderer);
  Log.add(std::move(Key), relativeLocations(Text, UserCwd));
}

void SourceLog::replay(llvm::raw_ostream &OS,
                       std::set<std::string> &Shown) const {
  for (const auto &[Key, Text] : Chunks)
    if (Key.empty() || Shown.insert(Key).second)
      OS << Text;
}

/// Says so, after Clang's error, when nvcc accepts the code.
void ErrorPrinter::renderNvccExtensionHint(TextDiagnostic &Renderer) {
  std::string Hint = nvccExtensionHint(Held);
  const StoredDiagnostic &E = Held.front();
  if (Hint.empty() || !E.getLocation().isValid())
    return;
  StoredDiagnostic Note(DiagnosticsEngine::Note, E.getID(), Hint,
                        E.getLocation(), {}, {});
  Renderer.emitStoredDiagnostic(Note);
}

namespace {

/// Reports a crash on \p Source in Clang's format: where the tool was, and
/// that nothing of the source is written.
void reportCrash(llvm::raw_ostream &Err, llvm::StringRef Source,
                 const CrashSite &Site) {
  PresumedLoc Where;
  if (Site.SM && Site.Loc.isValid())
    Where = Site.SM->getPresumedLoc(Site.SM->getFileLoc(Site.Loc));
  if (Where.isValid())
    Err << displayPath(Where.getFilename()) << ':' << Where.getLine() << ':'
        << Where.getColumn() << ": ";
  else
    Err << displayPath(Source) << ": ";
  const char *Pass = Site.Pass == CompilationPass::Host ? "host" : "device";
  Err << "error: internal error: cuda-lower crashed ";
  if (Site.Rule.empty())
    Err << "while Clang parsed the " << Pass << " pass";
  else
    Err << (Where.isValid() ? "here " : "") << "in the " << Pass
        << " pass of this rule";
  Err << "; nothing was written for " << displayPath(Source)
      << ", the other sources were processed (please report this bug with "
         "the source) ["
      << (Site.Rule.empty() ? "crash" : Site.Rule) << "]\n";
}

/// What the parse of one source left, kept until it is merged in source
/// order.
struct SourceResult {
  enum { Parsed, Failed, Crashed } Result = Failed;
  std::vector<Diagnostic> Found;
  EditCollector Texts; ///< Only the parsed texts are used.
  SourceLog Log;
  std::set<std::string> Tolerated;
  Diagnostic Failure; ///< When it failed or crashed, for the reports.
};

/// Parses \p Source in every pass and runs the rules; their findings go to
/// \p R. False if some pass did not parse (the error is shown).
bool parseSource(const std::string &Source, const CompilationSetup &Setup,
                 PassSelection Passes, const RulesActionFactory &MakeAction,
                 FileManager &Files, ErrorPrinter &Errors, SourceResult &R,
                 CrashSite &Site) {
  for (CompilationPass Pass : passesFor(Passes)) {
    Errors.resetCount();
    Site = CrashSite();
    Site.Source = Source;
    Site.Pass = Pass;
    tooling::ToolInvocation Invocation(
        Setup.commandFor(Source, Pass),
        MakeAction(Pass, R.Found, Errors, Site, R.Texts), &Files);
    Invocation.setDiagnosticConsumer(&Errors);
    // run() is false on every error, those ErrorPrinter lets through too:
    // the printer's count is the one that says whether the pass parsed.
    Invocation.run();
    if (Errors.errors() == 0)
      continue;
    R.Log.add("", displayPath(Source) + ": error: the " +
                      (Pass == CompilationPass::Host ? "host" : "device") +
                      " compilation pass did not parse; nothing was "
                      "written\n");
    return false;
  }
  return true;
}

/// Parses one source, in its command's directory, through a file system of
/// its own (the working directory is per source) and with crash recovery.
SourceResult parseOne(const std::string &Source, const CompilationSetup &Setup,
                      const ParseSettings &Settings,
                      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> BaseFS,
                      const RulesActionFactory &MakeAction) {
  SourceResult R;
  DiagnosticOptions DiagOpts;
  DiagOpts.ShowColors = Settings.Color;
  ErrorPrinter Errors(R.Log, DiagOpts, Setup.toolDirectory());
  auto FS = llvm::makeIntrusiveRefCnt<WorkingDirectoryFileSystem>(BaseFS);
  // Relative paths of the command (-I include) name files in its
  // directory, as ClangTool reads them.
  std::string Dir = Setup.directoryFor(Source);
  if (std::error_code EC = FS->setCurrentWorkingDirectory(Dir)) {
    std::string Why = "cannot enter '" + Dir +
                      "', the directory of its compile command: " +
                      EC.message();
    R.Log.add("", displayPath(Source) + ": error: " + Why +
                      "; nothing was written\n");
    R.Failure = parseFailure(Source, std::nullopt, Why);
    return R;
  }
  auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), FS);
  CrashSite Site;
  bool Parsed = false;
  llvm::CrashRecoveryContext Recovery;
  if (!Recovery.RunSafely([&] {
        Parsed = parseSource(Source, Setup, Settings.Passes, MakeAction,
                             *Files, Errors, R, Site);
      })) {
    // What the crashed parse built is leaked on purpose: freeing it could
    // crash again.
    Errors.abandonParse();
    Files.resetWithoutRelease();
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    reportCrash(OS, Source, Site);
    R.Log.add("", std::move(Text));
    R.Failure = crashFailure(Source, Site);
    R.Result = SourceResult::Crashed;
    return R;
  }
  R.Result = Parsed ? SourceResult::Parsed : SourceResult::Failed;
  if (!Parsed)
    R.Failure = parseFailure(Source, Errors.firstError(), "it did not parse");
  R.Tolerated = Errors.toleratedCrossSpace();
  return R;
}

/// Adds what \p R found to the run, as if its source had been parsed alone
/// after the ones before it.
void merge(const std::string &Source, SourceResult &R, EditCollector &Sink,
           ParseOutcome &Outcome, std::set<std::string> &Shown,
           llvm::raw_ostream &Err, ProgressLine *Progress) {
  if (Progress && !R.Log.empty())
    Progress->clear();
  R.Log.replay(Err, Shown);
  if (R.Result != SourceResult::Parsed)
    Outcome.Failures.push_back(std::move(R.Failure));
  if (R.Result == SourceResult::Crashed) {
    ++Outcome.Crashed;
    return;
  }
  for (const auto &[File, Text] : R.Texts.parsedTexts())
    Sink.recordParsedText(File, Text);
  Outcome.ToleratedCrossSpace.insert(R.Tolerated.begin(), R.Tolerated.end());
  if (R.Result == SourceResult::Failed) {
    ++Outcome.Failed;
    return;
  }
  Sink.setUnit(Source);
  for (Diagnostic &D : R.Found)
    Sink.add(std::move(D));
  Outcome.Parsed.push_back(Source);
}

} // namespace

ParseOutcome parseAll(const std::vector<std::string> &Sources,
                      const CompilationSetup &Setup,
                      const ParseSettings &Settings,
                      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                      RulesActionFactory MakeAction, EditCollector &Sink,
                      llvm::raw_ostream &Err) {
  ParseOutcome Outcome;
  std::set<std::string> Shown;
  size_t Done = 0;
  auto MergeNext = [&](SourceResult &&R) {
    merge(Sources[Done], R, Sink, Outcome, Shown, Err, Settings.Progress);
    ++Done;
    if (Settings.Progress)
      Settings.Progress->update(Done, Sources[Done - 1]);
  };
  if (Settings.Jobs <= 1 || Sources.size() <= 1) {
    for (const std::string &Source : Sources)
      MergeNext(parseOne(Source, Setup, Settings, FS, MakeAction));
    return Outcome;
  }
  // Each source is parsed on a worker; results are merged here, in source
  // order, as soon as every source before them is done.
  llvm::DefaultThreadPool Pool(
      llvm::hardware_concurrency(std::min<size_t>(Settings.Jobs,
                                                  Sources.size())));
  std::vector<SourceResult> Results(Sources.size());
  std::vector<std::shared_future<void>> Finished;
  for (size_t I = 0; I < Sources.size(); ++I)
    Finished.push_back(Pool.async([&, I] {
      Results[I] = parseOne(Sources[I], Setup, Settings, FS, MakeAction);
    }));
  for (size_t I = 0; I < Sources.size(); ++I) {
    Finished[I].wait();
    MergeNext(std::move(Results[I]));
  }
  return Outcome;
}

} // namespace cudalower

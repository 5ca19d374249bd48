//===--- Parse.cpp - The rules' parse of every source ---------------------===//

#include "Engine/Parse.h"
#include "Nvcc/CrossSpaceCalls.h"
#include "Nvcc/SpellingFixes.h"
#include "Engine/Ownership.h"
#include "Engine/SourceFailures.h"
#include "Engine/WorkingDirectoryFileSystem.h"
#include "Nvcc/ToleratedErrors.h"
#include "Output/DiagnosticPrinter.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
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
  if (FixOwned)
    Owned = std::make_unique<FileOwnership>(*FixOwned);
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
  if (isToleratedError(Info, CurrentSema))
    return;
  hold(Level, Info);
}

/// Holds \p Info until its notes have come: they decide whether it is only
/// a call across execution spaces.
void ErrorPrinter::hold(DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) {
  Held.emplace_back(Level, Info);
  HeldCrossSpace = Info.getID() == diag::err_ref_bad_target;
  HeldWhere = contextNow();
  HeldKeys.clear();
  if (!Info.hasSourceManager() || Info.getLocation().isInvalid())
    return;
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation Loc = SM.getFileLoc(Info.getLocation());
  const NamedDecl *Target = crossSpaceTarget(Info);
  std::string File = canonicalPathOf(SM, Loc);
  HeldKeys = crossSpaceKeys(
      File, offsetOnDisk(File, SM.getFileOffset(Loc)),
      Target ? Target->getQualifiedNameAsString() : std::string());
}

void ErrorPrinter::setSema(Sema *S) {
  CurrentSema = S;
  // Clang stops at its error limit with a fatal error that silences every
  // later diagnostic, and counts the errors this printer tolerates towards
  // it: twenty cross-space calls would hide the real error after them. The
  // printer limits what it shows instead.
  if (S)
    S->getDiagnostics().setErrorLimit(0);
}

/// Where the parser is: the function and the context Sema works in.
ErrorContext ErrorPrinter::contextNow() const {
  if (!CurrentSema)
    return {};
  return contextOf(*CurrentSema);
}

/// \p Offset of the text parsed for \p File, in the file on disk.
unsigned ErrorPrinter::offsetOnDisk(const std::string &File,
                                    unsigned Offset) const {
  return Applied ? Applied->toOriginal(File, Offset) : Offset;
}

/// If the held error is a spelling nvcc accepts that the parse fixes
/// (ParseFixes.h), in a file of the project, records its fix and returns
/// true. If it is one elsewhere, says in \p Hint why it stays an error.
bool ErrorPrinter::takeFix(std::string &Hint) {
  if (!FixOwned)
    return false;
  std::optional<ParseFixSite> Site = nvccSpellingFix(Held, HeldWhere);
  if (!Site || !FixKinds.count(Site->Kind))
    return false;
  const SourceManager &SM = Site->Loc.getManager();
  std::vector<FullSourceLoc> Places = {Site->Loc};
  Places.insert(Places.end(), Site->Also.begin(), Site->Also.end());
  for (const FullSourceLoc &Place : Places) {
    if (Owned->isOwned(SM, Place))
      continue;
    Hint = describeSpellingFix(*Site) + ", and cuda-lower " +
           (Site->Kind == ParseFixKind::TemplateKeyword ? "inserts it"
                                                        : "fixes this") +
           " only in the project's files: ";
    Hint += SM.isInSystemHeader(Place)
                ? "this is a system header (include its directory with -I, "
                  "not -isystem)"
                : "this file is outside the project root (add its directory "
                  "with --in-root)";
    Hint += ", or write " + userSpellingOf(*Site) +
            " here, which both compilers accept";
    return false;
  }
  for (const FullSourceLoc &Place : Places)
    recordFix(*Site, Place);
  return true;
}

/// Records \p Site's fix at \p Place, with the text on disk of its file.
void ErrorPrinter::recordFix(const ParseFixSite &Site, FullSourceLoc Place) {
  const SourceManager &SM = Place.getManager();
  std::string File = canonicalPathOf(SM, Place);
  llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(Place));
  if (!Applied || !Applied->covers(File))
    Originals.emplace(File, Buffer.str());
  unsigned Offset = SM.getFileOffset(Place);
  Fixes.push_back({File, offsetOnDisk(File, Offset), Site.Text, Site.Name,
                   Site.Kind, Site.Length,
                   Buffer.substr(Offset, Site.Length).str()});
}

void ErrorPrinter::abandonParse() {
  Held.clear();
  HeldWhere = {};
  CurrentSema = nullptr;
  HeldCrossSpace = false;
  PPOfFile = nullptr;
  Owned.reset();
  resetCount();
}

/// Shows (or drops) the held error and its notes.
void ErrorPrinter::flush() {
  if (Held.empty())
    return;
  if (!HeldCrossSpace) {
    ++Errors;
    const StoredDiagnostic &E = Held.front();
    std::string Hint = nvccExtensionHint(Held, HeldWhere);
    if (takeFix(Hint))
      ++Fixable;
    if (!First)
      First = clangError(E);
    std::string Key = E.getMessage().str();
    if (E.getLocation().isValid())
      Key += E.getLocation().printToString(E.getLocation().getManager());
    if (Errors <= MaxShownErrors)
      show(std::move(Key), Hint);
    else if (Errors == MaxShownErrors + 1)
      sayErrorsHidden(E);
  } else {
    Tolerated.insert(HeldKeys.begin(), HeldKeys.end());
  }
  Held.clear();
  HeldCrossSpace = false;
}

/// Says, once per file, that the errors after \p First are not shown.
void ErrorPrinter::sayErrorsHidden(const StoredDiagnostic &First) {
  std::string File = "cuda-lower";
  if (First.getLocation().isValid())
    File = First.getLocation().getManager().getFilename(
        First.getLocation().getManager().getFileLoc(First.getLocation()));
  Log.add("hidden:" + File, displayPath(File, UserCwd) +
                                ": note: the errors after the first " +
                                std::to_string(MaxShownErrors) +
                                " are not shown\n");
}

/// Renders the held error and its notes, with the paths shown as the tool's
/// own diagnostics show them, and \p Hint, what nvcc accepts there.
void ErrorPrinter::show(std::string Key, const std::string &Hint) {
  std::string Text;
  llvm::raw_string_ostream Rendered(Text);
  Rendered.enable_colors(Opts.ShowColors);
  TextDiagnostic Renderer(Rendered, LangOpts, Opts, PPOfFile);
  for (StoredDiagnostic &D : Held)
    Renderer.emitStoredDiagnostic(D);
  renderNvccExtensionHint(Renderer, Hint);
  Log.add(std::move(Key), relativeLocations(Text, UserCwd));
}

void SourceLog::replay(llvm::raw_ostream &OS,
                       std::set<std::string> &Shown) const {
  for (const auto &[Key, Text] : Chunks)
    if (Key.empty() || Shown.insert(Key).second)
      OS << Text;
}

/// Says so, after Clang's error, when nvcc accepts the code.
void ErrorPrinter::renderNvccExtensionHint(TextDiagnostic &Renderer,
                                           const std::string &Hint) {
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

/// The rules' action, with a SemaTap beside its consumer.
class WithSemaTap : public WrapperFrontendAction {
public:
  WithSemaTap(std::unique_ptr<FrontendAction> Rules, ErrorPrinter &Errors)
      : WrapperFrontendAction(std::move(Rules)), Errors(Errors) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef In) override {
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(WrapperFrontendAction::CreateASTConsumer(CI, In));
    if (!Consumers.back())
      return nullptr;
    Consumers.push_back(std::make_unique<SemaTap>(
        [&Errors = Errors](Sema *S) { Errors.setSema(S); }));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }
  void EndSourceFileAction() override {
    Errors.setSema(nullptr);
    WrapperFrontendAction::EndSourceFileAction();
  }

private:
  ErrorPrinter &Errors;
};

/// How the passes of one parse of a source went.
enum class PassesResult { Parsed, NeedFixes, Failed };

/// Parses \p Source in every pass and runs the rules; their findings go to
/// \p R. NeedFixes if ParseFixes repairs some of the errors (the others
/// may follow from those; the other passes are parsed too, so that their
/// fixes are found as well); Failed if some pass did not parse and no fix
/// was found (the error is shown).
PassesResult parsePasses(const std::string &Source,
                         const CompilationSetup &Setup, PassSelection Passes,
                         const RulesActionFactory &MakeAction,
                         FileManager &Files, ErrorPrinter &Errors,
                         SourceResult &R, CrashSite &Site) {
  bool NeedFixes = false;
  // The text the parse reads (fixes applied): its leading includes may be
  // precompiled.
  auto Text = Files.getVirtualFileSystem().getBufferForFile(Source);
  llvm::StringRef Read = Text ? (*Text)->getBuffer() : "";
  for (CompilationPass Pass : passesFor(Passes)) {
    Errors.resetCount();
    Site = CrashSite();
    Site.Source = Source;
    Site.Pass = Pass;
    tooling::ToolInvocation Invocation(
        Setup.parseCommandFor(Source, Pass, Semantics::WithNvccFlags, Read),
        std::make_unique<WithSemaTap>(
            MakeAction(Pass, R.Found, Errors, Site, R.Texts), Errors),
        &Files);
    Invocation.setDiagnosticConsumer(&Errors);
    // run() is false on every error, those ErrorPrinter lets through too:
    // the printer's count is the one that says whether the pass parsed.
    Invocation.run();
    if (Errors.errors() == 0)
      continue;
    if (Errors.foundFixes()) {
      NeedFixes = true;
      continue;
    }
    R.Log.add("", displayPath(Source) + ": error: the " +
                      (Pass == CompilationPass::Host ? "host" : "device") +
                      " compilation pass did not parse; nothing was "
                      "written for it\n");
    return PassesResult::Failed;
  }
  return NeedFixes ? PassesResult::NeedFixes : PassesResult::Parsed;
}

/// Moves the findings of a parse of fixed text, and the texts the files were
/// parsed with, to the files as they are on disk (ParseFixes::mapToOriginal).
void moveToTextOnDisk(SourceResult &R, const ParseFixes &Applied,
                      const std::map<std::string, std::string> &Originals) {
  for (Diagnostic &D : R.Found)
    Applied.mapToOriginal(D, Originals);
  EditCollector Texts;
  for (const auto &[File, Text] : R.Texts.parsedTexts()) {
    auto Original = Originals.find(File);
    Texts.recordParsedText(File, Original == Originals.end()
                                     ? llvm::StringRef(Text)
                                     : llvm::StringRef(Original->second));
  }
  for (const std::string &File : R.Texts.readFiles())
    Texts.recordRead(File);
  R.Texts = std::move(Texts);
}

/// Parses of one source with more `template` keywords each time
/// (ParseFixes.h): a fix can reveal errors Clang did not reach (its error
/// limit, instantiations it skipped), but each parse must fix something.
constexpr unsigned MaxParses = 6;

/// Parses \p Source, again with the fixes its errors call for while there
/// are some, through a file manager of its own in \p Files (so that a crash
/// can leak it). False if it did not parse (the error is shown).
bool parseSource(const std::string &Source, const CompilationSetup &Setup,
                 const ParseSettings &Settings,
                 llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> BaseFS,
                 const RulesActionFactory &MakeAction,
                 llvm::IntrusiveRefCntPtr<FileManager> &Files,
                 ErrorPrinter &Errors, SourceResult &R, CrashSite &Site) {
  ParseFixes Applied;
  std::map<std::string, std::string> Originals; // of the files fixed
  for (unsigned Parse = 1;; ++Parse) {
    auto FS = llvm::makeIntrusiveRefCnt<WorkingDirectoryFileSystem>(
        withFixes(BaseFS, Applied, Originals));
    // Relative paths of the command (-I include) name files in its
    // directory, as ClangTool reads them.
    std::string Dir = Setup.directoryFor(Source);
    if (std::error_code EC = FS->setCurrentWorkingDirectory(Dir)) {
      std::string Why = "cannot enter '" + Dir +
                        "', the directory of its compile command: " +
                        EC.message();
      R.Log.add("", displayPath(Source) + ": error: " + Why +
                        "; nothing was written for it\n");
      R.Failure = parseFailure(Source, std::nullopt, Why);
      return false;
    }
    Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), FS);
    Errors.setApplied(&Applied);
    size_t Shown = R.Log.size();
    PassesResult Result = parsePasses(Source, Setup, Settings.Passes,
                                      MakeAction, *Files, Errors, R, Site);
    if (Result == PassesResult::Failed)
      return false;
    if (Result == PassesResult::Parsed)
      break;
    bool Fixed = false;
    for (ParseFix &Fix : Errors.takeFixes())
      Fixed |= Applied.add(std::move(Fix));
    Originals.merge(Errors.takeOriginals());
    if (!Fixed || Parse == MaxParses) {
      R.Log.add("", displayPath(Source) +
                        ": error: the source did not parse after cuda-lower "
                        "fixed the spellings Clang asked for ('template' "
                        "keywords, ...); nothing was written for it\n");
      return false;
    }
    // The errors are fixed: parse again, as if for the first time.
    R.Log.truncate(Shown);
    R.Found.clear();
    R.Texts = EditCollector();
  }
  if (!Applied.empty())
    moveToTextOnDisk(R, Applied, Originals);
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
  if (Settings.ParseFixesFor)
    if (std::set<ParseFixKind> Kinds = Settings.ParseFixesFor(Source);
        !Kinds.empty())
      Errors.enableParseFixes(Settings.Owned, std::move(Kinds));
  llvm::IntrusiveRefCntPtr<FileManager> Files;
  CrashSite Site;
  bool Parsed = false;
  llvm::CrashRecoveryContext Recovery;
  if (!runParseSafely(Recovery, [&] {
        Parsed = parseSource(Source, Setup, Settings, BaseFS, MakeAction,
                             Files, Errors, R, Site);
        Errors.setApplied(nullptr); // parseSource's own
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
  Outcome.ReadBy[Source] = R.Texts.readFiles();
  if (R.Result == SourceResult::Failed) {
    ++Outcome.Failed;
    Outcome.NotParsed.push_back(Source);
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

void ParseOutcome::absorb(ParseOutcome More) {
  Parsed.insert(Parsed.end(), More.Parsed.begin(), More.Parsed.end());
  Failed += More.Failed;
  Crashed += More.Crashed;
  for (Diagnostic &D : More.Failures)
    Failures.push_back(std::move(D));
  ToleratedCrossSpace.merge(More.ToleratedCrossSpace);
  NotParsed.insert(NotParsed.end(), More.NotParsed.begin(),
                   More.NotParsed.end());
  ReadBy.merge(More.ReadBy);
}

bool runParseSafely(llvm::CrashRecoveryContext &Recovery,
                    llvm::function_ref<void()> Parse) {
  // Sixteen times Clang's own 8 MB, address space touched only as far as it
  // is used. Our own walks keep their parents without recursing per level
  // (ContextVisitor), but Clang's do: a sum of 100,000 terms overflows 8 MB
  // inside libclang-cpp (engine/deep-expressions.test has 30,000).
  constexpr unsigned ParseStackSize = 128u << 20;
  return Recovery.RunSafelyOnThread(Parse, ParseStackSize);
}

} // namespace cudalower

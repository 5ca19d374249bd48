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

//===--- Engine.cpp - From options to rewritten files ---------------------===//
//
// The flow: options -> one compile command per source -> a host and a device
// parse of each -> every rule sees each AST and reports diagnostics with
// edits -> the EditCollector merges them -> the edits are written out as the
// output mode asks. See docs/design.md.
//
//===----------------------------------------------------------------------===//

#include "Analysis/Analyses.h"
#include "Driver/CompilationSetup.h"
#include "Driver/PragmaMacros.h"
#include "Engine/ClangErrors.h"
#include "Engine/EditCollector.h"
#include "Engine/Ownership.h"
#include "Engine/RuleRegistry.h"
#include "Engine/Verification.h"
#include "Output/DiagnosticPrinter.h"
#include "Output/Emit.h"
#include "cudalower/Tool.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Basic/Cuda.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <csignal>
#include <set>

using namespace clang;

namespace cudalower {
namespace {

/// Which rules run, and their options; shared by every TU and pass.
struct RunConfig {
  std::vector<const RuleInfo *> Rules;
  llvm::StringSet<> Enabled;
  std::map<std::string, std::string> Options; // "rule.key" -> value
  std::string Root;                            // with a trailing separator
  std::string TestCrashInRule, TestCrashInSource; // see ToolOptions
  FindingOwners Owners; // from Enabled
  /// What rules leave for the other pass of a source: "source\nrule" ->
  /// the rule's map (RuleContext::acrossPasses).
  mutable llvm::StringMap<llvm::StringMap<std::string>> AcrossPasses;
};

/// Which rule owns a finding two enabled rules could claim.
FindingOwners ownersFor(const llvm::StringSet<> &Enabled) {
  FindingOwners O;
  O.PlainLambdasBecomeDevice = Enabled.contains("exec-space-lambda-to-device");
  O.LambdaRuleLowersPlainLambdas = Enabled.contains("lower-extended-lambda");
  O.ConstexprRuleOwnsConstexprCallees = Enabled.contains("constexpr-host-call");
  O.StdRuleOwnsStdCallees = Enabled.contains("std-to-cuda-std");
  return O;
}

/// What the tool was doing on a source, for the report of a crash.
struct CrashSite {
  std::string Source; ///< The main file of the translation unit.
  CompilationPass Pass = CompilationPass::Host;
  std::string Rule; ///< Empty while Clang parses.
  const SourceManager *SM = nullptr;
  SourceLocation Loc;
};

/// The text \p SM parsed for the file at \p RealPath (symbolic links
/// resolved, as edits name files), or nothing if it holds no such file.
std::optional<llvm::StringRef> parsedBuffer(const SourceManager &SM,
                                            llvm::StringRef RealPath) {
  // Most files are named by their real path; resolving every name (system
  // headers included) is the slow fallback.
  for (bool Resolve : {false, true}) {
    for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End;
         ++It) {
      llvm::StringRef Name = It->first.getName();
      llvm::SmallString<256> Real;
      bool Same = Resolve ? !llvm::sys::fs::real_path(Name, Real) &&
                                Real == RealPath
                          : Name == RealPath;
      if (Same)
        if (std::optional<llvm::StringRef> Data =
                It->second->getBufferDataIfLoaded())
          return Data;
    }
  }
  return std::nullopt;
}

class RuleContextImpl : public RuleContext {
public:
  RuleContextImpl(ASTContext &Ctx, CompilationPass Pass, const RunConfig &Cfg,
                  std::vector<Diagnostic> &Found,
                  const std::vector<WrongSideReference> &WrongSide,
                  CrashSite &Site, EditCollector &Sink)
      : Ctx(Ctx), Pass(Pass), Cfg(Cfg), Found(Found), WrongSide(WrongSide),
        Site(Site), Sink(Sink) {}

  llvm::ArrayRef<WrongSideReference> getWrongSideReferences() const override {
    return WrongSide;
  }

  ASTContext &getASTContext() override { return Ctx; }
  CompilationPass getPass() const override { return Pass; }

  bool isUserOwned(SourceLocation Loc) const override {
    return Owned.isOwned(Ctx.getSourceManager(), Loc);
  }

  const FindingOwners &owners() const override { return Cfg.Owners; }

  Analyses &analyses() override {
    if (!TUAnalyses)
      TUAnalyses = std::make_unique<Analyses>(*this);
    return *TUAnalyses;
  }

  llvm::StringMap<std::string> &acrossPasses(llvm::StringRef Rule) override {
    return Cfg.AcrossPasses[Site.Source + "\n" + Rule.str()];
  }

  std::string getOption(llvm::StringRef Rule, llvm::StringRef Key,
                        llvm::StringRef Default) const override {
    auto It = Cfg.Options.find((Rule + "." + Key).str());
    return It == Cfg.Options.end() ? Default.str() : It->second;
  }

  void record(Diagnostic D) override {
    if (D.File.empty())
      return;
    recordParsedTexts(D);
    Found.push_back(std::move(D));
  }

  void beginCheck(llvm::StringRef Rule, SourceLocation Loc) override {
    Site.Rule = Rule.str();
    Site.SM = &Ctx.getSourceManager();
    Site.Loc = Loc;
    if (Rule == Cfg.TestCrashInRule &&
        llvm::sys::path::filename(Site.Source)
            .contains(Cfg.TestCrashInSource))
      crashForTesting();
  }

private:
  [[noreturn]] static void crashForTesting() {
    std::raise(SIGSEGV);
    std::abort();
  }

  /// Hands the collector the text each file \p D edits was parsed with:
  /// edits apply to exactly that text, and -i checks the file still holds
  /// it before writing (docs/reliability.md).
  void recordParsedTexts(const Diagnostic &D) {
    for (const Edit &E : D.Edits)
      if (TextRecorded.insert(E.File).second)
        if (std::optional<llvm::StringRef> Text =
                parsedBuffer(Ctx.getSourceManager(), E.File))
          Sink.recordParsedText(E.File, *Text);
  }

  ASTContext &Ctx;
  CompilationPass Pass;
  const RunConfig &Cfg;
  std::vector<Diagnostic> &Found;
  const std::vector<WrongSideReference> &WrongSide;
  CrashSite &Site;
  EditCollector &Sink;
  mutable FileOwnership Owned{Cfg.Root};
  llvm::StringSet<> TextRecorded;
  std::unique_ptr<Analyses> TUAnalyses;
};

std::string currentDirectory() {
  llvm::SmallString<256> Cwd;
  return llvm::sys::fs::current_path(Cwd) ? std::string() : std::string(Cwd);
}

/// Shows Clang's errors (never its warnings) once each, however many passes
/// report them.
///
/// An error caused only by a call across execution spaces (`reference to
/// __host__ function ... in __device__ function`, or an overload set whose
/// candidates were rejected for that reason) is not shown and does not stop
/// the rules: such code is what rules rewrite (std::swap in device code
/// becomes cuda::std::swap), and Clang's recovery keeps the call in the AST.
/// If no rule rewrites it, nvcc reports it on the output.
class ErrorPrinter : public DiagnosticConsumer {
public:
  ErrorPrinter(llvm::raw_ostream &OS, DiagnosticOptions &Opts)
      : OS(OS), Opts(Opts) {}

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    LangOpts = LO;
    PPOfFile = PP;
  }
  void EndSourceFile() override { flush(); }

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
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
      if (const auto *FD =
              dyn_cast_or_null<FunctionDecl>(crossSpaceTarget(Info)))
        WrongSide.push_back({Info.getLocation(), FD});
    Held.emplace_back(Level, Info);
    HeldCrossSpace = Info.getID() == diag::err_ref_bad_target;
    HeldKeys.clear();
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const SourceManager &SM = Info.getSourceManager();
      SourceLocation Loc = SM.getFileLoc(Info.getLocation());
      const NamedDecl *Target = crossSpaceTarget(Info);
      HeldKeys = crossSpaceKeys(
          canonicalPathOf(SM, Loc), SM.getFileOffset(Loc),
          Target ? Target->getQualifiedNameAsString() : std::string());
    }
  }

  /// Errors that stop the rules, including one not yet shown.
  unsigned errors() const {
    return Errors + (!Held.empty() && !HeldCrossSpace);
  }
  /// Forgets the errors, and the tolerated ones, of the previous parse.
  void resetCount() {
    Errors = 0;
    WrongSide.clear();
  }
  /// Forgets what a parse that crashed left half-reported.
  void abandonParse() {
    Held.clear();
    HeldCrossSpace = false;
    PPOfFile = nullptr;
    resetCount();
  }
  const std::vector<WrongSideReference> &wrongSide() const { return WrongSide; }
  /// The cross-space errors tolerated so far (see crossSpaceKeys).
  const std::set<std::string> &toleratedCrossSpace() const {
    return Tolerated;
  }

private:
  /// Shows (or drops) the held error and its notes.
  void flush() {
    if (Held.empty())
      return;
    if (!HeldCrossSpace) {
      ++Errors;
      const StoredDiagnostic &E = Held.front();
      std::string Key = E.getMessage().str();
      if (E.getLocation().isValid())
        Key += E.getLocation().printToString(E.getLocation().getManager());
      if (Shown.insert(Key).second)
        show();
    } else {
      Tolerated.insert(HeldKeys.begin(), HeldKeys.end());
    }
    Held.clear();
    HeldCrossSpace = false;
  }

  /// Renders the held error and its notes, with the paths shown as the
  /// tool's own diagnostics show them (relative to the user's directory),
  /// and a note when nvcc accepts the code.
  void show() {
    std::string Text;
    llvm::raw_string_ostream Rendered(Text);
    Rendered.enable_colors(Opts.ShowColors);
    TextDiagnostic Renderer(Rendered, LangOpts, Opts, PPOfFile);
    for (StoredDiagnostic &D : Held)
      Renderer.emitStoredDiagnostic(D);
    renderNvccExtensionHint(Renderer);
    OS << relativeLocations(Text, UserCwd);
  }

  /// Says so, after Clang's error, when nvcc accepts the code.
  void renderNvccExtensionHint(TextDiagnostic &Renderer) {
    std::string Hint = nvccExtensionHint(Held);
    const StoredDiagnostic &E = Held.front();
    if (Hint.empty() || !E.getLocation().isValid())
      return;
    StoredDiagnostic Note(DiagnosticsEngine::Note, E.getID(), Hint,
                          E.getLocation(), {}, {});
    Renderer.emitStoredDiagnostic(Note);
  }

  llvm::raw_ostream &OS;
  DiagnosticOptions &Opts;
  /// Where the user ran the tool: parsing runs in each command's directory.
  std::string UserCwd = currentDirectory();
  LangOptions LangOpts;
  const Preprocessor *PPOfFile = nullptr;
  std::vector<StoredDiagnostic> Held; // an error and its notes
  bool HeldCrossSpace = false;
  std::vector<std::string> HeldKeys; // of the held error
  std::set<std::string> Tolerated;
  std::set<std::string> Shown;
  unsigned Errors = 0;
  std::vector<WrongSideReference> WrongSide;
};

/// Runs every rule's matchers over one AST, then their end-of-TU hooks.
class RulesConsumer : public ASTConsumer {
public:
  RulesConsumer(CompilerInstance &CI, CompilationPass Pass,
                const RunConfig &Cfg, std::vector<Diagnostic> &Found,
                const ErrorPrinter &Errors, CrashSite &Site,
                EditCollector &Sink)
      : Context(CI.getASTContext(), Pass, Cfg, Found, Errors.wrongSide(),
                Site, Sink),
        Errors(Errors),
        Finder(finderOptions()) {
    for (const RuleInfo *Info : Cfg.Rules) {
      Rules.push_back(Info->Create(Info->Name, Context));
      Rules.back()->registerMatchers(Finder);
      Rules.back()->registerPPCallbacks(CI.getPreprocessor());
    }
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // A TU that did not parse is reported by the caller; rules never see a
    // broken AST, so they never propose edits from one.
    if (Errors.errors())
      return;
    Finder.matchAST(Ctx);
    for (auto &R : Rules) {
      Context.beginCheck(R->getName(), SourceLocation());
      R->finishTranslationUnit();
    }
  }

private:
  static ast_matchers::MatchFinder::MatchFinderOptions finderOptions() {
    ast_matchers::MatchFinder::MatchFinderOptions Opts;
    // Toolkit and library headers are large and never edited; skipping them
    // is most of the matching time saved.
    Opts.IgnoreSystemHeaders = true;
    return Opts;
  }

  RuleContextImpl Context;
  const ErrorPrinter &Errors;
  ast_matchers::MatchFinder Finder;
  std::vector<std::unique_ptr<Rule>> Rules;
};

class RulesAction : public ASTFrontendAction {
public:
  RulesAction(CompilationPass Pass, const RunConfig &Cfg,
              std::vector<Diagnostic> &Found, const ErrorPrinter &Errors,
              CrashSite &Site, EditCollector &Sink)
      : Pass(Pass), Cfg(Cfg), Found(Found), Errors(Errors), Site(Site),
        Sink(Sink) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    // Code that uses `#define UNROLL #pragma unroll` parses, as with nvcc.
    readPragmaMacrosAsNvcc(CI.getPreprocessor());
    return std::make_unique<RulesConsumer>(CI, Pass, Cfg, Found, Errors, Site,
                                           Sink);
  }

private:
  CompilationPass Pass;
  const RunConfig &Cfg;
  std::vector<Diagnostic> &Found;
  const ErrorPrinter &Errors;
  CrashSite &Site;
  EditCollector &Sink;
};

bool isSourceFile(llvm::StringRef Path) {
  static const llvm::StringSet<> Exts = {
      ".cu",  ".cuh", ".cpp", ".cc", ".cxx", ".c++", ".cp", ".C",
      ".h",   ".hpp", ".hh",  ".hxx", ".inl", ".ipp", ".tcc", ".cuinl"};
  return Exts.contains(llvm::sys::path::extension(Path));
}

llvm::Expected<RunConfig> makeRunConfig(const ToolOptions &Opts) {
  RunConfig Cfg;
  for (const std::string &Name : Opts.EnabledRules)
    if (!findRule(Name))
      return llvm::createStringError("unknown rule '" + Name +
                                     "' in --rules (see --list-rules)");
  for (const std::string &Name : Opts.DisabledRules)
    if (!findRule(Name))
      return llvm::createStringError("unknown rule '" + Name +
                                     "' in --disable (see --list-rules)");
  auto Listed = [](const std::vector<std::string> &L, llvm::StringRef N) {
    return std::find(L.begin(), L.end(), N) != L.end();
  };
  for (const RuleInfo &R : allRules()) {
    bool On = Opts.EnabledRules.empty() ? R.DefaultOn
                                        : Listed(Opts.EnabledRules, R.Name);
    if (On && !Listed(Opts.DisabledRules, R.Name)) {
      Cfg.Rules.push_back(&R);
      Cfg.Enabled.insert(R.Name);
    }
  }
  Cfg.Owners = ownersFor(Cfg.Enabled);
  for (const std::string &KV : Opts.RuleOptions) {
    auto [Key, Value] = llvm::StringRef(KV).split('=');
    if (!Key.contains('.') || llvm::StringRef(KV).find('=') == llvm::StringRef::npos ||
        !findRule(Key.split('.').first))
      return llvm::createStringError("--rule-option '" + KV +
                                     "' is not <rule>.<key>=<value>");
    Cfg.Options[Key.str()] = Value.str();
  }
  return Cfg;
}

/// Checks the sources exist and are C++/CUDA; returns their real paths.
llvm::Expected<std::vector<std::string>>
resolveSources(const std::vector<std::string> &Sources) {
  std::vector<std::string> Out;
  for (const std::string &S : Sources) {
    llvm::SmallString<256> Real;
    if (std::error_code EC = llvm::sys::fs::real_path(S, Real))
      return llvm::createStringError(S + ": " + EC.message());
    if (llvm::sys::fs::is_directory(Real))
      return llvm::createStringError(S + ": is a directory");
    if (!isSourceFile(Real))
      return llvm::createStringError(
          S + ": not a CUDA or C++ source file (expected .cu, .cuh, .cpp, "
              ".h, ...)");
    Out.push_back(std::string(Real));
  }
  return Out;
}

/// A source outside the project root would be parsed but never edited, and
/// --check would pass on it: the root must hold every source.
llvm::Error checkSourcesUnderRoot(const std::vector<std::string> &Sources,
                                  llvm::StringRef Root,
                                  llvm::StringRef InRoot) {
  for (const std::string &S : Sources)
    if (!llvm::StringRef(S).starts_with(Root))
      return llvm::createStringError(
          displayPath(S) + ": outside the project root '" +
          Root.drop_back() + "' (" +
          (InRoot.empty() ? "the git work tree or directory of the first "
                            "source; pass --in-root to name one holding "
                            "every source"
                          : "--in-root") +
          "); it would not be rewritten");
  return llvm::Error::success();
}

/// How the parse of the sources went.
struct ParseOutcome {
  std::vector<std::string> Parsed; ///< Sources whose findings were kept.
  unsigned Failed = 0;  ///< Sources with a Clang error in some pass.
  unsigned Crashed = 0; ///< Sources the tool crashed on.
  /// Cross-space errors the input had and the rules were let see past.
  std::set<std::string> ToleratedCrossSpace;
};

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

/// Parses \p Source in every pass and runs the rules; their findings go to
/// \p Found. False if some pass did not parse (the error is shown).
bool parseSource(const std::string &Source, const CompilationSetup &Setup,
                 const RunConfig &Cfg, PassSelection Passes,
                 FileManager &Files, ErrorPrinter &Errors,
                 std::vector<Diagnostic> &Found, CrashSite &Site,
                 EditCollector &Sink, llvm::raw_ostream &Err) {
  for (CompilationPass Pass : passesFor(Passes)) {
    Errors.resetCount();
    Site = CrashSite();
    Site.Source = Source;
    Site.Pass = Pass;
    tooling::ToolInvocation Invocation(
        Setup.commandFor(Source, Pass),
        std::make_unique<RulesAction>(Pass, Cfg, Found, Errors, Site, Sink),
        &Files);
    Invocation.setDiagnosticConsumer(&Errors);
    // Invocation.run() also fails on the errors ErrorPrinter lets through.
    Invocation.run();
    if (Errors.errors() == 0)
      continue;
    Err << displayPath(Source) << ": error: the "
        << (Pass == CompilationPass::Host ? "host" : "device")
        << " compilation pass did not parse; nothing was written\n";
    return false;
  }
  return true;
}

/// Parses every source in every pass. A crash costs only its source: it is
/// reported, its findings are dropped, and the next source is parsed.
ParseOutcome parseAll(const std::vector<std::string> &Sources,
                      const CompilationSetup &Setup, const RunConfig &Cfg,
                      PassSelection Passes, EditCollector &Sink,
                      llvm::raw_ostream &Err, bool Color) {
  DiagnosticOptions DiagOpts;
  DiagOpts.ShowColors = Color;
  ErrorPrinter Errors(Err, DiagOpts);
  auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions());
  ParseOutcome Outcome;
  for (const std::string &Source : Sources) {
    llvm::sys::fs::set_current_path(Setup.directoryFor(Source));
    std::vector<Diagnostic> Found;
    CrashSite Site;
    bool Parsed = false;
    llvm::CrashRecoveryContext Recovery;
    if (!Recovery.RunSafely([&] {
          Parsed = parseSource(Source, Setup, Cfg, Passes, *Files, Errors,
                               Found, Site, Sink, Err);
        })) {
      // What the crashed parse built is leaked on purpose: freeing it could
      // crash again. The file cache may be half-updated, so start afresh.
      Errors.abandonParse();
      Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions());
      reportCrash(Err, Source, Site);
      ++Outcome.Crashed;
      continue;
    }
    if (!Parsed) {
      ++Outcome.Failed;
      continue;
    }
    for (Diagnostic &D : Found)
      Sink.add(std::move(D));
    Outcome.Parsed.push_back(Source);
  }
  Outcome.ToleratedCrossSpace = Errors.toleratedCrossSpace();
  return Outcome;
}

/// Prints the rules' findings and verification's problems by place. A
/// problem on a line where a rule already reported an error (a lambda it
/// could not lower, say) adds nothing: the rule's message says why.
void printDiagnostics(llvm::raw_ostream &Err,
                      const std::vector<Diagnostic> &Found,
                      const std::vector<Diagnostic> &Problems, bool Color) {
  std::vector<Diagnostic> All = Found;
  std::set<std::pair<std::string, unsigned>> RuleErrorLines;
  for (const Diagnostic &D : Found)
    if (D.Level == DiagLevel::Error)
      RuleErrorLines.insert({D.File, D.Line});
  for (const Diagnostic &P : Problems)
    if (!RuleErrorLines.count({P.File, P.Line}))
      All.push_back(P);
  std::stable_sort(All.begin(), All.end(),
                   [](const Diagnostic &A, const Diagnostic &B) {
                     return std::tie(A.File, A.Offset) <
                            std::tie(B.File, B.Offset);
                   });
  for (const Diagnostic &D : All)
    printDiagnostic(Err, D, Color);
}

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

} // namespace

void listRules(llvm::raw_ostream &Out) {
  for (const RuleInfo &R : allRules())
    Out << R.Name << (R.DefaultOn ? "" : " (off by default)") << "\n    "
        << R.Summary << '\n';
}

int runTool(const ToolOptions &Opts, llvm::raw_ostream &Out,
            llvm::raw_ostream &Err) {
  auto Fail = [&](llvm::Error E) {
    Err << "cuda-lower: error: " << llvm::toString(std::move(E)) << '\n';
    return UsageError;
  };
  if (Opts.Sources.empty())
    return Fail(llvm::createStringError("no source files given"));
  if ((Opts.Mode == OutputMode::Stdout || Opts.Mode == OutputMode::File) &&
      Opts.Sources.size() > 1)
    return Fail(llvm::createStringError(
        "several sources need -i, --diff or --check (stdout and -o take one)"));
  auto Sources = resolveSources(Opts.Sources);
  if (!Sources)
    return Fail(Sources.takeError());
  auto Cfg = makeRunConfig(Opts);
  if (!Cfg)
    return Fail(Cfg.takeError());
  auto Root = findProjectRoot(Opts.InRoot, Sources->front());
  if (!Root)
    return Fail(Root.takeError());
  Cfg->Root = *Root;
  std::tie(Cfg->TestCrashInRule, Cfg->TestCrashInSource) =
      llvm::StringRef(Opts.TestCrashInRule).split('@');
  if (!llvm::StringRef(Cfg->Root).ends_with("/"))
    Cfg->Root += '/';
  if (llvm::Error E = checkSourcesUnderRoot(*Sources, Cfg->Root, Opts.InRoot))
    return Fail(std::move(E));
  auto Setup = CompilationSetup::create(Opts);
  if (!Setup)
    return Fail(Setup.takeError());
  if (llvm::Error E = (*Setup)->prepare(*Sources))
    return Fail(std::move(E));

  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  EditCollector Collector;
  // Signal handlers that turn a crash in a rule or in Clang into an error
  // for one source (parseAll).
  llvm::CrashRecoveryContext::Enable();
  ParseOutcome Parse = parseAll(*Sources, **Setup, *Cfg, Opts.Passes,
                                Collector, Err, Opts.Color);
  llvm::sys::fs::set_current_path(Cwd);
  if (Parse.Failed)
    return Parse.Crashed ? InternalError : ParseError;
  // Stdout and -o show one source: print nothing rather than its original.
  if (Parse.Crashed && (Opts.Mode == OutputMode::Stdout ||
                        Opts.Mode == OutputMode::File))
    return InternalError;

  if (llvm::Error E = Collector.finalize())
    return Fail(std::move(E));
  if (reportChangedFiles(Collector, Err)) {
    printDiagnostics(Err, Collector.diagnostics(), {}, Opts.Color);
    return RewritesNeeded;
  }
  auto Files = applyEdits(Collector.replacements(), Collector.parsedTexts());
  if (!Files)
    return Fail(Files.takeError());

  VerificationResult Verified;
  if (Opts.Verify)
    Verified = verifyOutput(
        {Parse.Parsed, **Setup, Opts.Passes, *Files, Collector, Cfg->Root,
         Parse.ToleratedCrossSpace, Cfg->TestCrashInRule == "verify"});
  printDiagnostics(Err, Collector.diagnostics(), Verified.Problems,
                   Opts.Color);
  if (!Verified.Withheld.empty()) {
    llvm::erase_if(*Files, [&](const RewrittenFile &F) {
      return Verified.Withheld.contains(F.Path);
    });
    // Stdout and -o show one source: print nothing rather than half of it.
    if (Opts.Mode == OutputMode::Stdout || Opts.Mode == OutputMode::File)
      return Verified.Crashed ? InternalError : RewritesNeeded;
  }

  int Code = emitOutput(Opts, Sources->front(), *Files, Out, Err);
  if (Code == Success && (Parse.Crashed || Verified.Crashed))
    Code = InternalError;
  if (Code == Success &&
      (Collector.hasErrors() || !Verified.Problems.empty()))
    Code = RewritesNeeded;
  return Code;
}

} // namespace cudalower

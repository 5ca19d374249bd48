//===--- RulesAction.cpp - The rules over one parse ---------------------===//
//
// Each rule sees one AST through a RuleContext: ownership of files, the
// options, suppressions, what the other pass left, and where its findings
// go. See docs/design.md, section 4.
//
//===----------------------------------------------------------------------===//

#include "Engine/RulesAction.h"
#include "Analysis/Analyses.h"
#include "Engine/EditCollector.h"
#include "Engine/Ownership.h"
#include "Engine/ParseAsNvcc.h"
#include "Engine/Parse.h"
#include "Engine/RunOutputs.h"
#include "Engine/Suppressions.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/Support/Path.h"
#include <csignal>

using namespace clang;

namespace cudalower {
namespace {

class RuleContextImpl : public RuleContext {
public:
  RuleContextImpl(ASTContext &Ctx, CompilationPass Pass, const RunConfig &Cfg,
                  std::vector<Diagnostic> &Found,
                  const std::vector<WrongSideReference> &WrongSide,
                  const ParseFixes *Fixed, CrashSite &Site,
                  EditCollector &Sink)
      : Ctx(Ctx), Pass(Pass), Cfg(Cfg), Found(Found), WrongSide(WrongSide),
        Fixed(Fixed), Site(Site), Sink(Sink) {}

  llvm::ArrayRef<WrongSideReference> getWrongSideReferences() const override {
    return WrongSide;
  }

  llvm::ArrayRef<ParseFixReference> getParseFixes() const override {
    // Once the TU is parsed: the files fixed are read by then.
    if (Fixed && FixesRead.empty())
      FixesRead = parseFixReferences(*Fixed, Ctx.getSourceManager());
    return FixesRead;
  }

  ASTContext &getASTContext() override { return Ctx; }
  CompilationPass getPass() const override { return Pass; }

  bool isUserOwned(SourceLocation Loc) const override {
    return Owned.isOwned(Ctx.getSourceManager(), Loc);
  }

  bool isToolchainFile(SourceLocation Loc) const override {
    return Owned.isToolchainFile(Ctx.getSourceManager(), Loc);
  }

  const FindingOwners &owners() const override { return Cfg.Owners; }

  Analyses &analyses() override {
    if (!TUAnalyses)
      TUAnalyses = std::make_unique<Analyses>(*this);
    return *TUAnalyses;
  }

  llvm::StringMap<std::string> &acrossPasses(llvm::StringRef Rule) override {
    std::lock_guard<std::mutex> Lock(*Cfg.AcrossPassesLock);
    // StringMap entries never move, so the reference outlives the lock.
    return Cfg.AcrossPasses[Site.Source + "\n" + Rule.str()];
  }

  std::string getOption(llvm::StringRef Rule, llvm::StringRef Key,
                        llvm::StringRef Default) const override {
    auto It = Cfg.Options.find((Rule + "." + Key).str());
    return It == Cfg.Options.end() ? Default.str() : It->second;
  }

  void record(Diagnostic D) override {
    unsigned Column =
        Fixed ? Fixed->toOriginalColumn(D.File, D.Offset, D.Column) : D.Column;
    if (D.File.empty() || !Cfg.keeps(D, Column) ||
        Suppressed.suppresses(D, Ctx.getSourceManager()))
      return;
    if (D.Level == DiagLevel::Warning && Cfg.WarningsAsErrors.contains(D.Rule))
      D.Level = DiagLevel::Error;
    recordParsedTexts(D);
    Found.push_back(std::move(D));
  }

  /// Reports the suppression comments that are malformed or unmatched.
  void recordSuppressionProblems() {
    for (Diagnostic &D : Suppressed.takeProblems(Ctx.getSourceManager()))
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
                loadedTextOf(Ctx.getSourceManager(), E.File))
          Sink.recordParsedText(E.File, *Text);
  }

  ASTContext &Ctx;
  CompilationPass Pass;
  const RunConfig &Cfg;
  std::vector<Diagnostic> &Found;
  const std::vector<WrongSideReference> &WrongSide;
  const ParseFixes *Fixed;
  mutable std::vector<ParseFixReference> FixesRead;
  CrashSite &Site;
  EditCollector &Sink;
  mutable FileOwnership Owned{Cfg.Owned};
  llvm::StringSet<> TextRecorded;
  std::unique_ptr<Analyses> TUAnalyses;
  SuppressionFilter Suppressed;
};

/// Runs every rule's matchers over one AST, then their end-of-TU hooks.
class RulesConsumer : public ASTConsumer {
public:
  RulesConsumer(CompilerInstance &CI, CompilationPass Pass,
                const RunConfig &Cfg, std::vector<Diagnostic> &Found,
                const ErrorPrinter &Errors, CrashSite &Site,
                EditCollector &Sink)
      : Context(CI.getASTContext(), Pass, Cfg, Found, Errors.wrongSide(),
                Errors.applied(), Site, Sink),
        Errors(Errors),
        Finder(finderOptions()) {
    for (const RuleInfo *Info : Cfg.Rules) {
      std::unique_ptr<Rule> R = Info->Create(Info->Name, Context);
      if (!R->isPassSupported(Pass))
        continue;
      Rules.push_back(std::move(R));
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
    Context.recordSuppressionProblems();
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
    OwnedHeaders = std::make_unique<FileOwnership>(Cfg.Owned);
    prepareParseAsNvcc(CI.getPreprocessor(), *OwnedHeaders);
    return std::make_unique<RulesConsumer>(CI, Pass, Cfg, Found, Errors, Site,
                                           Sink);
  }

  /// Keeps the source's text as parsed: printed as it is when no edit
  /// changes it, never read again.
  void EndSourceFileAction() override {
    const SourceManager &SM = getCompilerInstance().getSourceManager();
    FileID Main = SM.getMainFileID();
    if (std::optional<llvm::StringRef> Text = SM.getBufferDataIfLoaded(Main))
      Sink.recordParsedText(
          canonicalPathOf(SM, SM.getLocForStartOfFile(Main)), *Text);
    recordFilesRead(SM);
  }

private:
  /// The files this pass read that the run may edit, even when it failed:
  /// their edits from other sources may be incomplete (docs/scaling.md).
  /// The others are never written, so they are not kept.
  void recordFilesRead(const SourceManager &SM) {
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
      llvm::StringRef Path = SM.getFileManager().getCanonicalName(It->first);
      if (Cfg.Owned.owns(Path))
        Sink.recordRead(Path);
    }
  }

  CompilationPass Pass;
  const RunConfig &Cfg;
  std::vector<Diagnostic> &Found;
  const ErrorPrinter &Errors;
  CrashSite &Site;
  EditCollector &Sink;
  /// For the system_header pragma, per parse (its cache is per
  /// SourceManager).
  std::unique_ptr<FileOwnership> OwnedHeaders;
};

} // namespace

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
  if (llvm::Error E = checkRunOutputOptions(Opts))
    return E;
  Cfg.WarningsAsErrors = cantFail(RuleGlobs::parse(Opts.WarningsAsErrors));
  for (const std::string &KV : Opts.RuleOptions) {
    std::string Key, Value;
    if (llvm::Error E = checkRuleOption(KV, Key, Value))
      return E;
    Cfg.Options[Key] = Value;
  }
  return Cfg;
}


std::unique_ptr<FrontendAction>
makeRulesAction(CompilationPass Pass, const RunConfig &Cfg,
                std::vector<Diagnostic> &Found, const ErrorPrinter &Errors,
                CrashSite &Site, EditCollector &Sink) {
  return std::make_unique<RulesAction>(Pass, Cfg, Found, Errors, Site, Sink);
}

} // namespace cudalower

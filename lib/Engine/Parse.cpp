//===--- Parse.cpp - The rules' parse of every source ---------------------===//

#include "Engine/Parse.h"
#include "Engine/ClangErrors.h"
#include "Engine/Ownership.h"
#include "Output/DiagnosticPrinter.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
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

/// Renders the held error and its notes, with the paths shown as the tool's
/// own diagnostics show them, and a note when nvcc accepts the code.
void ErrorPrinter::show() {
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

/// Parses \p Source in every pass and runs the rules; their findings go to
/// \p Found. False if some pass did not parse (the error is shown).
bool parseSource(const std::string &Source, const CompilationSetup &Setup,
                 PassSelection Passes, RulesActionFactory MakeAction,
                 FileManager &Files, ErrorPrinter &Errors,
                 std::vector<Diagnostic> &Found, CrashSite &Site,
                 llvm::raw_ostream &Err) {
  for (CompilationPass Pass : passesFor(Passes)) {
    Errors.resetCount();
    Site = CrashSite();
    Site.Source = Source;
    Site.Pass = Pass;
    tooling::ToolInvocation Invocation(Setup.commandFor(Source, Pass),
                                       MakeAction(Pass, Found, Errors, Site),
                                       &Files);
    Invocation.setDiagnosticConsumer(&Errors);
    // run() is false on every error, those ErrorPrinter lets through too:
    // the printer's count is the one that says whether the pass parsed.
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

} // namespace

ParseOutcome parseAll(const std::vector<std::string> &Sources,
                      const CompilationSetup &Setup, PassSelection Passes,
                      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                      RulesActionFactory MakeAction, EditCollector &Sink,
                      llvm::raw_ostream &Err, bool Color) {
  DiagnosticOptions DiagOpts;
  DiagOpts.ShowColors = Color;
  ErrorPrinter Errors(Err, DiagOpts, Setup.toolDirectory());
  auto NewFileManager = [&] {
    return llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), FS);
  };
  auto Files = NewFileManager();
  ParseOutcome Outcome;
  for (const std::string &Source : Sources) {
    // Relative paths of the command (-I include) name files in its
    // directory, as ClangTool reads them.
    std::string Dir = Setup.directoryFor(Source);
    if (std::error_code EC = FS->setCurrentWorkingDirectory(Dir)) {
      Err << displayPath(Source) << ": error: cannot enter '" << Dir
          << "', the directory of its compile command: " << EC.message()
          << "; nothing was written\n";
      ++Outcome.Failed;
      continue;
    }
    std::vector<Diagnostic> Found;
    CrashSite Site;
    bool Parsed = false;
    llvm::CrashRecoveryContext Recovery;
    if (!Recovery.RunSafely([&] {
          Parsed = parseSource(Source, Setup, Passes, MakeAction, *Files,
                               Errors, Found, Site, Err);
        })) {
      // What the crashed parse built is leaked on purpose: freeing it could
      // crash again. The file cache may be half-updated, so start afresh.
      Errors.abandonParse();
      Files = NewFileManager();
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

} // namespace cudalower

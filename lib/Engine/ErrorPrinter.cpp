//===--- ErrorPrinter.cpp - Clang's errors in the rules' parse ------------===//

#include "Engine/ErrorPrinter.h"
#include "Engine/SourceFailures.h"
#include "Nvcc/CrossSpaceCalls.h"
#include "Nvcc/SpellingFixes.h"
#include "Nvcc/ToleratedErrors.h"
#include "Output/DiagnosticPrinter.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "clang/Sema/Sema.h"

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
  HeldWhere = CurrentSema ? contextOf(*CurrentSema, Info) : ErrorContext();
  HeldKeys.clear();
  if (!Info.hasSourceManager() || Info.getLocation().isInvalid())
    return;
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation Loc = SM.getFileLoc(Info.getLocation());
  const NamedDecl *Target = crossSpaceTarget(Info);
  std::string File = canonicalPathOf(SM, Loc);
  HeldKeys = crossSpaceKeys(File, offsetOnDisk(File, SM.getFileOffset(Loc)),
                            Target ? Target->getQualifiedNameAsString()
                                   : std::string());
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
  Log.add("hidden:" + File,
          displayPath(File, UserCwd) + ": note: the errors after the first " +
              std::to_string(MaxShownErrors) + " are not shown\n");
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

} // namespace cudalower

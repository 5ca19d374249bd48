//===--- ErrorPrinter.h - Clang's errors in the rules' parse ----*- C++ -*-===//
//
// What the rules' parse shows of Clang's errors, and what it does instead:
// errors nvcc does not give (ToleratedErrors, CrossSpaceCalls) are dropped,
// spellings nvcc accepts are fixed (SpellingFixes), the rest are shown once
// each, in source order, however many passes and threads report them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Engine/ParseFixes.h"
#include "Nvcc/ErrorContext.h"
#include "cudalower/Rule.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/LangOptions.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
class Sema;
class SourceManager;
class TextDiagnostic;
} // namespace clang

namespace cudalower {

/// What one source's parse printed, in order, kept until the sources before
/// it have been shown: sources parse in parallel, their messages appear in
/// source order, each keyed message once however many sources print it.
class SourceLog {
public:
  /// Text shown unless a message with the same non-empty \p Key was.
  void add(std::string Key, std::string Text) {
    Chunks.push_back({std::move(Key), std::move(Text)});
  }
  /// Prints every chunk whose key is not in \p Shown, and adds the keys.
  void replay(llvm::raw_ostream &OS, std::set<std::string> &Shown) const;
  bool empty() const { return Chunks.empty(); }
  size_t size() const { return Chunks.size(); }
  /// Forgets the chunks added after the first \p Size.
  void truncate(size_t Size) { Chunks.resize(std::min(Size, Chunks.size())); }

private:
  std::vector<std::pair<std::string, std::string>> Chunks;
};

/// Shows Clang's errors (never its warnings) once each, however many passes
/// report them.
///
/// An error caused only by a call across execution spaces (`reference to
/// __host__ function ... in __device__ function`, or an overload set whose
/// candidates were rejected for that reason) is not shown and does not stop
/// the rules: such code is what rules rewrite (std::swap in device code
/// becomes cuda::std::swap), and Clang's recovery keeps the call in the AST.
/// If no rule rewrites it, nvcc reports it on the output.
///
/// Nor are the errors on code nvcc compiles that no rule needs to see
/// (isToleratedError: an error of the host pass inside a device-only
/// template's instantiation, CCCL's re-declaration of `__assert_fail`...).
class ErrorPrinter : public clang::DiagnosticConsumer {
public:
  /// \p UserCwd: where the user ran the tool; paths under it are shown
  /// relative to it, as the tool's own diagnostics show them.
  ErrorPrinter(SourceLog &Log, clang::DiagnosticOptions &Opts,
               std::string UserCwd)
      : Log(Log), Opts(Opts), UserCwd(std::move(UserCwd)) {}

  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override;
  void EndSourceFile() override { flush(); }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

  /// Errors that stop the rules, including one not yet shown.
  unsigned errors() const {
    return Errors + (!Held.empty() && !HeldCrossSpace);
  }
  /// Forgets the errors, and the tolerated ones, of the previous parse.
  void resetCount() {
    Errors = 0;
    Fixable = 0;
    WrongSide.clear();
    First.reset();
  }

  /// Lets the parse fix spellings nvcc accepts (ParseFixes.h) of the
  /// \p Kinds in the files of \p Owned that are not system headers: such
  /// errors are then counted as fixable.
  void enableParseFixes(OwnedFiles Owned, std::set<ParseFixKind> Kinds) {
    FixOwned = std::move(Owned);
    FixKinds = std::move(Kinds);
  }
  /// The parse's Sema while it runs (null outside): some errors are read
  /// with the declarations around the place where Clang reported them.
  void setSema(clang::Sema *S);
  /// The fixes the text being parsed has (offsets are mapped through them).
  void setApplied(const ParseFixes *Fixes) { Applied = Fixes; }
  const ParseFixes *applied() const { return Applied; }
  /// True if a fix was found for some error of the parse since
  /// resetCount(). The other errors may follow from those (an `if
  /// constexpr` whose condition failed keeps both branches): the parse of
  /// the fixed text tells.
  bool foundFixes() const { return Fixable > 0; }
  /// The fixes found since the last call, offsets in the files on disk,
  /// and the text on disk of the files they are in.
  std::vector<ParseFix> takeFixes() { return std::move(Fixes); }
  std::map<std::string, std::string> takeOriginals() {
    return std::move(Originals);
  }
  /// Forgets what a parse that crashed left half-reported.
  void abandonParse();
  /// Calls across execution spaces of this parse that Clang refused and
  /// nvcc only warns about; the rules see them (RuleContext).
  const std::vector<WrongSideReference> &wrongSide() const { return WrongSide; }
  /// The first error shown since resetCount, for the reports.
  const std::optional<Diagnostic> &firstError() const { return First; }
  /// The cross-space errors tolerated so far (see crossSpaceKeys).
  const std::set<std::string> &toleratedCrossSpace() const { return Tolerated; }

private:
  void hold(clang::DiagnosticsEngine::Level Level,
            const clang::Diagnostic &Info);
  void flush();
  void show(std::string Key, const std::string &Hint);
  void sayErrorsHidden(const clang::StoredDiagnostic &First);
  void renderNvccExtensionHint(clang::TextDiagnostic &Renderer,
                               const std::string &Hint);
  bool takeFix(std::string &Hint);
  void recordFix(const ParseFixSite &Site, clang::FullSourceLoc Place);
  unsigned offsetOnDisk(const std::string &File, unsigned Offset) const;

  SourceLog &Log;
  clang::DiagnosticOptions &Opts;
  std::string UserCwd;
  clang::LangOptions LangOpts;
  const clang::Preprocessor *PPOfFile = nullptr;
  std::vector<clang::StoredDiagnostic> Held; // an error and its notes
  bool HeldCrossSpace = false;
  std::vector<std::string> HeldKeys; // of the held error
  ErrorContext HeldWhere;            // where the parser was then
  clang::Sema *CurrentSema = nullptr;
  std::set<std::string> Tolerated;
  unsigned Errors = 0;
  /// Clang's default limit: the errors after it are counted, not shown.
  static constexpr unsigned MaxShownErrors = 20;
  std::vector<WrongSideReference> WrongSide;
  // Fixing spellings nvcc accepts (enableParseFixes).
  std::optional<OwnedFiles> FixOwned; // set: parse fixes are enabled
  std::set<ParseFixKind> FixKinds;
  std::unique_ptr<FileOwnership> Owned; // per parse (its cache is by FileID)
  const ParseFixes *Applied = nullptr;
  unsigned Fixable = 0;
  std::vector<ParseFix> Fixes;
  std::map<std::string, std::string> Originals;
  std::optional<Diagnostic> First;
};

} // namespace cudalower

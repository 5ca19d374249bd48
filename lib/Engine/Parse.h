//===--- Parse.h - The rules' parse of every source -------------*- C++ -*-===//
//
// Each source is parsed once per compilation pass, in the directory of its
// compile command (given to Clang through its file system, never by changing
// the process's directory). Clang's errors are shown here, once each; the
// errors that only a call across execution spaces caused are kept as
// wrong-side references for the rules instead. A crash costs one source.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Driver/CompilationSetup.h"
#include "Engine/ErrorPrinter.h"
#include "Engine/EditCollector.h"
#include "Engine/Ownership.h"
#include "Engine/ParseFixes.h"
#include "Nvcc/ErrorContext.h"
#include "Output/Progress.h"
#include "cudalower/Diagnostic.h"
#include "cudalower/Rule.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/LangOptions.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class FrontendAction;
class SourceManager;
} // namespace clang

namespace cudalower {

/// What the tool was doing on a source, for the report of a crash.
struct CrashSite {
  std::string Source; ///< The main file of the translation unit.
  CompilationPass Pass = CompilationPass::Host;
  std::string Rule; ///< Empty while Clang parses.
  const clang::SourceManager *SM = nullptr;
  clang::SourceLocation Loc;
};

/// Makes the action that runs the rules over one pass of a source; their
/// findings go to \p Found, the texts of the files they parsed to \p Texts.
/// Called from several threads at once.
using RulesActionFactory =
    std::function<std::unique_ptr<clang::FrontendAction>(
        CompilationPass Pass, std::vector<Diagnostic> &Found,
        const ErrorPrinter &Errors, CrashSite &Site, EditCollector &Texts)>;

/// How the parse of the sources went.
struct ParseOutcome {
  std::vector<std::string> Parsed; ///< Sources whose findings were kept.
  unsigned Failed = 0;  ///< Sources with a Clang error in some pass.
  unsigned Crashed = 0; ///< Sources the tool crashed on.
  /// One per source that failed or crashed, in source order: its first
  /// error or the crash, for the reports (SourceFailures.h).
  std::vector<Diagnostic> Failures;
  /// Cross-space errors the input had and the rules were let see past.
  std::set<std::string> ToleratedCrossSpace;
  /// The sources with a Clang error, in source order.
  std::vector<std::string> NotParsed;
  /// Source -> the files of the project its parse read (itself included),
  /// for every source that did not crash. A source whose first pass failed
  /// has only that pass's files.
  std::map<std::string, std::set<std::string>> ReadBy;

  /// Adds the outcome of parsing more sources, after these.
  void absorb(ParseOutcome More);
};

/// How parseAll runs and reports.
struct ParseSettings {
  PassSelection Passes = PassSelection::Both;
  /// The files that get the spellings nvcc accepts fixed (a missing
  /// `template` keyword inserted), of the kinds ParseFixesFor allows.
  OwnedFiles Owned;
  /// The kinds of fix whose rule (nvcc-dependent-template,
  /// nvcc-lenient-constexpr) runs for a source; the parse stops at an
  /// error of any other kind, as at any other error.
  std::function<std::set<ParseFixKind>(const std::string &Source)>
      ParseFixesFor;
  unsigned Jobs = 1; ///< Sources parsed at once (threads).
  bool Color = false;
  /// Told of each source done, in source order, on the calling thread.
  ProgressLine *Progress = nullptr;
};

/// Parses every source in every pass with the action \p MakeAction makes,
/// \p Settings.Jobs sources at a time, reading files through \p FS (each
/// source through a view of it whose working directory is its command's),
/// and adds the findings of each source that parsed in all of them to
/// \p Sink in source order, so that the result does not depend on Jobs.
/// Errors and crashes are reported on \p Err, in source order.
ParseOutcome parseAll(const std::vector<std::string> &Sources,
                      const CompilationSetup &Setup,
                      const ParseSettings &Settings,
                      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                      RulesActionFactory MakeAction, EditCollector &Sink,
                      llvm::raw_ostream &Err);

/// Runs \p Parse (a Clang parse and what runs inside it) under \p Recovery
/// on a thread of its own with a large stack. The rules' visitors keep the
/// parents of each node, so they recurse once per level of the AST: a
/// generated expression of tens of thousands of terms overflowed the
/// default 8 MB stack, a crash that crash recovery cannot catch (no stack
/// is left to handle it), where Clang itself parses such code. \returns
/// false if \p Parse crashed.
bool runParseSafely(llvm::CrashRecoveryContext &Recovery,
                    llvm::function_ref<void()> Parse);

} // namespace cudalower

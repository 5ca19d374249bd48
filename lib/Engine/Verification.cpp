//===--- Verification.cpp - Proving the output builds with plain nvcc -----===//
//
// Each source is parsed again over an in-memory overlay holding the
// rewritten files, with the command line of plain nvcc's semantics
// (Semantics::PlainNvcc: no macros of the two flags). What is looked for:
//   - Clang errors. A call across execution spaces that nvcc refuses too
//     means device code still uses a host function; an #error means a guard
//     wants the flags' macros; any other error means the rewrite broke the
//     code, and the edit that caused it is named.
//   - Device code calling a constexpr function that is a host function for
//     nvcc (Clang makes every constexpr function __host__ __device__, so it
//     gives no error): the output still needs --expt-relaxed-constexpr.
//   - Lambdas still annotated __host__ or __device__: plain nvcc refuses
//     every one ("requires --extended-lambda").
// VerificationReport.cpp then locates each problem in the user's text.
//
//===----------------------------------------------------------------------===//

#include "Engine/Verification.h"
#include "Analysis/ExecSpace.h"
#include "Nvcc/CrossSpaceCalls.h"
#include "Nvcc/LambdaFlagHeaders.h"
#include "Nvcc/SpellingFixes.h"
#include "Engine/Ownership.h"
#include "Engine/Parse.h"
#include "Engine/ParseAsNvcc.h"
#include "Engine/VerificationReport.h"
#include "Engine/VerificationResiduals.h"
#include "Engine/WorkingDirectoryFileSystem.h"
#include "Nvcc/ToleratedErrors.h"
#include "Output/DiagnosticPrinter.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Cuda.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <csignal>
#include <set>

using namespace clang;

namespace cudalower {

namespace {

/// Collects Clang's errors on the rewritten code and sorts them by what
/// they mean for plain nvcc.
class VerifyDiagnostics : public DiagnosticConsumer {
public:
  VerifyDiagnostics(std::vector<RawProblem> &Out, FileOwnership &Owned)
      : Out(Out), Owned(Owned) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    // The base class is not called: it counts errors, and Clang would then
    // print "N errors generated" on stderr for problems reported here.
    if (Level == DiagnosticsEngine::Note) {
      // An overload set whose candidates were all on the wrong side.
      if (Held && Held->Kind == ProblemKind::BrokenRewrite &&
          Info.getID() == diag::note_ovl_candidate_bad_target)
        classifyBadCandidate(Info);
      return;
    }
    flush();
    if (Level < DiagnosticsEngine::Error || isOnlyAWarningForNvcc(Info) ||
        isToleratedError(Info, CurrentSema))
      return; // nvcc compiles it, as it did the input
    Held = classify(Info);
  }
  void EndSourceFile() override { flush(); }
  /// The parse's Sema while it lives (SemaTap).
  void setSema(Sema *S) {
    CurrentSema = S;
    // Every error is wanted, and a tolerated one must not count towards
    // Clang's limit (whose fatal error silences the rest).
    if (S)
      S->getDiagnostics().setErrorLimit(0);
  }

private:
  /// Whether argument \p I of \p Info is the execution space \p Space.
  static bool argIsSpace(const clang::Diagnostic &Info, unsigned I,
                         CUDAFunctionTarget Space) {
    if (Info.getNumArgs() <= I)
      return false;
    auto Kind = Info.getArgKind(I);
    return (Kind == DiagnosticsEngine::ak_sint ||
            Kind == DiagnosticsEngine::ak_uint) &&
           Info.getRawArg(I) == static_cast<uint64_t>(Space);
  }

  /// For `reference to F in G`: G is a host function.
  static bool callerIsHost(const clang::Diagnostic &Info) {
    return argIsSpace(Info, 3, CUDAFunctionTarget::Host);
  }

  /// An overload set that failed because its candidates are on the wrong
  /// side (`candidate not viable: call to __device__ function from __host__
  /// function`; argument 4 is the caller's space): from a __host__
  /// __device__ function nvcc only warns; from host code it may be a use
  /// nvcc accepts (decltype); from device code nvcc refuses it.
  void classifyBadCandidate(const clang::Diagnostic &Note) {
    if (argIsSpace(Note, 4, CUDAFunctionTarget::HostDevice)) {
      Held.reset();
      return;
    }
    Held->Kind = ProblemKind::HostUseInDeviceCode;
    Held->ExcusedIfInInput = argIsSpace(Note, 4, CUDAFunctionTarget::Host);
  }

  RawProblem classify(const clang::Diagnostic &Info) {
    RawProblem P;
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    P.Message = std::string(Text);
    P.Kind = ProblemKind::BrokenRewrite;
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const SourceManager &SM = Info.getSourceManager();
      SourceLocation Loc = SM.getFileLoc(Info.getLocation());
      P.File = canonicalPathOf(SM, Loc);
      P.Offset = SM.getFileOffset(Loc);
    }
    if (Info.getID() == diag::err_pp_hash_error) {
      P.Kind = ProblemKind::ErrorDirective;
      if (Info.hasSourceManager() && Info.getLocation().isValid())
        P.IncludedFrom = includeChain(Info.getSourceManager(),
                                      Info.getLocation());
    } else if (isMissingStdName(Info)) {
      P.StdNameMissing = true;
    } else if (const NamedDecl *Target = crossSpaceTarget(Info)) {
      P.Kind = ProblemKind::HostUseInDeviceCode;
      P.Target = Target->getQualifiedNameAsString();
      P.ExcusedIfInInput = callerIsHost(Info);
      if (Info.hasSourceManager())
        P.Declared = whereDeclared(Target, Info.getSourceManager(), Owned);
    }
    return P;
  }

  void flush() {
    if (Held)
      Out.push_back(std::move(*Held));
    Held.reset();
  }

  std::vector<RawProblem> &Out;
  FileOwnership &Owned;
  std::optional<RawProblem> Held;
  Sema *CurrentSema = nullptr;
};

class ResidualConsumer : public ASTConsumer {
public:
  ResidualConsumer(FileOwnership &Owned, std::vector<RawProblem> &Out,
                   CompilationPass Pass, bool TestCrash)
      : Owned(Owned), Out(Out), Pass(Pass), TestCrash(TestCrash) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (TestCrash)
      std::raise(SIGSEGV);
    findResiduals(Ctx, Owned, Out, Pass);
  }

private:
  FileOwnership &Owned;
  std::vector<RawProblem> &Out;
  CompilationPass Pass;
  bool TestCrash;
};

/// Parses one source for verification and records which files it read,
/// and the text of those its problems are in.
class VerifyAction : public ASTFrontendAction {
public:
  VerifyAction(FileOwnership &Owned, VerifyDiagnostics &Diags,
               std::vector<RawProblem> &Out, std::set<std::string> &Read,
               std::map<std::string, std::string> &Texts, CompilationPass Pass,
               bool TestCrash)
      : Owned(Owned), Diags(Diags), Out(Out), Read(Read), Texts(Texts),
        Pass(Pass), TestCrash(TestCrash) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    prepareParseAsNvcc(CI.getPreprocessor(), Owned);
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(
        std::make_unique<ResidualConsumer>(Owned, Out, Pass, TestCrash));
    Consumers.push_back(std::make_unique<SemaTap>(
        [&Diags = Diags](Sema *S) { Diags.setSema(S); }));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }
  void EndSourceFileAction() override {
    SourceManager &SM = getCompilerInstance().getSourceManager();
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      Read.insert(SM.getFileManager().getCanonicalName(It->first).str());
    for (const RawProblem &P : Out)
      if (!P.File.empty() && !Texts.count(P.File))
        if (std::optional<llvm::StringRef> Text = loadedTextOf(SM, P.File))
          Texts.emplace(P.File, Text->str());
  }

private:
  FileOwnership &Owned;
  VerifyDiagnostics &Diags;
  std::vector<RawProblem> &Out;
  std::set<std::string> &Read;
  std::map<std::string, std::string> &Texts;
  CompilationPass Pass;
  bool TestCrash;
};

/// \p Base, in which the rewritten files have their new text.
llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem>
overlayOf(const std::vector<RewrittenFile> &Files,
          llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const RewrittenFile &F : Files)
    Memory->addFile(F.Path, /*ModificationTime=*/0,
                    llvm::MemoryBuffer::getMemBufferCopy(F.New, F.Path));
  auto Overlay =
      llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(std::move(Base));
  Overlay->pushOverlay(Memory);
  return Overlay;
}

/// Every file a broken source read, and every source that read one of
/// those, until nothing changes: none of their rewritten files is written.
/// Each withheld file is mapped to the broken source its chain starts at.
void withhold(const std::vector<std::set<std::string>> &ReadBySource,
              const std::vector<bool> &Broken,
              const std::vector<std::string> &Sources,
              const std::vector<RewrittenFile> &Files,
              llvm::StringMap<std::string> &Withheld) {
  llvm::StringSet<> Rewritten;
  for (const RewrittenFile &F : Files)
    Rewritten.insert(F.Path);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t I = 0; I < Sources.size(); ++I) {
      std::string Cause = Broken[I] ? Sources[I] : "";
      for (const std::string &Path : ReadBySource[I])
        if (auto It = Withheld.find(Path);
            Cause.empty() && It != Withheld.end())
          Cause = It->second;
      if (Cause.empty())
        continue;
      for (const std::string &Path : ReadBySource[I])
        if (Rewritten.contains(Path) &&
            Withheld.try_emplace(Path, Cause).second)
          Changed = true;
    }
  }
}

/// What verifying one source found, kept until it is merged in source
/// order (sources are verified in parallel).
struct SourceCheck {
  std::vector<RawProblem> Raw; ///< Every pass's, in pass order.
  /// The text of each file a problem is in, as this parse read it.
  std::map<std::string, std::string> Texts;
  std::optional<CompilationPass> CrashedIn;
  std::optional<Diagnostic> Unreadable;
};

/// One verification run over every source: the overlay, and what was found
/// so far.
class Verifier {
public:
  explicit Verifier(const VerificationInput &In)
      : In(In), Overlay(overlayOf(In.Files, baseOf(In))), Reporter(In),
        ReadBySource(In.Sources.size()), Broken(In.Sources.size(), false) {}

  VerificationResult run() {
    std::vector<SourceCheck> Checks(In.Sources.size());
    if (In.Jobs <= 1 || In.Sources.size() <= 1) {
      for (size_t I = 0; I < In.Sources.size(); ++I)
        mergeInOrder(I, checkSource(I));
    } else {
      llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(
          std::min<size_t>(In.Jobs, In.Sources.size())));
      std::vector<std::shared_future<void>> Done;
      for (size_t I = 0; I < In.Sources.size(); ++I)
        Done.push_back(Pool.async([&, I] { Checks[I] = checkSource(I); }));
      for (size_t I = 0; I < In.Sources.size(); ++I) {
        Done[I].wait();
        mergeInOrder(I, std::move(Checks[I]));
      }
    }
    withhold(ReadBySource, Broken, In.Sources, In.Files, Result.Withheld);
    return std::move(Result);
  }

private:
  static llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
  baseOf(const VerificationInput &In) {
    return In.BaseFS ? In.BaseFS : llvm::vfs::createPhysicalFileSystem();
  }

  /// Parses source \p I in every pass, on any thread.
  SourceCheck checkSource(size_t I) {
    SourceCheck Check;
    const std::string &Source = In.Sources[I];
    // Relative include paths of the command resolve against its directory,
    // in the overlay as on disk; each source has a working directory of its
    // own, the process's stays where the user is.
    auto FS = llvm::makeIntrusiveRefCnt<WorkingDirectoryFileSystem>(Overlay);
    std::string Dir = In.Setup.directoryFor(Source);
    if (std::error_code EC = FS->setCurrentWorkingDirectory(Dir)) {
      Check.Unreadable = unreadableProblem(Source, Dir, EC);
      return Check;
    }
    auto Files =
        llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), FS);
    for (CompilationPass Pass : passesFor(In.Passes))
      if (!checkPass(I, Pass, *Files, Check)) {
        Check.CrashedIn = Pass;
        // What the crashed parse built is leaked on purpose.
        Files.resetWithoutRelease();
        break;
      }
    return Check;
  }

  /// \returns false if the tool crashed.
  bool checkPass(size_t I, CompilationPass Pass, FileManager &Files,
                 SourceCheck &Check) {
    std::vector<RawProblem> Raw;
    FileOwnership Owned(In.Owned);
    VerifyDiagnostics Diags(Raw, Owned);
    // The rewritten text: its leading includes may be precompiled.
    auto Text = Files.getVirtualFileSystem().getBufferForFile(In.Sources[I]);
    tooling::ToolInvocation Invocation(
        In.Setup.parseCommandFor(In.Sources[I], Pass, Semantics::PlainNvcc,
                                 Text ? (*Text)->getBuffer() : ""),
        std::make_unique<VerifyAction>(Owned, Diags, Raw, ReadBySource[I],
                                       Check.Texts, Pass, In.TestCrash),
        &Files);
    Invocation.setDiagnosticConsumer(&Diags);
    llvm::CrashRecoveryContext Recovery;
    if (!runParseSafely(Recovery, [&] { Invocation.run(); }))
      return false;
    llvm::append_range(Check.Raw, Raw);
    return true;
  }

  /// Adds what verifying source \p I found, after the sources before it.
  /// Merges source \p I's check, and says so on the progress line.
  void mergeInOrder(size_t I, SourceCheck Check) {
    merge(I, std::move(Check));
    if (In.Progress)
      In.Progress->update(I + 1, In.Sources[I]);
  }

  void merge(size_t I, SourceCheck Check) {
    if (Check.Unreadable) {
      Result.Problems.push_back(std::move(*Check.Unreadable));
      Broken[I] = true;
      return;
    }
    for (const auto &[File, Text] : Check.Texts)
      if (!Reporter.hasText(File))
        Reporter.addParsedText(File, Text);
    for (const RawProblem &P : Check.Raw)
      report(I, P);
    if (!Check.CrashedIn)
      return;
    // What was read is unknown: no rewritten file is trusted.
    Result.Crashed = true;
    Result.Problems.push_back(crashProblem(In.Sources[I], *Check.CrashedIn));
    for (const RewrittenFile &F : In.Files)
      Result.Withheld.try_emplace(F.Path, In.Sources[I]);
  }

  void report(size_t I, const RawProblem &P) {
    Diagnostic D = Reporter.toDiagnostic(P);
    if (P.ExcusedIfInInput &&
        llvm::any_of(crossSpaceKeys(D.File, D.Offset, P.Target),
                     [&](const std::string &Key) {
                       return In.ToleratedInInput.count(Key) > 0;
                     }))
      return;
    Broken[I] = Broken[I] || P.Kind == ProblemKind::BrokenRewrite;
    if (Seen.insert({D.File, D.Offset, D.Message}).second)
      Result.Problems.push_back(std::move(D));
  }

  static Diagnostic unreadableProblem(const std::string &Source,
                                      const std::string &Dir,
                                      std::error_code EC) {
    Diagnostic D;
    D.Rule = "verify";
    D.Level = DiagLevel::Error;
    D.File = Source;
    D.Message = "cannot enter '" + Dir +
                "', the directory of its compile command: " + EC.message();
    return D;
  }

  const VerificationInput &In;
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> Overlay;
  ProblemReporter Reporter;
  std::vector<std::set<std::string>> ReadBySource;
  std::vector<bool> Broken;
  std::set<std::tuple<std::string, unsigned, std::string>> Seen;
  VerificationResult Result;
};

} // namespace

VerificationResult verifyOutput(const VerificationInput &In) {
  return Verifier(In).run();
}

} // namespace cudalower

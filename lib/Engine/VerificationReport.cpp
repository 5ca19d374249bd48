//===--- VerificationReport.cpp - Verification's findings, located --------===//

#include "Engine/VerificationReport.h"
#include "Engine/Ownership.h"
#include "Output/DiagnosticPrinter.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cudalower {

unsigned mapToOriginal(const tooling::Replacements &Edits, unsigned NewOffset,
                       int64_t *InsideEdit) {
  if (InsideEdit)
    *InsideEdit = -1;
  int64_t Delta = 0; // new offset - old offset, before the current edit
  for (const tooling::Replacement &R : Edits) {
    int64_t NewBegin = R.getOffset() + Delta;
    int64_t NewEnd = NewBegin + R.getReplacementText().size();
    if (NewOffset < NewBegin)
      break;
    if (NewOffset < NewEnd) {
      if (InsideEdit)
        *InsideEdit = R.getOffset();
      return R.getOffset();
    }
    Delta += static_cast<int64_t>(R.getReplacementText().size()) -
             static_cast<int64_t>(R.getLength());
  }
  return static_cast<unsigned>(NewOffset - Delta);
}

namespace {

std::string messageOf(const RawProblem &P) {
  switch (P.Kind) {
  case ProblemKind::BrokenRewrite:
    return "the rewritten code does not compile: " + P.Message;
  case ProblemKind::HostUseInDeviceCode:
    return P.Message + " (plain nvcc refuses this)";
  case ProblemKind::ErrorDirective:
    return "without nvcc's --extended-lambda/--expt-relaxed-constexpr "
           "macros this #error fires: " +
           P.Message;
  case ProblemKind::NeedsRelaxedConstexpr:
  case ProblemKind::AnnotatedLambda:
  case ProblemKind::UnsupportedInDevice:
    return P.Message;
  }
  return P.Message;
}

/// Sets \p D's line, column and source line from its offset in \p Text.
void locate(llvm::StringRef Text, Diagnostic &D) {
  unsigned Offset = std::min<size_t>(D.Offset, Text.size());
  llvm::StringRef Before = Text.take_front(Offset);
  D.Line = Before.count('\n') + 1;
  size_t LineStart = Before.rfind('\n');
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  D.Column = Offset - LineStart + 1;
  D.SourceLine =
      Text.slice(LineStart, Text.find_first_of("\r\n", Offset)).str();
}

} // namespace

std::optional<RawProblem::Declaration>
whereDeclared(const clang::NamedDecl *D, const clang::SourceManager &SM,
              FileOwnership &Owned) {
  clang::SourceLocation Loc = SM.getFileLoc(D->getLocation());
  clang::PresumedLoc P = SM.getPresumedLoc(Loc);
  if (P.isInvalid())
    return std::nullopt;
  // The host compiler's headers are found through its installation
  // (`/usr/bin/../lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12`):
  // such a name is shown as the file it names.
  std::string Canonical = canonicalPathOf(SM, Loc);
  llvm::StringRef Shown = P.getFilename();
  if (Shown.contains("/../") && !Canonical.empty())
    Shown = Canonical;
  return RawProblem::Declaration{displayPath(Shown), Canonical,
                                 SM.getFileOffset(Loc), P.getLine(),
                                 !Owned.isOwned(SM, Loc)};
}

std::vector<std::pair<std::string, unsigned>>
includeChain(const clang::SourceManager &SM, clang::SourceLocation Loc) {
  std::vector<std::pair<std::string, unsigned>> Chain;
  for (clang::SourceLocation Include = SM.getIncludeLoc(SM.getFileID(
           SM.getFileLoc(Loc)));
       Include.isValid();
       Include = SM.getIncludeLoc(SM.getFileID(Include))) {
    Include = SM.getFileLoc(Include);
    Chain.emplace_back(canonicalPathOf(SM, Include),
                       SM.getFileOffset(Include));
  }
  return Chain;
}

ProblemReporter::ProblemReporter(const VerificationInput &In) : In(In) {
  for (const RewrittenFile &F : In.Files)
    ByPath[F.Path] = &F;
}

void ProblemReporter::addParsedText(llvm::StringRef Path,
                                    llvm::StringRef Text) {
  if (!lookup(Path))
    Unchanged.try_emplace(Path, Text.str());
}

bool ProblemReporter::hasText(llvm::StringRef Path) const {
  return lookup(Path) || Unchanged.contains(Path);
}

/// An #error reached through an #include that an edit wrote (a
/// <cuda/std/...> header that stops in this configuration), as a broken
/// rewrite at that #include: the flags' macros have nothing to do with it.
std::optional<RawProblem>
ProblemReporter::atIncludeTheToolWrote(const RawProblem &P) const {
  if (P.Kind != ProblemKind::ErrorDirective)
    return std::nullopt;
  for (const auto &[File, Offset] : P.IncludedFrom) {
    const RewrittenFile *F = lookup(File);
    int64_t InsideEdit = -1;
    if (F)
      mapToOriginal(F->Edits, Offset, &InsideEdit);
    if (InsideEdit < 0)
      continue;
    RawProblem AtInclude;
    AtInclude.Kind = ProblemKind::BrokenRewrite;
    AtInclude.File = File;
    AtInclude.Offset = Offset;
    AtInclude.Message = "a header it includes stops with #error " + P.Message;
    return AtInclude;
  }
  return std::nullopt;
}

Diagnostic ProblemReporter::toDiagnostic(const RawProblem &P) const {
  if (std::optional<RawProblem> AtInclude = atIncludeTheToolWrote(P))
    return toDiagnostic(*AtInclude);
  Diagnostic D;
  D.Rule = "verify";
  D.Level = DiagLevel::Error;
  D.File = P.File;
  RawProblem WithDeclaration = P;
  if (P.Declared)
    WithDeclaration.Message += declaredIn(*P.Declared);
  D.Message = messageOf(WithDeclaration);
  if (P.File.empty())
    return D;
  const RewrittenFile *F = lookup(P.File);
  int64_t InsideEdit = -1;
  D.Offset = F ? mapToOriginal(F->Edits, P.Offset, &InsideEdit) : P.Offset;
  llvm::StringRef Text = originalText(P.File);
  locate(Text, D);
  if (P.Kind == ProblemKind::BrokenRewrite)
    D.Message += blame(P.File, D.Offset, InsideEdit, Text);
  if (P.StdNameMissing)
    D.Message += "; nvcc's --extended-lambda makes cuda_runtime.h include "
                 "<functional> and <utility> in every file, which declared it "
                 "for the code as written: include its standard header here "
                 "(or <functional>), and plain nvcc finds it too";
  return D;
}

const RewrittenFile *ProblemReporter::lookup(llvm::StringRef Path) const {
  auto It = ByPath.find(Path);
  return It == ByPath.end() ? nullptr : It->second;
}

llvm::StringRef ProblemReporter::originalText(llvm::StringRef Path) const {
  if (const RewrittenFile *F = lookup(Path))
    return F->Old;
  auto It = Unchanged.find(Path);
  return It == Unchanged.end() ? llvm::StringRef() : It->second;
}

/// "; it is declared in FILE:LINE", the line of \p D in the file as the
/// user wrote it, with what the user can do when the file is not theirs.
std::string ProblemReporter::declaredIn(const RawProblem::Declaration &D) const {
  unsigned Line = D.Line;
  if (const RewrittenFile *F = lookup(D.File)) {
    Diagnostic At;
    At.Offset = mapToOriginal(F->Edits, D.Offset);
    locate(F->Old, At);
    Line = At.Line;
  }
  std::string Out =
      "; it is declared in " + D.Shown + ":" + std::to_string(Line);
  if (D.OutsideRoot)
    Out += ", outside the project root: add its directory with --in-root, "
           "or keep --expt-relaxed-constexpr for this file";
  return Out;
}

/// Names the edit that wrote the broken text, or the closest one before it
/// in the same file.
std::string ProblemReporter::blame(const std::string &File, unsigned Offset,
                                   int64_t InsideEdit,
                                   llvm::StringRef Text) const {
  const EditOrigin *Best = nullptr;
  for (const EditOrigin &O : In.Edits.origins(File))
    if (InsideEdit >= 0 ? O.Offset == InsideEdit : O.Offset <= Offset)
      Best = &O;
  if (!Best)
    return "; no edit of the tool precedes it in this file";
  std::string Out = InsideEdit >= 0 ? "; in the text written by"
                                    : "; after the edit of";
  if (Best->Diags.empty())
    return Out;
  // The first finding is enough to find the edit.
  const Diagnostic &Origin = In.Edits.diagnostics()[Best->Diags.front()];
  Diagnostic At;
  At.Offset = Origin.Offset;
  locate(Text, At);
  return Out + " [" + Origin.Rule + "] for the finding at " +
         std::to_string(Origin.Line ? Origin.Line : At.Line) + ":" +
         std::to_string(Origin.Column ? Origin.Column : At.Column);
}

Diagnostic crashProblem(const std::string &Source, CompilationPass Pass) {
  Diagnostic D;
  D.Rule = "verify";
  D.Level = DiagLevel::Error;
  D.File = Source;
  D.Message = std::string("internal error: cuda-lower crashed while verifying "
                          "the output (") +
              (Pass == CompilationPass::Host ? "host" : "device") +
              " pass); no file was written (please report this bug with the "
              "source)";
  return D;
}

} // namespace cudalower

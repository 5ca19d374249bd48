//===--- ExportFixes.cpp - Fixes as clang-apply-replacements reads --------===//

#include "Output/ExportFixes.h"
#include "Output/FileWriter.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"
#include <cassert>

namespace cudalower {
namespace {

using ToolingDiag = clang::tooling::Diagnostic;

ToolingDiag::Level levelOf(DiagLevel L) {
  return L == DiagLevel::Error ? ToolingDiag::Error : ToolingDiag::Warning;
}

clang::tooling::DiagnosticMessage messageOf(const Diagnostic &D) {
  clang::tooling::DiagnosticMessage M(D.Message);
  M.FilePath = D.File;
  M.FileOffset = D.Offset;
  return M;
}

ToolingDiag toToolingDiag(const Diagnostic &D, llvm::StringRef BuildDir) {
  llvm::SmallVector<clang::tooling::DiagnosticMessage, 1> Notes;
  for (const Diagnostic &N : D.Notes)
    Notes.push_back(messageOf(N));
  return ToolingDiag(D.Rule, messageOf(D), Notes, levelOf(D.Level), BuildDir);
}

} // namespace

clang::tooling::TranslationUnitDiagnostics
exportedFixes(const RunResults &R) {
  clang::tooling::TranslationUnitDiagnostics TU;
  if (!R.Sources.empty())
    TU.MainSourceFile = R.Sources.front();
  for (const Diagnostic &D : R.Findings)
    TU.Diagnostics.push_back(toToolingDiag(D, R.WorkingDirectory));
  // The output's replacements, each under the finding that made it: what
  // the collector merged (two passes, two TUs) is exported once.
  for (size_t F = 0; F < R.Files.size(); ++F) {
    size_t I = 0;
    for (const clang::tooling::Replacement &Rep : R.Files[F].Edits) {
      size_t Owner = R.Owners[F][I++];
      llvm::Error E =
          TU.Diagnostics[Owner].Message.Fix[Rep.getFilePath()].add(Rep);
      // Replacements of one file never overlap; a failure is a bug.
      assert(!E && "the output's replacements overlap");
      llvm::consumeError(std::move(E));
    }
  }
  for (const std::vector<Diagnostic> *Unfixed : {&R.Problems, &R.Failures})
    for (const Diagnostic &D : *Unfixed)
      TU.Diagnostics.push_back(toToolingDiag(D, R.WorkingDirectory));
  return TU;
}

llvm::Error writeExportedFixes(llvm::StringRef Path, const RunResults &R) {
  clang::tooling::TranslationUnitDiagnostics TU = exportedFixes(R);
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  llvm::yaml::Output YAML(OS);
  YAML << TU;
  return writeFileAtomically(Path, Text);
}

} // namespace cudalower

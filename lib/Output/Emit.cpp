//===--- Emit.cpp - From merged edits to written files --------------------===//

#include "Output/Emit.h"
#include "Output/DiagnosticPrinter.h"
#include "Output/FileWriter.h"
#include "Output/UnifiedDiff.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalower {

llvm::Expected<std::vector<RewrittenFile>>
applyEdits(const std::map<std::string, clang::tooling::Replacements> &All) {
  std::vector<RewrittenFile> Out;
  for (const auto &[Path, Edits] : All) {
    if (Edits.empty())
      continue;
    auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false);
    if (!Buffer)
      return llvm::createStringError(Path + ": " + Buffer.getError().message());
    std::string Old = (*Buffer)->getBuffer().str();
    auto New = clang::tooling::applyAllReplacements(Old, Edits);
    if (!New)
      return New.takeError();
    if (*New != Old)
      Out.push_back({Path, std::move(Old), std::move(*New), &Edits});
  }
  return Out;
}

int emitOutput(const ToolOptions &Opts, const std::string &MainFile,
               const std::vector<RewrittenFile> &Files, llvm::raw_ostream &Out,
               llvm::raw_ostream &Err) {
  auto Find = [&](llvm::StringRef Path) -> const RewrittenFile * {
    for (const RewrittenFile &R : Files)
      if (R.Path == Path)
        return &R;
    return nullptr;
  };
  switch (Opts.Mode) {
  case OutputMode::Stdout:
  case OutputMode::File: {
    const RewrittenFile *Main = Find(MainFile);
    std::string Text;
    if (Main) {
      Text = Main->New;
    } else {
      auto Buffer = llvm::MemoryBuffer::getFile(MainFile, /*IsText=*/false);
      if (!Buffer) {
        Err << "error: " << MainFile << ": " << Buffer.getError().message()
            << '\n';
        return UsageError;
      }
      Text = (*Buffer)->getBuffer().str();
    }
    size_t Others = Files.size() - (Main ? 1 : 0);
    if (Others && !Opts.Quiet)
      Err << "note: " << Others
          << " other file(s) need edits too (headers under the project "
             "root); use --diff or -i to see or apply them\n";
    if (Opts.Mode == OutputMode::Stdout) {
      Out << Text;
      return Success;
    }
    if (llvm::Error E = writeFileAtomically(Opts.OutputFile, Text)) {
      Err << "error: " << llvm::toString(std::move(E)) << '\n';
      return UsageError;
    }
    return Success;
  }
  case OutputMode::InPlace:
    for (const RewrittenFile &R : Files) {
      if (llvm::Error E = writeFileAtomically(R.Path, R.New)) {
        Err << "error: " << llvm::toString(std::move(E)) << '\n';
        return UsageError;
      }
    }
    return Success;
  case OutputMode::Diff:
  case OutputMode::Check:
    for (const RewrittenFile &R : Files)
      Out << unifiedDiff(displayPath(R.Path), R.Old, *R.Edits);
    return Opts.Mode == OutputMode::Check && !Files.empty() ? RewritesNeeded
                                                            : Success;
  }
  return Success;
}

} // namespace cudalower

//===--- Emit.cpp - From merged edits to written files --------------------===//

#include "Output/Emit.h"
#include "Output/DiagnosticPrinter.h"
#include "Output/FileWriter.h"
#include "Output/LineMarkers.h"
#include "Output/UnifiedDiff.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalower {

namespace {

enum class LineEnding { LF, CRLF, CR };

LineEnding dominantLineEnding(llvm::StringRef Text) {
  size_t LF = 0, CRLF = 0, CR = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\r' && I + 1 < Text.size() && Text[I + 1] == '\n')
      ++CRLF, ++I;
    else if (Text[I] == '\r')
      ++CR;
    else if (Text[I] == '\n')
      ++LF;
  }
  if (CRLF > LF && CRLF >= CR)
    return LineEnding::CRLF;
  if (CR > LF && CR > CRLF)
    return LineEnding::CR;
  return LineEnding::LF;
}

/// Rules write '\n'; text they copy from the file already has its breaks,
/// so only a bare '\n' is converted.
std::string convertLineEndings(llvm::StringRef Text, LineEnding To) {
  if (To == LineEnding::LF)
    return Text.str();
  std::string Out;
  Out.reserve(Text.size() + Text.size() / 16);
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    bool AfterCR = I > 0 && Text[I - 1] == '\r';
    if (C != '\n')
      Out += C;
    else if (To == LineEnding::CRLF)
      Out += AfterCR ? "\n" : "\r\n";
    else if (!AfterCR)
      Out += '\r'; // CR only; "\r\n" became the '\r' already written
  }
  return Out;
}

clang::tooling::Replacements
withLineEnding(const clang::tooling::Replacements &Edits, LineEnding To) {
  if (To == LineEnding::LF)
    return Edits;
  clang::tooling::Replacements Out;
  for (const clang::tooling::Replacement &R : Edits) {
    llvm::cantFail(Out.add(clang::tooling::Replacement(
                       R.getFilePath(), R.getOffset(), R.getLength(),
                       convertLineEndings(R.getReplacementText(), To))),
                   "the edits did not overlap before");
  }
  return Out;
}

} // namespace

std::string withLineEndingsOf(llvm::StringRef Model, llvm::StringRef Text) {
  return convertLineEndings(Text, dominantLineEnding(Model));
}

llvm::Expected<std::vector<RewrittenFile>>
applyEdits(const std::map<std::string, clang::tooling::Replacements> &All,
           const std::map<std::string, std::string> &Parsed) {
  std::vector<RewrittenFile> Out;
  for (const auto &[Path, Edits] : All) {
    if (Edits.empty())
      continue;
    auto It = Parsed.find(Path);
    if (It == Parsed.end())
      return llvm::createStringError(Path + ": edited but never parsed");
    const std::string &Old = It->second;
    clang::tooling::Replacements Fitted =
        withLineEnding(Edits, dominantLineEnding(Old));
    auto New = clang::tooling::applyAllReplacements(Old, Fitted);
    if (!New)
      return New.takeError();
    if (*New != Old)
      Out.push_back({Path, Old, std::move(*New), std::move(Fitted)});
  }
  return Out;
}

namespace {

/// Prints a write failure; \returns the exit code it calls for: a file that
/// changed under the run is RewritesNeeded (it was left alone, rerun), any
/// other failure a UsageError.
int reportWriteError(llvm::Error E, llvm::raw_ostream &Err) {
  int Code = E.isA<FileChangedError>() ? RewritesNeeded : UsageError;
  Err << "cuda-lower: error: " << llvm::toString(std::move(E)) << '\n';
  return Code;
}

/// -i: every file, each checked against the text it was parsed with. A file
/// that changed is skipped and reported; the others are still written.
int writeInPlace(const std::vector<RewrittenFile> &Files,
                 llvm::raw_ostream &Err) {
  int Code = Success;
  for (const RewrittenFile &R : Files) {
    llvm::Error E = writeFileAtomically(R.Path, R.New, llvm::StringRef(R.Old));
    if (!E)
      continue;
    Code = reportWriteError(std::move(E), Err);
    if (Code == UsageError)
      return Code;
  }
  return Code;
}

/// The names a diff gives \p Files: relative to the working directory, so
/// that `patch -p1` or `git apply` applies it there. If one lies outside
/// it, every name is absolute without its leading '/' (`a/src/x.cu`, not
/// `a//src/x.cu` or `a/../x.cu`, which neither tool accepts), to be applied
/// from the root: `patch -p1 -d /`, `git -C / apply`.
std::vector<std::string> diffPaths(const std::vector<RewrittenFile> &Files) {
  std::vector<std::string> Names;
  bool AllUnderCwd = true;
  for (const RewrittenFile &R : Files) {
    Names.push_back(displayPath(R.Path));
    AllUnderCwd &= !llvm::sys::path::is_absolute(Names.back());
  }
  if (!AllUnderCwd)
    for (size_t I = 0; I < Files.size(); ++I)
      Names[I] = llvm::StringRef(Files[I].Path).ltrim('/').str();
  return Names;
}

/// Overlay mode: each file under the overlay directory at its own absolute
/// path, the originals untouched.
int writeOverlay(const ToolOptions &Opts,
                 const std::vector<RewrittenFile> &Files,
                 llvm::raw_ostream &Err) {
  for (const RewrittenFile &R : Files) {
    llvm::SmallString<256> Dest(Opts.OverlayDir);
    llvm::sys::path::append(Dest, R.Path);
    if (std::error_code EC = llvm::sys::fs::create_directories(
            llvm::sys::path::parent_path(Dest))) {
      Err << "cuda-lower: error: cannot create the directory of " << Dest
          << ": " << EC.message() << '\n';
      return UsageError;
    }
    std::string Text = Opts.LineMarkers
                           ? withLineMarkers(R.Old, R.Edits, R.Path)
                           : R.New;
    if (llvm::Error E = writeFileAtomically(Dest, Text))
      return reportWriteError(std::move(E), Err);
  }
  return Success;
}

} // namespace

int emitOutput(const ToolOptions &Opts, const std::string &MainFile,
               llvm::StringRef MainText,
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
    llvm::StringRef Text = Main ? llvm::StringRef(Main->New) : MainText;
    size_t Others = Files.size() - (Main ? 1 : 0);
    if (Others && !Opts.Quiet)
      Err << "note: " << Others
          << " other file(s) need edits too (headers under the project "
             "root); use --diff or -i to see or apply them\n";
    // `-o -` is stdout, as for most tools.
    if (Opts.Mode == OutputMode::Stdout || Opts.OutputFile == "-") {
      Out << Text;
      return Success;
    }
    if (llvm::Error E = writeFileAtomically(Opts.OutputFile, Text))
      return reportWriteError(std::move(E), Err);
    return Success;
  }
  case OutputMode::InPlace:
    return writeInPlace(Files, Err);
  case OutputMode::Overlay:
    return writeOverlay(Opts, Files, Err);
  case OutputMode::Diff:
  case OutputMode::Check: {
    std::vector<std::string> Names = diffPaths(Files);
    for (size_t I = 0; I < Files.size(); ++I)
      Out << unifiedDiff(Names[I], Files[I].Old, Files[I].Edits);
    return Opts.Mode == OutputMode::Check && !Files.empty() ? RewritesNeeded
                                                            : Success;
  }
  case OutputMode::OutRoot: // Needs the project root: see writeOutRoot.
  case OutputMode::FixesOnly: // The CI files are written with the reports.
    break;
  }
  return Success;
}

} // namespace cudalower

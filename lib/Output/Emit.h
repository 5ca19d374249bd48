//===--- Emit.h - From merged edits to written files ------------*- C++ -*-===//
#pragma once

#include "cudalower/Options.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"
#include <map>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace cudalower {

/// One file as it was read and as the edits leave it.
struct RewrittenFile {
  std::string Path; ///< Absolute, normalised.
  std::string Old, New;
  /// The edits that turn Old into New, their line breaks the file's own.
  clang::tooling::Replacements Edits;
};

/// Applies \p Edits (file path -> replacements) to the text each file was
/// parsed with (\p Parsed: the files are never read again, so that the
/// edits fit the text they were computed on). Line breaks in inserted text
/// follow the file's (CRLF, CR or LF). Files whose text does not change are
/// left out. Fails if a file with edits has no parsed text.
llvm::Expected<std::vector<RewrittenFile>>
applyEdits(const std::map<std::string, clang::tooling::Replacements> &Edits,
           const std::map<std::string, std::string> &Parsed);

/// \p Text with its line breaks as \p Model's (the one most of its lines
/// end with): a '\n' not preceded by '\r' becomes "\r\n" for a CRLF file,
/// and every line break becomes '\r' for a CR-only file.
std::string withLineEndingsOf(llvm::StringRef Model, llvm::StringRef Text);

/// Emits \p Files as \p Opts.Mode asks: the main file's text to \p Out or to
/// -o (\p MainText, the main file as parsed, when no edit changed it), every
/// file in place, or diffs. \returns an ExitCode.
int emitOutput(const ToolOptions &Opts, const std::string &MainFile,
               llvm::StringRef MainText,
               const std::vector<RewrittenFile> &Files, llvm::raw_ostream &Out,
               llvm::raw_ostream &Err);

} // namespace cudalower

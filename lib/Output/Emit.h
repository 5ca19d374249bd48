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
  const clang::tooling::Replacements *Edits = nullptr;
};

/// Applies \p Edits (file path -> replacements) to the files' current text.
/// Files whose text does not change are left out.
llvm::Expected<std::vector<RewrittenFile>>
applyEdits(const std::map<std::string, clang::tooling::Replacements> &Edits);

/// Emits \p Files as \p Opts.Mode asks: the main file's text to \p Out or to
/// -o, every file in place, or diffs. \returns an ExitCode.
int emitOutput(const ToolOptions &Opts, const std::string &MainFile,
               const std::vector<RewrittenFile> &Files, llvm::raw_ostream &Out,
               llvm::raw_ostream &Err);

} // namespace cudalower

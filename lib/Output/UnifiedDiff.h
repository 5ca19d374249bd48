//===--- UnifiedDiff.h - Unified diffs of rewritten files -------*- C++ -*-===//
#pragma once

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace cudalower {

/// \p Prefix + \p Path as a diff header names it so that `patch -p1` and
/// `git apply` read it back: followed by a tab if it holds a space (as GNU
/// diff writes it), in Git's C-style quotes if it holds a quote, a
/// backslash or a control character.
std::string diffFileName(llvm::StringRef Prefix, llvm::StringRef Path);

/// The unified diff (3 lines of context, `--- a/Path` / `+++ b/Path`, named by
/// diffFileName) that
/// turns \p Old into the result of applying \p Edits to it. Hunks come from
/// the edits themselves, so unchanged text is never reported as changed.
/// Returns "" when the edits change nothing. \p Edits must apply to \p Old
/// (applyEdits applied them to it already).
std::string unifiedDiff(llvm::StringRef Path, llvm::StringRef Old,
                        const clang::tooling::Replacements &Edits);

} // namespace cudalower

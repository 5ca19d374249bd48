//===--- UnifiedDiff.h - Unified diffs of rewritten files -------*- C++ -*-===//
#pragma once

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace cudalower {

/// The unified diff (3 lines of context, `--- a/Path` / `+++ b/Path`) that
/// turns \p Old into the result of applying \p Edits to it. Hunks come from
/// the edits themselves, so unchanged text is never reported as changed.
/// Returns "" when the edits change nothing.
std::string unifiedDiff(llvm::StringRef Path, llvm::StringRef Old,
                        const clang::tooling::Replacements &Edits);

} // namespace cudalower

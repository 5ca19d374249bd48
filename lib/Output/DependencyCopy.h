//===--- DependencyCopy.h - Lowered library headers in the out-root -*- C++ -*-===//
//
// --out-root with --lower-dependencies (or a second --in-root): the files
// the rules edited outside the project root (headers of libraries the
// project uses) are written under OUT/.cuda-lower-deps at their absolute
// paths, each with the rest of the include directory it was found in: an
// unchanged header of the library must include the lowered copy of its
// neighbour, not the original, so the whole directory moves together. The
// build then puts those directories ahead of the originals; the run says
// which.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Output/Emit.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace cudalower {

/// The directory under \p OutRoot that mirrors \p Dir (absolute).
std::string dependencyCopyOf(llvm::StringRef OutRoot, llvm::StringRef Dir);

/// The deepest of \p IncludeDirs (canonical, trailing separators) that
/// holds \p File; else \p File's own directory, with a trailing separator.
std::string includeDirectoryOf(llvm::StringRef File,
                               llvm::ArrayRef<std::string> IncludeDirs);

/// Writes \p Files (all outside the project root) and the other files of
/// their include directories under \p OutRoot, then notes the `-I` options
/// that put the copies first. \returns an ExitCode.
int writeDependencyCopies(const std::vector<const RewrittenFile *> &Files,
                          llvm::ArrayRef<std::string> IncludeDirs,
                          llvm::StringRef OutRoot, llvm::raw_ostream &Err);

} // namespace cudalower

//===--- PreludeBuild.h - Building one precompiled prelude ------*- C++ -*-===//
//
// How one prelude is made (PreludeCache decides when, and keeps them): the
// command precompiled on a source of its leading includes, with what it
// must not hold checked on the way (a header of the project, or one found
// on an -I path), and the checks that a source means the same after it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Driver/OwnedFiles.h"
#include "clang/Basic/FileManager.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>

namespace cudalower {

/// Whether the leading includes of \p Source (a prelude's source) are
/// worth a prelude of their own: they bring in at least
/// PreludeCache::MinLeadingIncludeBytes of header text, and no file a
/// prelude must not hold (\p Owned: the project's files besides those of
/// user include directories; null: none). Only preprocesses, a fraction of
/// the cost of precompiling. \p Args: the command, less its source.
bool worthAPrelude(llvm::ArrayRef<std::string> Args, const std::string &Source,
                   const OwnedFiles *Owned, clang::FileManager &Files);

/// Precompiles \p Source with \p Args (the command, less its source) into
/// \p Pch; true if it built without an error and read no file a prelude
/// must not hold. \p Inputs gets the files it read, as "SIZE MTIME PATH"
/// lines.
bool precompilePrelude(llvm::ArrayRef<std::string> Args,
                       const std::string &Source, const std::string &Pch,
                       const OwnedFiles *Owned, clang::FileManager &Files,
                       std::string &Inputs);

/// Parses \p Source, a prelude's source of leading includes, with \p Args
/// (its command, less the source) after the prelude \p Pch: true if its
/// includes then yield no token and no error. A source that starts with
/// them includes them again after its prelude; this says that it then
/// reads nothing (each is guarded, however: #pragma once, an include guard
/// Clang's multiple-include optimisation does not see), and so means what
/// it meant without the prelude.
bool includesReadNothingAfter(llvm::ArrayRef<std::string> Args,
                              const std::string &Pch, const std::string &Source,
                              clang::FileManager &Files);

} // namespace cudalower

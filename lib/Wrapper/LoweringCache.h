//===--- LoweringCache.h - Reusing an object's last lowering ----*- C++ -*-===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace cudalower {

/// What the last lowering into a private directory produced.
enum class CachedLowering { Unchanged, Lowered };

/// The key of a lowering: \p Tool (the wrapper's version and build), the
/// compile command \p Args, and the path and contents of every project file
/// the TU reaches and of every other header whose macros the pre-scan read
/// (\p Files). Toolkit and system headers are not in it: the lowering never
/// edits them.
std::string loweringKey(llvm::StringRef Tool, llvm::ArrayRef<std::string> Args,
                        llvm::ArrayRef<std::string> Files);

/// What the private directory \p Dir holds for \p Key, if it holds the
/// result of a lowering with that key.
std::optional<CachedLowering> readLoweringStamp(llvm::StringRef Dir,
                                                llvm::StringRef Key);

/// Records that \p Dir holds the result of the lowering with \p Key.
void writeLoweringStamp(llvm::StringRef Dir, llvm::StringRef Key,
                        CachedLowering Result);

/// Forgets it: called before the directory's contents change.
void removeLoweringStamp(llvm::StringRef Dir);

} // namespace cudalower

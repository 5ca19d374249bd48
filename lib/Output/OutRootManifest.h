//===--- OutRootManifest.h - What an out-root already holds -----*- C++ -*-===//
//
// A run with --out-root records, in the out-root, what each source it wrote
// read (content hashes) and what it wrote there. A later run skips a source
// whose record still holds: an interrupted or partly failed migration is
// finished without parsing again what is done (docs/scaling.md#reruns).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cudalower {

/// What the last run recorded of one source it wrote. Paths are relative
/// to the project root (inputs) and to the out-root (outputs), so that
/// both trees may move.
struct ManifestEntry {
  /// The source's settings: the tool's version, its rules and options,
  /// its compile commands (sourceKey).
  std::string Key;
  /// Every file of the project the source read, itself included -> the
  /// hash of its content.
  std::map<std::string, std::string> Inputs;
  /// Every file it rewrote into the out-root -> the hash of what was
  /// written.
  std::map<std::string, std::string> Outputs;
};

/// Source (relative to the root) -> its entry.
using Manifest = std::map<std::string, ManifestEntry>;

/// The manifest's name in the out-root.
inline constexpr llvm::StringLiteral ManifestName = ".cuda-lower-manifest.json";

/// The hash the manifest records for \p Text.
std::string contentHash(llvm::StringRef Text);
/// contentHash of the file at \p Path, or nothing if it cannot be read.
std::optional<std::string> fileHash(llvm::StringRef Path);

/// The manifest of \p OutRoot; empty if there is none or it cannot be read
/// (then every source is parsed again, which is always right).
Manifest readManifest(llvm::StringRef OutRoot);
/// Writes \p M into \p OutRoot, atomically.
llvm::Error writeManifest(llvm::StringRef OutRoot, const Manifest &M);

/// Hashes of the files as they are now, by relative path (nothing: the
/// file is gone).
using HashOf = llvm::function_ref<std::optional<std::string>(llvm::StringRef)>;

/// True if \p E still describes the source: the same \p Key, every input
/// with its recorded content (\p InputHash), every output still in the
/// out-root as written (\p OutputHash). Modification times are not used:
/// a checkout or a copy changes them without changing a byte.
bool isCurrent(const ManifestEntry &E, llvm::StringRef Key, HashOf InputHash,
               HashOf OutputHash);

/// Of the \p Skipped sources, those that wrote a file the sources parsed
/// now read (\p Read, relative paths): writing that file from the parsed
/// sources' edits alone would drop the skipped source's, so it is parsed
/// too.
std::vector<std::string> skippedToParse(const Manifest &M,
                                        const std::vector<std::string> &Skipped,
                                        const std::set<std::string> &Read);

} // namespace cudalower

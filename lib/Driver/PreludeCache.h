//===--- PreludeCache.h - Precompiled CUDA preludes -------------*- C++ -*-===//
//
// Before a CUDA source, Clang's driver includes __clang_cuda_runtime_wrapper.h,
// and through it the toolkit's runtime headers and much of the C++ library:
// about 0.5 s of every parse, which for a small source is nearly all of it,
// and cuda-lower parses each source four times (two passes, then both again
// to verify the output). The prelude does not depend on the source, only on
// its command line, so it is precompiled once per command line and reused
// with -include-pch.
//
// A precompiled prelude is built the second time its command line is seen
// (a one-off command costs nothing extra), kept in a cache directory with
// the size and time of every file it read, and used only while each of them
// is unchanged. Command lines that make the prelude hold more than the
// toolkit's and the system's headers (-include, a user header found first on
// an -I path) get none.
//
// A source that starts with `#include <...>` lines (Thrust's headers, say)
// gets a prelude that holds those headers too, keyed by the command line
// and the list: the sources of a project that start alike share it. It is
// built when a second source, or a later run, asks for it (not when one
// run parses a source again to verify it). The
// source still includes them; each must be guarded (#pragma once or an
// include guard), so that including it again after the prelude reads
// nothing, and none may be a file of the project (the parse may fix or
// rewrite those in memory), and they must bring in enough header text to
// pay for a prelude of their own. Else the plain prelude is used.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Driver/OwnedFiles.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <memory>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace cudalower {

/// cuda-lower's directory in the user's cache: $CUDALOWER_CACHE_DIR, else
/// $XDG_CACHE_HOME/cuda-lower, else $HOME/.cache/cuda-lower. Empty when
/// none of them is set, or CUDALOWER_CACHE_DIR is `off`.
std::string userCacheDirectory();

class PreludeCache {
public:
  /// Where preludes are kept unless a directory is given: `preludes/` of
  /// userCacheDirectory(); empty when that is.
  static std::string defaultDirectory();

  /// A cache in \p Dir (created when first needed); empty: disabled.
  explicit PreludeCache(std::string Dir);
  ~PreludeCache();

  /// \p Args: a driver command line that parses one CUDA source, the source
  /// last, run in \p WorkingDirectory. Returns it with `-include-pch` of a
  /// precompiled prelude inserted before the source when one is (or could
  /// now be) made for it; else unchanged. Safe from several threads.
  /// \p Leading: the headers of the `#include <...>` lines the source
  /// starts with (leadingAngledIncludes), in the text the parse reads.
  std::vector<std::string> attach(std::vector<std::string> Args,
                                  llvm::StringRef WorkingDirectory,
                                  llvm::ArrayRef<std::string> Leading = {});

  /// The files \p Owned owns are the project's: a prelude of leading
  /// includes that reads one is not used.
  void setOwnedFiles(OwnedFiles O) { Owned = std::move(O); }

  /// The key a command line (and the leading includes, with the project
  /// root) is cached under (tests).
  static std::string keyOf(llvm::ArrayRef<std::string> Args,
                           llvm::StringRef WorkingDirectory,
                           llvm::ArrayRef<std::string> Leading = {},
                           llvm::StringRef OwnedKey = {});
  /// Whether \p Args can have a precompiled prelude at all (tests).
  static bool canPrecompile(llvm::ArrayRef<std::string> Args);

  /// At most this many preludes are kept; the least recently used go,
  /// but none used within EvictionGrace (runs in progress use them).
  static constexpr unsigned MaxEntries = 24;
  static constexpr std::chrono::minutes EvictionGrace{60};
  /// A process using a prelude marks it again after this long.
  static constexpr std::chrono::minutes RemarkInterval{5};
  /// Markers of command lines seen once, and temporaries of killed
  /// builders, go after this long.
  static constexpr std::chrono::hours StaleAfter{24 * 7};
  /// Leading includes that bring in less header text than this (what the
  /// plain prelude holds aside) get no prelude of their own, which would
  /// cost more to build and store than it saves: `<cstdio>` adds 50 KB,
  /// libcu++'s `<cuda/std/utility>` 2.5 MB, Thrust's algorithms 12 MB.
  static constexpr uint64_t MinLeadingIncludeBytes = 4 << 20;
  /// Applies the limits above to the cache in \p Dir (run after each build).
  static void evictOld(llvm::StringRef Dir);

private:
  struct Entry;
  Entry &entryFor(const std::string &Key);
  std::optional<std::string> prelude(const std::string &Key,
                                     llvm::ArrayRef<std::string> Args,
                                     llvm::StringRef WorkingDirectory,
                                     llvm::ArrayRef<std::string> Leading);
  std::string pathOf(const std::string &Key, llvm::StringRef Ext) const;
  bool isCurrent(const std::string &Key) const;
  bool keepInUse(Entry &E, const std::string &Pch);
  bool build(const std::string &Key, llvm::ArrayRef<std::string> Args,
             llvm::StringRef WorkingDirectory,
             llvm::ArrayRef<std::string> Leading);
  std::optional<std::string>
  sourceFor(const std::string &Key, llvm::ArrayRef<std::string> Leading);

  std::string Dir;
  OwnedFiles Owned;
  std::mutex Mutex;
  std::map<std::string, std::unique_ptr<Entry>> Entries;
};

} // namespace cudalower

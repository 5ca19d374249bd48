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
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <memory>
#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace cudalower {

class PreludeCache {
public:
  /// Where preludes are kept unless a directory is given:
  /// $CUDALOWER_CACHE_DIR, else $XDG_CACHE_HOME/cuda-lower, else
  /// $HOME/.cache/cuda-lower; each with `preludes/` under it. Empty when
  /// none of them is set, or CUDALOWER_CACHE_DIR is `off`.
  static std::string defaultDirectory();

  /// A cache in \p Dir (created when first needed); empty: disabled.
  explicit PreludeCache(std::string Dir);
  ~PreludeCache();

  /// \p Args: a driver command line that parses one CUDA source, the source
  /// last, run in \p WorkingDirectory. Returns it with `-include-pch` of a
  /// precompiled prelude inserted before the source when one is (or could
  /// now be) made for it; else unchanged. Safe from several threads.
  std::vector<std::string> attach(std::vector<std::string> Args,
                                  llvm::StringRef WorkingDirectory);

  /// The key a command line is cached under (tests).
  static std::string keyOf(llvm::ArrayRef<std::string> Args,
                           llvm::StringRef WorkingDirectory);
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
  /// Applies the limits above to the cache in \p Dir (run after each build).
  static void evictOld(llvm::StringRef Dir);

private:
  struct Entry;
  Entry &entryFor(const std::string &Key);
  std::optional<std::string> prelude(const std::string &Key,
                                     llvm::ArrayRef<std::string> Args,
                                     llvm::StringRef WorkingDirectory);
  std::string pathOf(const std::string &Key, llvm::StringRef Ext) const;
  bool isCurrent(const std::string &Key) const;
  bool keepInUse(Entry &E, const std::string &Pch);
  bool build(const std::string &Key, llvm::ArrayRef<std::string> Args,
             llvm::StringRef WorkingDirectory);

  std::string Dir;
  std::mutex Mutex;
  std::map<std::string, std::unique_ptr<Entry>> Entries;
};

} // namespace cudalower

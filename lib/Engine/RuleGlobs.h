//===--- RuleGlobs.h - Rule names matched as clang-tidy globs ---*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/GlobPattern.h"
#include <memory>
#include <string>
#include <vector>

namespace cudalower {

/// A comma-separated list of globs over rule names, read as clang-tidy reads
/// `-checks` and `-warnings-as-errors`: `*` matches any text, a leading `-`
/// excludes, and the last glob that matches a name decides.
class RuleGlobs {
public:
  /// Parses \p List; the error names a glob that does not parse.
  static llvm::Expected<RuleGlobs> parse(llvm::StringRef List);

  bool contains(llvm::StringRef Rule) const;
  bool empty() const { return Globs.empty(); }

private:
  struct Glob {
    bool Positive;
    /// GlobPattern refers to its text, which must outlive it (and stay put
    /// when a RuleGlobs is copied or moved).
    std::shared_ptr<const std::string> Text;
    llvm::GlobPattern Pattern;
  };
  std::vector<Glob> Globs;
};

} // namespace cudalower

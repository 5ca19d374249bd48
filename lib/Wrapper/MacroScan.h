//===--- MacroScan.h - What macros may spell, for the pre-scan -*- C++ -*-===//
//
// The pre-scan reads code without expanding macros, so a lambda written
// through one (`#define LAMBDA [=] __host__ __device__`, used as
// `LAMBDA (int i) { ... }`) is invisible where it is used. These are the
// pieces that look through macros instead: what a definition's tokens may
// spell (MacroDefinition.h), the macros of headers outside the project, and
// the chains between macros.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Wrapper/MacroDefinition.h"
#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace cudalower {

/// An `#include` whose name is spelled with macros (Thrust's
/// `#include __THRUST_DEVICE_SYSTEM_TAG_HEADER`).
struct ComputedInclude {
  unsigned Line = 0;
  std::string Operand; ///< The text after `include`.
};

/// What the pre-scan needs of a header outside the project.
struct HeaderScan {
  /// Its `#include` names with their delimiters; `#include_next` ones in
  /// IncludeNexts (every directory that has the name may be meant).
  std::vector<std::string> Includes, IncludeNexts;
  std::vector<ComputedInclude> Computed;
  /// Why it cannot be seen through, as "line: why" (text the directive
  /// scanner rejects); "" if it can.
  std::string Opaque;
  std::vector<MacroDef> Macros;
};

/// Reads the directives of a header outside the project with Clang's
/// dependency-directives scanner (clang-scan-deps' fast path: it skips
/// everything but directives, and knows comments and raw strings).
/// \p Text must end with a NUL (a MemoryBuffer's does).
HeaderScan scanHeader(llvm::StringRef Text, llvm::StringRef File);

/// The macros the pre-scan read, and which may spell what a rule
/// rewrites, directly or through other macros.
class MacroTable {
public:
  void add(MacroDef Def);
  /// Follows the chains (a macro whose body names one that may spell a
  /// lambda may spell one too) and the indexes of macros. Call once, after
  /// the last add.
  void resolve();
  /// A definition of \p Name that may spell something a rule rewrites, or
  /// null.
  const MacroDef *toLower(llvm::StringRef Name) const;
  /// Whether \p Name is `__host__` or `__device__`, or a macro whose body
  /// names one, directly or through other macros (`HD`, `KOKKOS_FUNCTION`).
  bool spellsAnnotation(llvm::StringRef Name) const;
  /// A definition of \p Name that may read differently in the two passes,
  /// or needs the host pass's rule, or null.
  const MacroDef *needsBothPasses(llvm::StringRef Name) const;
  /// The header names (with their delimiters) that an `#include` of
  /// \p Operand may mean: its object-like macros replaced by each of their
  /// definitions in turn (every branch of every #if), an identifier that no
  /// definition read here names kept as it is. None if it cannot be told:
  /// a function-like macro, something that is no header name in the end,
  /// too many combinations.
  std::optional<std::vector<std::string>>
  includeNames(llvm::StringRef Operand) const;
  /// The definitions, in the order added (after resolve: with what the
  /// chains gave them).
  llvm::ArrayRef<MacroDef> definitions() const { return Defs; }
  /// Whether a macro defined outside the project (a header, the command
  /// line) may spell something a rule rewrites, or read differently in the
  /// two passes: then the project's uses of it are looked for.
  bool anyOutsideToLower() const { return OutsideToLower; }
  bool anyOutsideBothPasses() const { return OutsideBothPasses; }

private:
  std::vector<MacroDef> Defs;
  llvm::StringMap<llvm::SmallVector<unsigned, 1>> ByName;
  llvm::StringMap<unsigned> ToLower, BothPasses;
  bool OutsideToLower = false, OutsideBothPasses = false;
};

} // namespace cudalower

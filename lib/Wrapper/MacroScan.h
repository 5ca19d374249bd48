//===--- MacroScan.h - What macros may spell, for the pre-scan -*- C++ -*-===//
//
// The pre-scan reads code without expanding macros, so a lambda written
// through one (`#define LAMBDA [=] __host__ __device__`, used as
// `LAMBDA (int i) { ... }`) is invisible where it is used. These are the
// pieces that look through macros instead: what a definition's tokens may
// spell, the macros of headers outside the project, and the chains between
// macros.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace cudalower {

/// Identifiers that are a reason to lower alone, as the rules on by default
/// declare them (Rule::preScanTriggers: `std`, `constexpr`, `_Pragma`,
/// nvcc's lambda traits, the flags' macros): the reason, or null.
const char *reasonForIdentifier(llvm::StringRef Id);

/// The shapes the rules on by default declare (PreScanTriggers::Shape
/// bits): a macro body is looked at for those only, as the code is.
unsigned defaultPreScanShapes();

/// One raw token of a `#define` line.
struct MacroToken {
  clang::tok::TokenKind Kind;
  llvm::StringRef Text; ///< Points into the file (adjacency is read from it).
};

/// One macro definition, and what its replacement list may spell.
struct MacroDef {
  std::string Name;
  std::string File; ///< Where it is defined; "" for the command line.
  unsigned Line = 0;
  bool InProject = false;
  /// What its body holds that a rule could rewrite if the code spelled it
  /// there ("has a lambda", "uses std"...); "" if nothing.
  std::string Why;
  /// Its body holds a deduced return type: the host pass's rule's.
  bool NeedsHostPass = false;
  /// It may read differently in the host and the device pass: its body
  /// names `__CUDA_ARCH__` or a relative, or it is defined under a test of
  /// one.
  bool PassDiffering = false;
  /// The body ends with `X[...]`: an index of `X`, unless `X` is a macro
  /// (one that ends in `=` would make `[...]` a lambda introducer that the
  /// use continues). Resolved against the other definitions.
  std::string IndexedBy;
  /// The identifiers of its body other than its parameters: the macros it
  /// may expand to.
  std::vector<std::string> Names;
  bool FunctionLike = false;
  /// The body's text, for an object-like macro (an `#include` may name a
  /// header with it).
  std::string Body;
};

/// Reads a definition from the tokens after `#define` (name, parameters,
/// body; the line's end excluded), looking in its body for the shapes of
/// \p Shapes. \returns a definition with an empty name if there is none.
MacroDef readDefinition(llvm::ArrayRef<MacroToken> Tokens,
                        unsigned Shapes = defaultPreScanShapes());

/// Reads `NAME` or `NAME=BODY` of a `-D` option.
MacroDef readCommandLineDefinition(llvm::StringRef Def,
                                   unsigned Shapes = defaultPreScanShapes());

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

//===--- MacroDefinition.h - What one macro may spell -----------*- C++ -*-===//
//
// The pre-scan reads code without expanding macros, so what a macro's
// body may spell (a lambda, a `std::` name, a `#pragma`) is read from its
// definition: the tokens after `#define`, or a `-D` option. What to look
// for is what the rules declare (Rule::preScanTriggers), as for the code.
// MacroScan.h puts the definitions together and follows their chains.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
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

/// The language options macro text is lexed with (C++17, `//` comments).
clang::LangOptions macroLangOptions();

} // namespace cudalower

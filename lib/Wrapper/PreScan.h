//===--- PreScan.h - Whether a translation unit may need lowering -*- C++ -*-=//
#pragma once

#include "Wrapper/MacroScan.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace cudalower {

/// Where the pre-scan looks for included files.
struct IncludeSearch {
  std::vector<std::string> QuoteDirs; ///< -iquote, searched for "x" only.
  std::vector<std::string> Dirs;      ///< -I, for "x" and <x>.
  std::vector<std::string> SystemDirs; ///< -isystem, then -idirafter.
  std::vector<std::string> PreIncludes; ///< -include files.
  /// -D options, `NAME` or `NAME=BODY`.
  std::vector<std::string> Defines;
  /// Files under these directories (each with a trailing '/') are the
  /// project's: the project root, and the source's own directory when the
  /// source lies outside it (a file the build generates).
  std::vector<std::string> Roots;
  /// Files under these directories (each with a trailing '/') are the
  /// toolkit's or the system's: never read. Any other header the search
  /// finds is read for its macros.
  std::vector<std::string> SystemPrefixes;

  /// Whether the real path \p Real is a project file.
  bool inProject(llvm::StringRef Real) const;
};

/// What the pre-scan found.
struct PreScanResult {
  /// False only when no file of the project the TU reaches holds anything a
  /// rule could rewrite: then nvcc can compile the original as it is.
  bool MayNeedLowering = false;
  /// What made it true, as `file:line: why`, for --cuda-lower-verbose.
  std::string Reason;
  /// False if some file may be reached that the scan could not name (an
  /// `#include` whose name is a macro) or read.
  bool FoundAllFiles = true;
  /// Every project file the TU may reach (all branches of every #if),
  /// the source first; real paths.
  std::vector<std::string> ProjectFiles;
  /// The headers outside the project that the search finds and that are
  /// not the toolkit's or the system's, read for their macros; real paths.
  std::vector<std::string> OtherHeaders;
  /// Those of OtherHeaders that hold an annotated lambda (a library's
  /// `[=] __device__ (int i) {...}`, or one annotated through a macro):
  /// plain nvcc rejects them, so the wrapper lowers them too.
  std::vector<std::string> DependencyLambdaHeaders;
  /// How many macro definitions were read (project files, other headers,
  /// the command line).
  unsigned MacrosRead = 0;
  /// Whether lowering needs the host pass as well as the device pass:
  /// false only when no project file can read differently in the two
  /// passes (no `__CUDA_ARCH__` or other macro of the compilation side)
  /// and none holds what only the host pass's rules look at (a deduced
  /// return type). Then the device pass alone sees all the rules would
  /// edit (design.md, "One pass in the wrapper").
  bool NeedsBothPasses = false;
  /// What made it true, as `file:line: why`.
  std::string BothPassesReason;
};

/// Reads \p Source and the project files it includes, transitively, with a
/// raw lexer (no macro expansion, every branch of every conditional), for
/// anything any rule of cuda-lower could rewrite: a lambda, `std`,
/// `constexpr`, `= default`, a deduced return type (`auto f(`,
/// `decltype(auto)`), `_Pragma` or `#pragma` in a `#define`, nvcc's lambda
/// traits and the flags' macros, or an `#include` whose name is a macro.
/// A macro's body is read for the same, and for a lambda it may begin
/// (`#define LAMBDA [=] HOST_DEVICE`); the macros of the headers outside
/// the project (other than the toolkit's and the system's) and of `-D` are
/// read too, and a project file that names one that may spell any of this,
/// directly or through other macros, is a reason.
/// It may say "may need lowering" when nothing needs it (cheap), never the
/// reverse: code it cannot see through makes it say yes.
PreScanResult preScan(llvm::StringRef Source, const IncludeSearch &Search);

/// What the pre-scan finds in one file.
struct ScannedText {
  /// Why it may need lowering, as "line: why" (the first reason); "" if
  /// nothing in it does.
  std::string Reason;
  /// Its `#include` names, `"x"` or `<x>` with their delimiters, all of
  /// them (also after the first reason).
  std::vector<std::string> Includes;
  /// It has an `#include` whose name is a macro (also a reason).
  bool ComputedInclude = false;
  /// Why the host pass is needed as well, as "line: why" (the first
  /// reason); "" if the device pass alone sees all there is to lower.
  std::string BothPassesReason;
  /// Its `#include_next` names (any directory that has one may be meant).
  std::vector<std::string> IncludeNexts;
  /// Its macro definitions (Line set, File not).
  std::vector<MacroDef> Macros;
};

/// Whether \p Id may name a macro that differs between the host and the
/// device pass: `__CUDA_ARCH__` and its relatives, `<nv/target>`'s
/// `NV_IF_TARGET` family, and the spellings libraries give them
/// (`_CCCL_DEVICE_COMPILATION`, `THRUST_IS_DEVICE_CODE`, `CUB_PTX_ARCH`,
/// `KOKKOS_IF_ON_HOST`...). Wide on purpose: a false "yes" costs one more
/// parse, a false "no" a lowering that misses host-only code.
bool mayDifferBetweenPasses(llvm::StringRef Id);

/// Scans one file's text (see preScan).
ScannedText scanText(llvm::StringRef Text);

/// A word right after a lambda introducer (and its parameters) in a header
/// outside the project: `__device__`, or a macro that may spell one.
struct IntroducerWord {
  unsigned Line = 0;
  std::string Word;
};

/// The words after every `[...]` or `[...](...)` of \p Text that may be a
/// lambda's annotation (identifiers other than lambda specifiers); wide:
/// the caller keeps those that spell `__host__` or `__device__`.
std::vector<IntroducerWord> wordsAfterIntroducers(llvm::StringRef Text);

} // namespace cudalower

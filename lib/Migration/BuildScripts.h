//===--- BuildScripts.h - The nvcc flags in build scripts -------*- C++ -*-===//
//
// Finds the three nvcc options cuda-lower makes unnecessary in CMake files
// (and CMake presets), Makefiles and setup.py, each with a token-level
// scanner of that language, and says which uses can be removed safely and
// which only reported.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace cudalower {

/// --extended-lambda, --expt-extended-lambda, --expt-relaxed-constexpr, in
/// nvcc's `-` and `--` spellings.
bool isLoweredAwayFlag(llvm::StringRef Word);

enum class ScriptKind { CMake, CMakePresets, Make, SetupPy, Unknown };

/// CMakeLists.txt, *.cmake; CMakePresets.json, CMakeUserPresets.json;
/// Makefile, GNUmakefile, *.mk; setup.py.
ScriptKind scriptKindOf(llvm::StringRef Path);

/// One use of a flag in a build script.
struct FlagUse {
  std::string Flag;
  unsigned Offset = 0; ///< Where the flag's text starts.
  /// True if the scanner understood the context and can remove the flag;
  /// then [RemoveOffset, RemoveOffset + RemoveLength) is the text that
  /// goes, replaced by Replacement (`""` where a value must stay set).
  bool Removable = false;
  unsigned RemoveOffset = 0;
  unsigned RemoveLength = 0;
  std::string Replacement;
  /// Why it is not removable, or what the removal also affects (an
  /// INTERFACE option reaches the targets that link it).
  std::string Note;
};

std::vector<FlagUse> scanCMake(llvm::StringRef Text);
/// The CMAKE_CUDA_FLAGS* and CUDA_NVCC_FLAGS* cache variables (a string or
/// a `{"type", "value"}` object) and the CUDAFLAGS environment variable of
/// every preset; the JSON is edited inside those strings only.
std::vector<FlagUse> scanCMakePresets(llvm::StringRef Text);
std::vector<FlagUse> scanMake(llvm::StringRef Text);
std::vector<FlagUse> scanSetupPy(llvm::StringRef Text);
std::vector<FlagUse> scanBuildScript(ScriptKind Kind, llvm::StringRef Text);

/// Every mention of a flag in \p Text that no use in \p Uses covers,
/// reported as not understood: the scanners edit only what they parsed.
/// \p HashComments: a `#` before it on its line makes it a comment (CMake,
/// Make, Python; not JSON).
void addUnderstoodMisses(llvm::StringRef Text, std::vector<FlagUse> &Uses,
                         bool HashComments = true);

/// One edit of a build script: [Begin, End) becomes Text.
struct ScriptEdit {
  unsigned Begin = 0, End = 0;
  std::string Text;
};

/// The edits of the removable uses, sorted, overlapping ones merged (two
/// flags side by side, or a command that goes as a whole: the outer one's
/// replacement stays).
std::vector<ScriptEdit> mergedEdits(const std::vector<FlagUse> &Uses);

/// The half-open range of the line(s) holding [Begin, End) when nothing but
/// blanks surrounds it there; otherwise [Begin, End) itself.
std::pair<unsigned, unsigned> wholeLinesIfAlone(llvm::StringRef Text,
                                                unsigned Begin, unsigned End);

/// The next blank-separated word of \p Text in [\p P, \p End), skipping
/// blanks (and backslashes, which continue Makefile lines, when
/// \p SkipBackslashes); \p P moves past it. \returns where it starts: \p P
/// itself when there is none.
unsigned nextWord(llvm::StringRef Text, unsigned &P, unsigned End,
                  bool SkipBackslashes);

/// Makes the uses \p Uses[First...] remove the whole statement [Begin, End)
/// of \p Text (with its line(s) when alone there): a statement that sets
/// nothing once its flags go goes as a whole.
void removeWholeStatement(llvm::StringRef Text, unsigned Begin, unsigned End,
                          std::vector<FlagUse> &Uses, size_t First);

} // namespace cudalower

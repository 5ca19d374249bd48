//===--- CMakeLexer.h - The commands of a CMake file ------------*- C++ -*-===//
//
// Reads a CMake file into its commands and their arguments (quoted, bracket
// and unquoted), skipping line and bracket comments: what the migration's
// scanner needs to find a flag in a command's values and edit only there.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALOWER_MIGRATION_CMAKELEXER_H
#define CUDALOWER_MIGRATION_CMAKELEXER_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace cudalower {

struct CMakeArg {
  unsigned Begin = 0, End = 0; ///< The argument's text, quotes included.
  bool Quoted = false;
  bool Bracket = false;
};

struct CMakeCommand {
  std::string Name; ///< Lower case: CMake command names are.
  unsigned Begin = 0, End = 0; ///< From the name to after `)`.
  std::vector<CMakeArg> Args;
};

/// The commands of \p Text, in order; stops at the first thing it cannot
/// read (what follows is then reported by the scanner, never edited).
std::vector<CMakeCommand> lexCMakeCommands(llvm::StringRef Text);

} // namespace cudalower

#endif // CUDALOWER_MIGRATION_CMAKELEXER_H

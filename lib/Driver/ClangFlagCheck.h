//===--- ClangFlagCheck.h - Flags Clang's driver does not know --*- C++ -*-===//
#pragma once

#include <string>
#include <vector>

namespace cudalower {

/// Removes from \p Args (compiler arguments, no compiler name) every flag
/// Clang's driver does not know, and returns them: Clang would stop on
/// them with an error, and a flag it does not know cannot change how it
/// parses. A flag's separate value is not told apart from a file name and
/// stays.
std::vector<std::string> dropUnknownClangFlags(std::vector<std::string> &Args);

} // namespace cudalower

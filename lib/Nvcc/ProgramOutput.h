//===--- ProgramOutput.h - What a program prints --------------*- C++ -*-===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace cudalower {

/// What a tool asks of the compilers it stands beside (nvcc's predefined
/// macros, the host compiler's header directory) is what they print.
enum class Streams { StdoutOnly, StdoutAndStderr };

/// Runs \p Program with \p Args (Args[0] is its name), with no input, for
/// at most \p Seconds, and returns what it printed on \p Captured; nothing
/// if it could not run or exited with a code other than 0.
std::optional<std::string> outputOf(llvm::StringRef Program,
                                    llvm::ArrayRef<llvm::StringRef> Args,
                                    Streams Captured, unsigned Seconds);

} // namespace cudalower

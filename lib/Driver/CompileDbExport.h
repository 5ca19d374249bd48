//===--- CompileDbExport.h - A compile database Clang tools read -*- C++ -*-===//
#pragma once

#include "Driver/CompilationSetup.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/JSON.h"

namespace cudalower {

/// True for an entry nvcc compiles (argv[0] names nvcc, or a .cu file):
/// those are translated; other entries are kept as they are.
bool isNvccEntry(const clang::tooling::CompileCommand &C);

/// The Clang command for \p Pass of \p File, from what \p Setup read of its
/// nvcc command (prepare() it first): the command cuda-lower parses with,
/// less what only cuda-lower wants (-fsyntax-only, -w, its resource dir).
std::vector<std::string> exportedCommand(const CompilationSetup &Setup,
                                         llvm::StringRef File,
                                         CompilationPass Pass);

/// One compile_commands.json entry.
llvm::json::Object databaseEntry(llvm::StringRef Directory,
                                 llvm::StringRef File,
                                 const std::vector<std::string> &Args);

/// The .clangd fragment that points clangd at \p DatabaseDir.
std::string clangdFragment(llvm::StringRef DatabaseDir);

} // namespace cudalower

//===--- HostCompilerHeaders.cpp - Headers only the host compiler has -----===//

#include "Nvcc/HostCompilerHeaders.h"
#include "Nvcc/ProgramOutput.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <cstdlib>

namespace cudalower {

/// \p Name as a program: a path that can run, or found on PATH.
static std::string programNamed(llvm::StringRef Name) {
  if (Name.contains('/'))
    return llvm::sys::fs::can_execute(Name) ? Name.str() : "";
  llvm::ErrorOr<std::string> Found = llvm::sys::findProgramByName(Name);
  return Found ? *Found : "";
}

std::string hostCompilerFor(llvm::StringRef Ccbin) {
  if (Ccbin.empty())
    if (const char *FromEnv = std::getenv("NVCC_CCBIN"))
      Ccbin = FromEnv;
  if (Ccbin.empty())
    return programNamed("g++");
  if (!llvm::sys::fs::is_directory(Ccbin))
    return programNamed(Ccbin);
  // nvcc's -ccbin may name the directory the compiler is in.
  for (llvm::StringRef Name : {"g++", "c++", "clang++"}) {
    llvm::SmallString<256> Path(Ccbin);
    llvm::sys::path::append(Path, Name);
    if (llvm::sys::fs::can_execute(Path))
      return std::string(Path);
  }
  return "";
}

std::string queryPrivateIncludeDir(llvm::StringRef Compiler) {
  if (Compiler.empty())
    return "";
  llvm::StringRef Args[] = {Compiler, "-print-file-name=include"};
  std::optional<std::string> Printed =
      outputOf(Compiler, Args, Streams::StdoutOnly, /*Seconds=*/30);
  if (!Printed)
    return "";
  // A compiler that has no such file prints the name back, unresolved.
  llvm::StringRef Dir = llvm::StringRef(*Printed).trim();
  if (!llvm::sys::path::is_absolute(Dir) || !llvm::sys::fs::is_directory(Dir))
    return "";
  return Dir.str();
}

} // namespace cudalower

//===--- FindNvcc.cpp - Finding the real nvcc, never the wrapper ----------===//

#include "Wrapper/FindNvcc.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

namespace cudalower {

namespace {

std::string realPathOrItself(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return Path.str();
  return Real.str().str();
}

bool isExecutableFile(llvm::StringRef Path) {
  return llvm::sys::fs::is_regular_file(Path) &&
         llvm::sys::fs::can_execute(Path);
}

} // namespace

bool isProgram(llvm::StringRef Word) {
  if (Word.contains('/'))
    return isExecutableFile(Word);
  return static_cast<bool>(llvm::sys::findProgramByName(Word));
}

llvm::Expected<std::string>
findRealNvcc(llvm::StringRef Explicit, llvm::StringRef Self,
             const std::function<std::optional<std::string>(const char *)>
                 &GetEnv) {
  std::string SelfReal = realPathOrItself(Self);
  auto Usable = [&](llvm::StringRef Path) {
    return isExecutableFile(Path) && realPathOrItself(Path) != SelfReal;
  };
  // An explicit choice that does not work is an error, not a fallback.
  for (auto [Given, From] :
       {std::pair<std::optional<std::string>, const char *>{
            Explicit.empty() ? std::nullopt
                             : std::optional<std::string>(Explicit.str()),
            "--cuda-lower-nvcc"},
        {GetEnv("CUDA_LOWER_NVCC"), "CUDA_LOWER_NVCC"}}) {
    if (!Given || Given->empty())
      continue;
    if (Usable(*Given))
      return *Given;
    return llvm::createStringError(
        llvm::Twine(From) + " names '" + *Given +
        "', which is not an executable nvcc (or is cuda-lower-nvcc itself)");
  }
  for (const char *Var : {"CUDA_PATH", "CUDA_HOME"}) {
    std::optional<std::string> Root = GetEnv(Var);
    if (!Root || Root->empty())
      continue;
    llvm::SmallString<256> Path(*Root);
    llvm::sys::path::append(Path, "bin", "nvcc");
    if (Usable(Path))
      return Path.str().str();
  }
  if (std::optional<std::string> PathVar = GetEnv("PATH")) {
    llvm::SmallVector<llvm::StringRef, 16> Dirs;
    llvm::StringRef(*PathVar).split(Dirs, ':', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef Dir : Dirs) {
      llvm::SmallString<256> Path(Dir);
      llvm::sys::path::append(Path, "nvcc");
      if (Usable(Path))
        return Path.str().str();
    }
  }
  return llvm::createStringError(
      "cannot find the real nvcc: give --cuda-lower-nvcc=PATH or set "
      "CUDA_LOWER_NVCC, CUDA_PATH or CUDA_HOME");
}

} // namespace cudalower

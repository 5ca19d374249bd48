//===--- main.cpp - cuda-lower-nvcc: a drop-in nvcc that lowers first -----===//
//
// Usage, as the compiler:  cuda-lower-nvcc [--cuda-lower-*] NVCC-ARGS...
//        as a launcher:    cuda-lower-nvcc [ccache] nvcc NVCC-ARGS...
// See docs/nvcc-wrapper.md.
//
//===----------------------------------------------------------------------===//

#include "cudalower/Wrapper.h"
#include "llvm/Support/FileSystem.h"
#include <string>
#include <vector>

int main(int Argc, char **Argv) {
  // Where this executable is, so that the search for the real nvcc never
  // finds the wrapper (installed as `nvcc` on PATH, say).
  static int Anchor;
  std::string Self = llvm::sys::fs::getMainExecutable(
      Argv[0], reinterpret_cast<void *>(&Anchor));
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  return cudalower::runWrapper(Args, Self);
}

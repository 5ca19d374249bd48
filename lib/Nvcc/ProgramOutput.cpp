//===--- ProgramOutput.cpp - What a program prints ------------------------===//

#include "Nvcc/ProgramOutput.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

namespace cudalower {

std::optional<std::string> outputOf(llvm::StringRef Program,
                                    llvm::ArrayRef<llvm::StringRef> Args,
                                    Streams Captured, unsigned Seconds) {
  llvm::SmallString<128> Log;
  if (llvm::sys::fs::createTemporaryFile("cuda-lower-output", "txt", Log))
    return std::nullopt;
  llvm::FileRemover RemoveLog(Log);
  std::optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), Log.str(),
      Captured == Streams::StdoutAndStderr ? Log.str() : llvm::StringRef("")};
  if (llvm::sys::ExecuteAndWait(Program, Args, std::nullopt, Redirects,
                                Seconds) != 0)
    return std::nullopt;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getFile(Log);
  if (!Text)
    return std::nullopt;
  return (*Text)->getBuffer().str();
}

} // namespace cudalower

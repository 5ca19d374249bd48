//===--- LoweringCache.cpp - Reusing an object's last lowering ------------===//
//
// A rebuild that compiles an object again with the same project files and
// the same command (a ccache hit in the wrapper-first order, a touched file,
// `ninja -t clean`) finds the overlay of the last build in the object's
// private directory; a stamp file holding the key says it is still right,
// and the Clang parses are skipped.
//
//===----------------------------------------------------------------------===//

#include "Wrapper/LoweringCache.h"
#include "Output/FileWriter.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalower {

namespace {

std::string stampPath(llvm::StringRef Dir) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, "stamp");
  return Path.str().str();
}

} // namespace

std::string loweringKey(llvm::StringRef Tool, llvm::ArrayRef<std::string> Args,
                        llvm::ArrayRef<std::string> Files) {
  llvm::SHA256 Hash;
  // Each part ends with a NUL so that no two lists hash alike.
  auto Add = [&](llvm::StringRef S) {
    Hash.update(S);
    Hash.update(llvm::StringRef("\0", 1));
  };
  Add(Tool);
  for (const std::string &A : Args)
    Add(A);
  for (const std::string &F : Files) {
    Add(F);
    auto Buffer = llvm::MemoryBuffer::getFile(F, /*IsText=*/false);
    Add(Buffer ? (*Buffer)->getBuffer() : "<unreadable>");
  }
  return llvm::toHex(Hash.final());
}

std::optional<CachedLowering> readLoweringStamp(llvm::StringRef Dir,
                                                llvm::StringRef Key) {
  auto Buffer = llvm::MemoryBuffer::getFile(stampPath(Dir));
  if (!Buffer)
    return std::nullopt;
  auto [Stored, Result] = (*Buffer)->getBuffer().trim().split(' ');
  if (Stored != Key)
    return std::nullopt;
  if (Result == "lowered")
    return CachedLowering::Lowered;
  if (Result == "unchanged")
    return CachedLowering::Unchanged;
  return std::nullopt;
}

void writeLoweringStamp(llvm::StringRef Dir, llvm::StringRef Key,
                        CachedLowering Result) {
  std::string Text = Key.str() +
                     (Result == CachedLowering::Lowered ? " lowered\n"
                                                        : " unchanged\n");
  llvm::consumeError(writeFileAtomically(stampPath(Dir), Text));
}

void removeLoweringStamp(llvm::StringRef Dir) {
  llvm::sys::fs::remove(stampPath(Dir));
}

} // namespace cudalower

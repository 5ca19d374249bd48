//===--- ParseAsNvcc.cpp - Preprocessor set-up shared by every parse ------===//

#include "Engine/ParseAsNvcc.h"
#include "Nvcc/ManagedVariables.h"
#include "Nvcc/PragmaInMacro.h"
#include "Engine/OwnedSystemHeaders.h"

namespace cudalower {

void prepareParseAsNvcc(clang::Preprocessor &PP, FileOwnership &Owned) {
  // Code that uses `#define UNROLL #pragma unroll` parses, as with nvcc.
  readPragmaMacrosAsNvcc(PP);
  readManagedAsNvcc(PP); // a device variable, as for nvcc
  // A project header that calls itself a system header is still its own.
  keepOwnedHeadersUserCode(PP, Owned);
}

} // namespace cudalower

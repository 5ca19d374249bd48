//===--- ParseAsNvcc.h - Preprocessor set-up shared by every parse -*- C++ -*-//
//
// The rules' parse and verification's parse must read the source as nvcc
// does, or verification would judge text the rules never saw (and the next
// nvcc-ism would be taught to one parse and forgotten in the other). This
// is the one place that says what "as nvcc reads it" means for the
// preprocessor.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace clang {
class Preprocessor;
} // namespace clang

namespace cudalower {

class FileOwnership;

/// Makes \p PP read the source as nvcc does: `#pragma` spelled in an
/// object-like macro, `__managed__` as a device variable, and the project's
/// own headers (those \p Owned owns) as user code even where they say
/// `#pragma system_header`. \p Owned must outlive \p PP's use of it.
void prepareParseAsNvcc(clang::Preprocessor &PP, FileOwnership &Owned);

} // namespace cudalower

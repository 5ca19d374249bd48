//===--- OwnedSystemHeaders.h - #pragma system_header in own files -*- C++ -*-//
//
// Every CCCL-style library header says `#pragma clang system_header` (or
// `#pragma GCC system_header`), which makes Clang treat the rest of the file
// as a system header: rules and analyses skip it and the tool would leave it
// untouched without a word. A header under the project root is the
// project's own whatever it says, so the pragma is undone there, for the
// parse of the rules and for verification alike.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace clang {
class Preprocessor;
} // namespace clang

namespace cudalower {

class FileOwnership;

/// Keeps the files that \p Owned owns user code after a system_header
/// pragma: the line-table entry with which Clang marks the rest of the file
/// a system header is followed by one that marks it user code again, and
/// the header search's record of the file is reset. \p Owned must outlive
/// the preprocessor's use of the callback.
void keepOwnedHeadersUserCode(clang::Preprocessor &PP, FileOwnership &Owned);

} // namespace cudalower

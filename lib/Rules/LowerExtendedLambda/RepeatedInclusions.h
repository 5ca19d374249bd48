//===--- RepeatedInclusions.h - Headers included more than once -*- C++ -*-===//
//
// A header without an include guard, included several times with macros
// defined differently each time (the X-macro pattern), holds one lambda
// that the translation unit sees once per inclusion. The rewrite of the
// header's text is one text: it is right only if every inclusion lowers
// the lambda to the same text (the body is copied verbatim, so an `#if` in
// it is kept and read again by each inclusion; a function named by a macro
// gets a functor named through the same macro). Where the inclusions need
// different texts, none is written, and the error names the inclusions and
// what differs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace cudalower::lowering {

/// What differs between two rewrites of one lambda, line by line: the first
/// two pairs of differing lines, as "`A` in one, `B` in another"; empty when
/// the texts are the same.
std::string describeDifference(llvm::StringRef A, llvm::StringRef B);

/// The message for a lambda that the inclusions at \p IncludedAt
/// ("main.cu:3") of \p Header lower differently, \p Difference saying how;
/// \p InsideFunction names the function whose body holds every inclusion,
/// if one does.
std::string divergentInclusionsMessage(llvm::StringRef Space,
                                       llvm::StringRef Header,
                                       llvm::ArrayRef<std::string> IncludedAt,
                                       llvm::StringRef Difference,
                                       llvm::StringRef InsideFunction);

} // namespace cudalower::lowering

//===--- FixSite.h - Where a spelling fix goes ------------------*- C++ -*-===//
#pragma once

#include "cudalower/Rule.h"
#include "clang/Basic/SourceLocation.h"

#include <string>
#include <vector>

namespace cudalower {

/// What to write where for a Clang error on code nvcc accepts: Text in
/// place of the Length characters at Loc, in the text the parse read.
struct ParseFixSite {
  clang::FullSourceLoc Loc; ///< A file location.
  std::string Text;
  std::string Name;
  ParseFixKind Kind = ParseFixKind::TemplateKeyword;
  unsigned Length = 0;
  /// The same fix at these places too (every declaration of a function
  /// takes the same `__host__`).
  std::vector<clang::FullSourceLoc> Also = {};
};

} // namespace cudalower

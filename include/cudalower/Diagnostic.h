//===--- Diagnostic.h - Findings and the edits that fix them ----*- C++ -*-===//
#pragma once

#include <string>
#include <vector>

namespace cudalower {

enum class DiagLevel { Note, Warning, Error };

/// One text edit: replace [Offset, Offset+Length) of File with Text.
struct Edit {
  std::string File; ///< Absolute, normalised path.
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;

  bool operator==(const Edit &O) const {
    return File == O.File && Offset == O.Offset && Length == O.Length &&
           Text == O.Text;
  }
  bool operator<(const Edit &O) const;
};

/// A finding at a location in a file, as a rule reported it. Its edits are
/// applied all together or not at all, like a clang-tidy fix-it set.
struct Diagnostic {
  std::string Rule;
  DiagLevel Level = DiagLevel::Warning;
  std::string File;
  unsigned Offset = 0;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Message;
  /// The source line holding the location, for the caret display.
  std::string SourceLine;
  std::vector<Diagnostic> Notes;
  std::vector<Edit> Edits;

  bool sameFinding(const Diagnostic &O) const {
    return Rule == O.Rule && File == O.File && Offset == O.Offset &&
           Message == O.Message;
  }
};

} // namespace cudalower

//===--- Diagnostic.h - Findings and the edits that fix them ----*- C++ -*-===//
#pragma once

#include <string>
#include <vector>

namespace cudalower {

enum class DiagLevel { Note, Warning, Error };

/// One text edit: replace [Offset, Offset+Length) of File with Text.
///
/// A copy edit also carries a source range of the same file: what it writes
/// is Text, then that range's text *after* every other edit inside the range
/// is applied, then TextAfterCopy. This is how a rule moves code (a lambda
/// body into a functor) without swallowing other rules' edits to it.
struct Edit {
  std::string File; ///< Absolute, normalised path.
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
  bool IsCopy = false;
  unsigned CopyOffset = 0;
  unsigned CopyLength = 0;
  std::string TextAfterCopy;
  /// Re-indentation of the copied text, for code that moves to another
  /// depth: each line after the first that starts with CopyIndentFrom starts
  /// with CopyIndentTo instead. Only whitespace changes.
  std::string CopyIndentFrom;
  std::string CopyIndentTo;

  bool operator==(const Edit &O) const {
    return File == O.File && Offset == O.Offset && Length == O.Length &&
           Text == O.Text && IsCopy == O.IsCopy &&
           CopyOffset == O.CopyOffset && CopyLength == O.CopyLength &&
           TextAfterCopy == O.TextAfterCopy &&
           CopyIndentFrom == O.CopyIndentFrom &&
           CopyIndentTo == O.CopyIndentTo;
  }
  /// True if this edit's range lies within the copied range of \p Copy.
  bool isInside(const Edit &Copy) const {
    return Copy.IsCopy && File == Copy.File && Offset >= Copy.CopyOffset &&
           Offset + Length <= Copy.CopyOffset + Copy.CopyLength;
  }
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
  /// Why a finding that would have had a fix has none (the text after
  /// "not rewritten: " in Message), for consumers that read findings as
  /// data; empty otherwise.
  std::string NotRewrittenReason;
  /// For a finding inside a macro expansion (shown where the macro is
  /// used): where its code is spelled, "file:offset". An expansion holds
  /// many findings of one rule; they are one only if spelled at one place.
  std::string MacroSpelling;

  bool sameFinding(const Diagnostic &O) const {
    return Rule == O.Rule && File == O.File && Offset == O.Offset &&
           Message == O.Message && MacroSpelling == O.MacroSpelling;
  }
};

} // namespace cudalower

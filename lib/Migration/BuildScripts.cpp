//===--- BuildScripts.cpp - The nvcc flags in build scripts ---------------===//

#include "Migration/BuildScripts.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include <algorithm>

namespace cudalower {

bool isLoweredAwayFlag(llvm::StringRef Word) {
  if (!Word.consume_front("-"))
    return false;
  Word.consume_front("-");
  return Word == "extended-lambda" || Word == "expt-extended-lambda" ||
         Word == "expt-relaxed-constexpr";
}

ScriptKind scriptKindOf(llvm::StringRef Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  if (Name == "CMakeLists.txt" || Name.ends_with(".cmake"))
    return ScriptKind::CMake;
  if (Name == "CMakePresets.json" || Name == "CMakeUserPresets.json")
    return ScriptKind::CMakePresets;
  if (Name == "Makefile" || Name == "makefile" || Name == "GNUmakefile" ||
      Name.ends_with(".mk"))
    return ScriptKind::Make;
  if (Name == "setup.py")
    return ScriptKind::SetupPy;
  return ScriptKind::Unknown;
}

std::vector<FlagUse> scanBuildScript(ScriptKind Kind, llvm::StringRef Text) {
  std::vector<FlagUse> Uses;
  switch (Kind) {
  case ScriptKind::CMake:
    Uses = scanCMake(Text);
    break;
  case ScriptKind::CMakePresets:
    Uses = scanCMakePresets(Text);
    break;
  case ScriptKind::Make:
    Uses = scanMake(Text);
    break;
  case ScriptKind::SetupPy:
    Uses = scanSetupPy(Text);
    break;
  case ScriptKind::Unknown:
    break;
  }
  addUnderstoodMisses(Text, Uses, Kind != ScriptKind::CMakePresets);
  llvm::sort(Uses, [](const FlagUse &A, const FlagUse &B) {
    return A.Offset < B.Offset;
  });
  return Uses;
}

/// The start of the option word around the stem at \p Stem: back over
/// `expt-` and the dashes.
static unsigned wordStart(llvm::StringRef Text, unsigned Stem) {
  unsigned Begin = Stem;
  if (Begin >= 5 && Text.substr(Begin - 5, 5) == "expt-")
    Begin -= 5;
  while (Begin > 0 && Text[Begin - 1] == '-')
    --Begin;
  return Begin;
}

void addUnderstoodMisses(llvm::StringRef Text, std::vector<FlagUse> &Uses,
                         bool HashComments) {
  std::vector<FlagUse> Missed;
  for (llvm::StringRef Stem : {"extended-lambda", "relaxed-constexpr"}) {
    for (size_t At = Text.find(Stem); At != llvm::StringRef::npos;
         At = Text.find(Stem, At + Stem.size())) {
      unsigned Begin = wordStart(Text, At);
      bool Covered = llvm::any_of(Uses, [&](const FlagUse &U) {
        return U.Offset <= At && At < U.Offset + U.Flag.size();
      });
      // `__CUDACC_EXTENDED_LAMBDA__` and other words that only contain the
      // stem are no flag; after a `#` on its line (the comment character of
      // all three languages) it is a comment, which builds ignore.
      size_t LineStart = Text.rfind('\n', Begin) + 1; // npos + 1 == 0
      if (Covered || Begin == At ||
          (HashComments && Text.slice(LineStart, Begin).contains('#')))
        continue;
      FlagUse U;
      U.Flag = Text.slice(Begin, At + Stem.size()).str();
      U.Offset = Begin;
      U.Note = "in a form the scanner does not understand; not edited";
      Missed.push_back(U);
    }
  }
  Uses.insert(Uses.end(), Missed.begin(), Missed.end());
}

std::vector<ScriptEdit> mergedEdits(const std::vector<FlagUse> &Uses) {
  std::vector<ScriptEdit> Edits, Merged;
  for (const FlagUse &U : Uses)
    if (U.Removable)
      Edits.push_back({U.RemoveOffset, U.RemoveOffset + U.RemoveLength,
                       U.Replacement});
  // The outer of two nested edits first: its replacement is the one kept.
  llvm::sort(Edits, [](const ScriptEdit &A, const ScriptEdit &B) {
    return A.Begin != B.Begin ? A.Begin < B.Begin : A.End > B.End;
  });
  for (ScriptEdit &E : Edits) {
    if (!Merged.empty() && E.Begin <= Merged.back().End &&
        !(E.Begin == Merged.back().End && !E.Text.empty()))
      Merged.back().End = std::max(Merged.back().End, E.End);
    else
      Merged.push_back(std::move(E));
  }
  return Merged;
}

std::pair<unsigned, unsigned> wholeLinesIfAlone(llvm::StringRef Text,
                                                unsigned Begin, unsigned End) {
  size_t LineBegin = Text.rfind('\n', Begin);
  LineBegin = LineBegin == llvm::StringRef::npos ? 0 : LineBegin + 1;
  size_t LineEnd = Text.find('\n', End);
  LineEnd = LineEnd == llvm::StringRef::npos ? Text.size() : LineEnd + 1;
  bool BlankBefore =
      Text.slice(LineBegin, Begin).find_first_not_of(" \t") ==
      llvm::StringRef::npos;
  bool BlankAfter = Text.slice(End, LineEnd).find_first_not_of(" \t\r\n") ==
                    llvm::StringRef::npos;
  if (BlankBefore && BlankAfter)
    return {static_cast<unsigned>(LineBegin), static_cast<unsigned>(LineEnd)};
  return {Begin, End};
}

unsigned nextWord(llvm::StringRef Text, unsigned &P, unsigned End,
                  bool SkipBackslashes) {
  while (P < End && (llvm::isSpace(Text[P]) ||
                     (SkipBackslashes && Text[P] == '\\')))
    ++P;
  unsigned W = P;
  while (P < End && !llvm::isSpace(Text[P]))
    ++P;
  return W;
}

void removeWholeStatement(llvm::StringRef Text, unsigned Begin, unsigned End,
                          std::vector<FlagUse> &Uses, size_t First) {
  auto [B, E] = wholeLinesIfAlone(Text, Begin, End);
  for (size_t I = First; I < Uses.size(); ++I) {
    Uses[I].RemoveOffset = B;
    Uses[I].RemoveLength = E - B;
  }
}

} // namespace cudalower

//===--- UnitMerge.cpp - Edits of one header from several units -----------===//
//
// A header included by many translation units is rewritten once: the units'
// identical edits are merged as repeats (EditCollector::add). Two units can
// still want different text at one place of it, when they parse it
// differently (a macro, an include path or a flag of their own). No text
// is right for both, so the header is not written and the error names both
// units.
//
//===----------------------------------------------------------------------===//

#include "Engine/EditCollector.h"
#include "Output/DiagnosticPrinter.h"

namespace cudalower {

bool EditCollector::noteUnitConflict(size_t DiagIndex,
                                     const std::string &Other,
                                     bool OtherFirst) {
  const std::string &Mine = UnitOf[DiagIndex];
  Diagnostic &D = Diags[DiagIndex];
  // The same unit's own fixes meeting is the rules' business; a unit's own
  // main file is parsed one way only.
  if (Mine.empty() || Other.empty() || Mine == Other || D.File == Mine ||
      D.File == Other)
    return false;
  const std::string &First = OtherFirst ? Other : Mine;
  const std::string &Second = OtherFirst ? Mine : Other;
  D.Message += " (not rewritten: " + displayPath(First) + " and " +
               displayPath(Second) +
               " need different rewrites of this code in a header they both "
               "include, which they parse differently (macros, include "
               "paths or flags of their own); " +
               displayPath(D.File) + " is not written)";
  UnitConflicts.insert(D.File);
  return true;
}

bool EditCollector::reportUnitConflict(size_t DiagIndex, size_t Conflict) {
  return noteUnitConflict(DiagIndex, UnitOf[Conflict], /*OtherFirst=*/true);
}

} // namespace cudalower

//===--- SpellingFixes.cpp - The table of spellings nvcc accepts ----------===//

#include "Nvcc/SpellingFixes.h"
#include "Nvcc/AsmSpellings.h"
#include "Nvcc/DependentNames.h"
#include "Nvcc/LambdaTraits.h"
#include "Nvcc/LenientConstexpr.h"
#include "Nvcc/RedeclaredSpace.h"
#include <cassert>

using namespace clang;

namespace cudalower {

namespace {
/// A detector that reads only the error itself.
template <std::optional<ParseFixSite> (*Detect)(const StoredDiagnostic &)>
std::optional<ParseFixSite> onError(llvm::ArrayRef<StoredDiagnostic> Held,
                                    const ErrorContext &) {
  return Detect(Held.front());
}

/// A detector that reads the error and where the parser was.
template <std::optional<ParseFixSite> (*Detect)(const StoredDiagnostic &,
                                                const ErrorContext &)>
std::optional<ParseFixSite> onErrorIn(llvm::ArrayRef<StoredDiagnostic> Held,
                                      const ErrorContext &Where) {
  return Detect(Held.front(), Where);
}

const SpellingFixRow Rows[] = {
#define CUDALOWER_SPELLING_FIX(Kind, Detect, Hint, Note, Spelling)             \
  {ParseFixKind::Kind, Detect, Hint, Note, Spelling},
#include "Nvcc/SpellingFixes.def"
};
} // namespace

llvm::ArrayRef<SpellingFixRow> spellingFixRows() { return Rows; }

const SpellingFixRow &spellingFixRow(ParseFixKind Kind) {
  for (const SpellingFixRow &Row : Rows)
    if (Row.Kind == Kind)
      return Row;
  assert(false && "every ParseFixKind has a row in SpellingFixes.def");
  return Rows[0];
}

std::optional<ParseFixSite>
nvccSpellingFix(llvm::ArrayRef<StoredDiagnostic> Held,
                const ErrorContext &Where) {
  if (Held.empty())
    return std::nullopt;
  for (const SpellingFixRow &Row : Rows)
    if (std::optional<ParseFixSite> Site = Row.Detect(Held, Where))
      return Site;
  return std::nullopt;
}

std::string nvccExtensionHint(llvm::ArrayRef<StoredDiagnostic> Held,
                              const ErrorContext &Where) {
  if (Held.empty())
    return "";
  std::string Hint = lambdaTraitHint(Held, Where);
  for (const SpellingFixRow &Row : Rows)
    if (Hint.empty())
      Hint = Row.Hint(Held, Where);
  return Hint;
}

/// \p Pattern with {name}, {text} and {keyword} (the text trimmed) filled
/// in from \p Site.
static std::string fill(llvm::StringRef Pattern, const ParseFixSite &Site) {
  std::string Out;
  while (!Pattern.empty()) {
    size_t Open = Pattern.find('{');
    size_t Close = Pattern.find('}', Open);
    if (Open == llvm::StringRef::npos || Close == llvm::StringRef::npos) {
      Out += Pattern.str();
      break;
    }
    Out += Pattern.take_front(Open).str();
    llvm::StringRef Field = Pattern.slice(Open + 1, Close);
    if (Field == "name")
      Out += Site.Name;
    else if (Field == "text")
      Out += Site.Text;
    else if (Field == "keyword")
      Out += llvm::StringRef(Site.Text).trim().str();
    else
      Out += Pattern.slice(Open, Close + 1).str();
    Pattern = Pattern.drop_front(Close + 1);
  }
  return Out;
}

std::string describeSpellingFix(const ParseFixSite &Site) {
  return fill(spellingFixRow(Site.Kind).Note, Site);
}

std::string userSpellingOf(const ParseFixSite &Site) {
  return fill(spellingFixRow(Site.Kind).Spelling, Site);
}

} // namespace cudalower

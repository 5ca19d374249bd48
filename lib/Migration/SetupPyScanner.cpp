//===--- SetupPyScanner.cpp - nvcc flags in setup.py ----------------------===//
//
// A Python tokenizer, as far as strings and comments go: a string literal
// that is exactly a flag, as an element of a list (`'nvcc': ['-O3',
// '--extended-lambda']`), is removed with its comma. A flag inside a longer
// string, or anywhere else, is reported.
//
//===----------------------------------------------------------------------===//

#include "Migration/BuildScripts.h"
#include "llvm/ADT/StringExtras.h"

namespace cudalower {
namespace {

struct PyString {
  unsigned Begin = 0, End = 0;           ///< Quotes and prefix included.
  unsigned ContentBegin = 0, ContentEnd = 0;
};

/// The string literals of \p Text, comments skipped.
std::vector<PyString> pythonStrings(llvm::StringRef Text) {
  std::vector<PyString> Out;
  for (unsigned P = 0; P < Text.size();) {
    char C = Text[P];
    if (C == '#') {
      while (P < Text.size() && Text[P] != '\n')
        ++P;
      continue;
    }
    if (C != '\'' && C != '"') {
      ++P;
      continue;
    }
    PyString S;
    S.Begin = P;
    bool Triple = Text.substr(P, 3) == std::string(3, C);
    llvm::StringRef Quote = Text.substr(P, Triple ? 3 : 1);
    P += Quote.size();
    S.ContentBegin = P;
    while (P < Text.size() && !Text.substr(P).starts_with(Quote))
      P += Text[P] == '\\' ? 2 : 1;
    S.ContentEnd = std::min<unsigned>(P, Text.size());
    P = std::min<unsigned>(P + Quote.size(), Text.size());
    S.End = P;
    Out.push_back(S);
  }
  return Out;
}

/// The next non-blank character after \p P, or 0.
char nextNonBlank(llvm::StringRef Text, unsigned &P) {
  while (P < Text.size() && llvm::isSpace(Text[P]))
    ++P;
  return P < Text.size() ? Text[P] : 0;
}

char previousNonBlank(llvm::StringRef Text, unsigned &P) {
  while (P > 0 && llvm::isSpace(Text[P - 1]))
    --P;
  return P > 0 ? Text[P - 1] : 0;
}

} // namespace

std::vector<FlagUse> scanSetupPy(llvm::StringRef Text) {
  std::vector<FlagUse> Out;
  for (const PyString &S : pythonStrings(Text)) {
    llvm::StringRef Content = Text.slice(S.ContentBegin, S.ContentEnd);
    if (!isLoweredAwayFlag(Content))
      continue;
    FlagUse U;
    U.Flag = Content.str();
    U.Offset = S.ContentBegin;
    unsigned After = S.End, Before = S.Begin;
    char Next = nextNonBlank(Text, After);
    char Prev = previousNonBlank(Text, Before);
    if (Prev == ',' && (Next == ',' || Next == ']')) {
      // `, 'flag'`: the comma before it goes with it.
      U.Removable = true;
      U.RemoveOffset = Before - 1;
      U.RemoveLength = S.End - (Before - 1);
    } else if (Prev == '[' && (Next == ',' || Next == ']')) {
      // The first item: `'flag', ` up to the next item.
      unsigned E = S.End;
      if (Next == ',') {
        E = After + 1;
        nextNonBlank(Text, E);
      }
      U.Removable = true;
      U.RemoveOffset = S.Begin;
      U.RemoveLength = E - S.Begin;
    }
    if (!U.Removable)
      U.Note = "not an item of a list; not edited";
    Out.push_back(U);
  }
  return Out;
}

} // namespace cudalower

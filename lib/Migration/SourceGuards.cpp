//===--- SourceGuards.cpp - Checks for the flags in sources ---------------===//
//
// Preprocessor directives are line-based: the scanner reads logical lines
// (continuations joined) and recognises the three-line guard exactly; it
// never guesses about other conditionals.
//
//===----------------------------------------------------------------------===//

#include "Migration/SourceGuards.h"
#include "llvm/ADT/StringExtras.h"

namespace cudalower {

bool isFlagMacro(llvm::StringRef Name) {
  return Name == "__CUDACC_EXTENDED_LAMBDA__" ||
         Name == "__CUDACC_RELAXED_CONSTEXPR__";
}

namespace {

struct Line {
  unsigned Begin = 0, End = 0; ///< End: after the newline.
  llvm::StringRef Text;        ///< Without the newline.
};

std::vector<Line> linesOf(llvm::StringRef Text) {
  std::vector<Line> Lines;
  for (unsigned B = 0; B < Text.size();) {
    size_t NL = Text.find('\n', B);
    unsigned E = NL == llvm::StringRef::npos ? Text.size() : NL + 1;
    Lines.push_back({B, E, Text.slice(B, NL == llvm::StringRef::npos ? E : NL)});
    B = E;
  }
  return Lines;
}

/// The directive of \p L (`if`, `ifndef`, `error`, ...) and what follows it,
/// or "" if it is none.
llvm::StringRef directive(llvm::StringRef L, llvm::StringRef &Rest) {
  L = L.ltrim();
  if (!L.consume_front("#"))
    return "";
  L = L.ltrim();
  size_t N = 0;
  while (N < L.size() && llvm::isAlpha(L[N]))
    ++N;
  Rest = L.drop_front(N).trim();
  // A trailing line comment belongs to no condition.
  size_t Comment = Rest.find("//");
  if (Comment != llvm::StringRef::npos)
    Rest = Rest.take_front(Comment).rtrim();
  return L.take_front(N);
}

/// The macro a `#if !defined(M)`, `#if !defined M` or `#ifndef M` line
/// insists on, or "".
llvm::StringRef insistedMacro(llvm::StringRef L) {
  llvm::StringRef Rest;
  llvm::StringRef D = directive(L, Rest);
  if (D == "ifndef")
    return isFlagMacro(Rest) ? Rest : "";
  if (D != "if" || !Rest.consume_front("!"))
    return "";
  Rest = Rest.ltrim();
  if (!Rest.consume_front("defined"))
    return "";
  Rest = Rest.trim();
  if (Rest.consume_front("(")) {
    if (!Rest.consume_back(")"))
      return "";
    Rest = Rest.trim();
  }
  return isFlagMacro(Rest) ? Rest : "";
}

/// \p L without its comments (a `/*` left open ends the line).
llvm::StringRef codeOf(llvm::StringRef L) {
  return L.take_front(std::min(L.find("//"), L.find("/*")));
}

void addMention(const Line &L, std::vector<FlagUse> &Out,
                bool Removable, unsigned RB, unsigned RE) {
  // Only the preprocessor can test a macro; other mentions are text.
  llvm::StringRef Code = codeOf(L.Text);
  if (!Code.ltrim().starts_with("#"))
    return;
  for (llvm::StringRef M :
       {"__CUDACC_EXTENDED_LAMBDA__", "__CUDACC_RELAXED_CONSTEXPR__"}) {
    size_t At = Code.find(M);
    if (At == llvm::StringRef::npos)
      continue;
    FlagUse U;
    U.Flag = M.str();
    U.Offset = L.Begin + At;
    U.Removable = Removable;
    U.RemoveOffset = RB;
    U.RemoveLength = RE - RB;
    if (!Removable)
      U.Note = "code that depends on the flag; not edited (decide by hand)";
    Out.push_back(U);
  }
}

} // namespace

std::vector<FlagUse> scanSourceGuards(llvm::StringRef Text) {
  std::vector<FlagUse> Out;
  if (!Text.contains("__CUDACC_EXTENDED_LAMBDA__") &&
      !Text.contains("__CUDACC_RELAXED_CONSTEXPR__"))
    return Out;
  std::vector<Line> Lines = linesOf(Text);
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef Rest;
    if (!insistedMacro(Lines[I].Text).empty() && I + 2 < Lines.size() &&
        directive(Lines[I + 1].Text, Rest) == "error" &&
        directive(Lines[I + 2].Text, Rest) == "endif") {
      addMention(Lines[I], Out, true, Lines[I].Begin, Lines[I + 2].End);
      I += 2;
      continue;
    }
    addMention(Lines[I], Out, false, 0, 0);
  }
  return Out;
}

} // namespace cudalower

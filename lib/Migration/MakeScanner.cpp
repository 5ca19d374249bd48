//===--- MakeScanner.cpp - nvcc flags in Makefiles ------------------------===//
//
// Reads a Makefile as logical lines (backslash continuations joined) and
// edits flags only in variable assignments (`VAR = ...`, `+=`, `:=`, `?=`,
// with `override`/`export`). A flag in a recipe or a rule is reported.
//
//===----------------------------------------------------------------------===//

#include "Migration/BuildScripts.h"
#include "llvm/ADT/StringExtras.h"

namespace cudalower {
namespace {

struct LogicalLine {
  unsigned Begin = 0, End = 0; ///< End: at the final newline (not in it).
};

std::vector<LogicalLine> logicalLines(llvm::StringRef Text) {
  std::vector<LogicalLine> Lines;
  unsigned Begin = 0;
  for (unsigned P = 0; P <= Text.size(); ++P) {
    if (P < Text.size() && Text[P] != '\n')
      continue;
    if (P < Text.size() && P > Begin && Text[P - 1] == '\\')
      continue; // continued on the next line
    Lines.push_back({Begin, P});
    Begin = P + 1;
  }
  return Lines;
}

/// Where the value of an assignment starts in \p Line (an offset into it),
/// and whether it appends.
std::optional<std::pair<unsigned, bool>> assignmentValue(llvm::StringRef Line) {
  if (Line.starts_with("\t"))
    return std::nullopt; // a recipe line
  llvm::StringRef Rest = Line.ltrim();
  for (llvm::StringRef Prefix : {"override ", "export "})
    if (Rest.starts_with(Prefix))
      Rest = Rest.drop_front(Prefix.size()).ltrim();
  size_t NameEnd = 0;
  while (NameEnd < Rest.size() &&
         (llvm::isAlnum(Rest[NameEnd]) || Rest[NameEnd] == '_' ||
          Rest[NameEnd] == '.'))
    ++NameEnd;
  if (NameEnd == 0)
    return std::nullopt;
  llvm::StringRef Op = Rest.drop_front(NameEnd).ltrim();
  bool Append = Op.starts_with("+=");
  size_t OpLen = Append || Op.starts_with(":=") || Op.starts_with("?=") ? 2
                 : Op.starts_with("::=")                                 ? 3
                 : Op.starts_with("=")                                   ? 1
                                                                         : 0;
  if (!OpLen)
    return std::nullopt;
  unsigned ValueAt = Line.size() - Op.size() + OpLen;
  return std::make_pair(ValueAt, Append);
}

void scanAssignment(llvm::StringRef Text, LogicalLine L, unsigned ValueAt,
                    bool Append, std::vector<FlagUse> &Out) {
  unsigned Begin = L.Begin + ValueAt, End = L.End;
  size_t Hash = Text.slice(Begin, End).find('#');
  if (Hash != llvm::StringRef::npos)
    End = Begin + Hash; // a comment: reported if it names a flag
  size_t First = Out.size();
  unsigned Survivors = 0;
  for (unsigned P = Begin; P < End;) {
    unsigned W = nextWord(Text, P, End, /*SkipBackslashes=*/true);
    if (W == P)
      break;
    if (!isLoweredAwayFlag(Text.slice(W, P))) {
      ++Survivors;
      continue;
    }
    FlagUse U;
    U.Flag = Text.slice(W, P).str();
    U.Offset = W;
    U.Removable = true;
    // The word and the blanks before it; as the last word, also the
    // continuation (`\` and newline) that led to it.
    bool Last = Text.slice(P, End).find_first_not_of(" \t\\\n") ==
                llvm::StringRef::npos;
    llvm::StringRef Blanks = Last ? " \t\\\n" : " \t";
    unsigned RB = W;
    while (RB > Begin && Blanks.contains(Text[RB - 1]))
      --RB;
    U.RemoveOffset = RB;
    U.RemoveLength = P - RB;
    Out.push_back(U);
  }
  // `NVCCFLAGS += --extended-lambda` adds nothing once the flag goes.
  if (!Append || Survivors || Out.size() == First || Hash != llvm::StringRef::npos)
    return;
  removeWholeStatement(Text, L.Begin, L.End, Out, First);
}

} // namespace

std::vector<FlagUse> scanMake(llvm::StringRef Text) {
  std::vector<FlagUse> Out;
  for (LogicalLine L : logicalLines(Text)) {
    llvm::StringRef Line = Text.slice(L.Begin, L.End);
    if (auto Value = assignmentValue(Line))
      scanAssignment(Text, L, Value->first, Value->second, Out);
  }
  return Out;
}

} // namespace cudalower

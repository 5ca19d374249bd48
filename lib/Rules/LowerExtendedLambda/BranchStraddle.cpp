//===--- BranchStraddle.cpp - Lambdas that leave a conditional ------------===//

#include "Rules/LowerExtendedLambda/BranchStraddle.h"
#include <cassert>

namespace cudalower::lowering {

namespace {

/// The start of the (logical) line holding \p Offset: a directive continued
/// from the line above starts there.
unsigned lineStart(llvm::StringRef Text, unsigned Offset) {
  // StringRef::rfind(C, From) looks before From.
  size_t Start = Text.rfind('\n', Offset);
  while (Start != llvm::StringRef::npos && Start > 0 && Text[Start - 1] == '\\')
    Start = Text.rfind('\n', Start);
  return Start == llvm::StringRef::npos ? 0 : static_cast<unsigned>(Start + 1);
}

/// One past the newline that ends the (logical) line holding \p Offset.
unsigned nextLineStart(llvm::StringRef Text, unsigned Offset) {
  size_t End = Text.find('\n', Offset);
  while (End != llvm::StringRef::npos && End > 0 && Text[End - 1] == '\\')
    End = Text.find('\n', End + 1);
  return End == llvm::StringRef::npos ? static_cast<unsigned>(Text.size())
                                      : static_cast<unsigned>(End + 1);
}

/// The blanks that begin the line holding \p Offset.
llvm::StringRef indentOf(llvm::StringRef Text, unsigned Offset) {
  unsigned Start = lineStart(Text, Offset);
  llvm::StringRef Line = Text.substr(Start);
  return Line.take_front(Line.find_first_not_of(" \t"));
}

} // namespace

StraddleEdits straddleEdits(llvm::StringRef Text,
                            llvm::ArrayRef<unsigned> Directives, bool HasElse,
                            unsigned Branch, unsigned BodyBegin,
                            unsigned LambdaEnd) {
  assert(Directives.size() >= 2 && Branch + 1 < Directives.size());
  std::vector<unsigned> Lines;
  for (unsigned D : Directives)
    Lines.push_back(lineStart(Text, D));
  unsigned EndifLine = Lines.back();
  unsigned AfterEndif = nextLineStart(Text, Directives.back());
  std::string Tail = Text.slice(AfterEndif, LambdaEnd).str() + "\n";

  StraddleEdits Out;
  unsigned BranchEnd = Lines[Branch + 1];
  if (BodyBegin < BranchEnd) {
    Out.CutBegin = BranchEnd;
    Out.CutEnd = AfterEndif;
  }
  // Branch J ends at the line of directive J + 1.
  for (unsigned J = 0; J < Branch; ++J)
    Out.Inserts.push_back({Lines[J + 1], Tail});
  std::string After = "\n";
  unsigned Pos = BranchEnd;
  for (unsigned J = Branch + 1; J + 1 < Lines.size(); ++J) {
    After += Text.slice(Pos, Lines[J + 1]).str() + Tail;
    Pos = Lines[J + 1];
  }
  if (!HasElse)
    After += "#else\n" + Tail;
  After += Text.slice(EndifLine, AfterEndif).str();
  if (!After.empty() && After.back() != '\n')
    After += '\n';
  Out.AfterConstruction = After + indentOf(Text, LambdaEnd - 1).str();
  return Out;
}

} // namespace cudalower::lowering

//===--- UnifiedDiff.cpp - Unified diffs of rewritten files ---------------===//

#include "Output/UnifiedDiff.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <cstdio>
#include <vector>

namespace cudalower {
namespace {

/// A text split into lines, each keeping its line terminator.
class Lines {
public:
  explicit Lines(llvm::StringRef Text) : Text(Text) {
    Starts.push_back(0);
    for (size_t I = 0; I < Text.size(); ++I)
      if (Text[I] == '\n' && I + 1 < Text.size())
        Starts.push_back(I + 1);
  }
  unsigned size() const { return Text.empty() ? 0 : Starts.size(); }
  /// The index of the line holding byte \p Offset; for the end of a text
  /// that ends in a newline, the index one past the last line, so that text
  /// appended there counts as new lines, not as a change to the last one.
  unsigned lineOf(unsigned Offset) const {
    if (Offset >= Text.size() && Text.ends_with("\n"))
      return size();
    return std::upper_bound(Starts.begin(), Starts.end(), Offset) -
           Starts.begin() - 1;
  }
  llvm::StringRef line(unsigned I) const {
    size_t End = I + 1 < Starts.size() ? Starts[I + 1] : Text.size();
    return Text.slice(Starts[I], End);
  }

private:
  llvm::StringRef Text;
  std::vector<size_t> Starts;
};

/// Old lines [OldBegin, OldEnd) become new lines [NewBegin, NewEnd).
struct Change {
  unsigned OldBegin, OldEnd, NewBegin, NewEnd;
};

constexpr unsigned Context = 3;

/// A hunk range as `diff -u` writes it: an empty range names the line
/// before it.
void printRange(llvm::raw_ostream &OS, long Start, long Count) {
  OS << (Count ? Start + 1 : Start) << ',' << Count;
}

void printLine(llvm::raw_ostream &OS, char Tag, llvm::StringRef Line) {
  OS << Tag << Line;
  if (!Line.ends_with("\n"))
    OS << "\n\\ No newline at end of file\n";
}

} // namespace

std::string diffFileName(llvm::StringRef Prefix, llvm::StringRef Path) {
  std::string Name = (Prefix + Path).str();
  bool NeedsQuotes = llvm::any_of(Name, [](char C) {
    return C == '"' || C == '\\' || static_cast<unsigned char>(C) < 0x20 ||
           C == 0x7f;
  });
  if (!NeedsQuotes)
    // GNU diff ends a name with a tab (then a date): patch and git apply
    // then keep the spaces in it.
    return llvm::StringRef(Name).contains(' ') ? Name + "\t" : Name;
  // Git's C-style quoting, which patch and git apply both read.
  std::string Out = "\"";
  for (char C : Name) {
    switch (C) {
    case '"': Out += "\\\""; break;
    case '\\': Out += "\\\\"; break;
    case '\t': Out += "\\t"; break;
    case '\n': Out += "\\n"; break;
    default:
      if (static_cast<unsigned char>(C) < 0x20 || C == 0x7f) {
        char Octal[5];
        snprintf(Octal, sizeof(Octal), "\\%03o", static_cast<unsigned char>(C));
        Out += Octal;
      } else {
        Out += C;
      }
    }
  }
  return Out + "\"";
}

std::string unifiedDiff(llvm::StringRef Path, llvm::StringRef Old,
                        const clang::tooling::Replacements &Edits) {
  std::string New = llvm::cantFail(
      clang::tooling::applyAllReplacements(Old, Edits),
      "the edits were applied to this text before (applyEdits)");
  if (New == Old)
    return "";
  Lines OldLines(Old), NewLines(New);

  // Each edit touches the old lines from its first to its last byte; text
  // outside edits is identical, so the matching new lines follow by shift.
  std::vector<Change> Changes;
  long Delta = 0; // how far earlier edits moved the text
  for (const clang::tooling::Replacement &R : Edits) {
    unsigned NewOffset = R.getOffset() + Delta;
    Delta += long(R.getReplacementText().size()) - long(R.getLength());
    Change C;
    C.OldBegin = OldLines.lineOf(R.getOffset());
    C.OldEnd = OldLines.lineOf(R.getOffset() + R.getLength()) + 1;
    C.NewBegin = NewLines.lineOf(NewOffset);
    C.NewEnd = NewLines.lineOf(NewOffset + R.getReplacementText().size()) + 1;
    C.OldEnd = std::min(C.OldEnd, OldLines.size());
    C.NewEnd = std::min(C.NewEnd, NewLines.size());
    if (!Changes.empty() && C.OldBegin < Changes.back().OldEnd) {
      Changes.back().OldEnd = std::max(Changes.back().OldEnd, C.OldEnd);
      Changes.back().NewEnd = std::max(Changes.back().NewEnd, C.NewEnd);
    } else {
      Changes.push_back(C);
    }
  }
  // Lines equal at either end of a change are context, not changes; a
  // change left with no lines (an edit that rewrote text as it was) goes.
  for (Change &C : Changes) {
    while (C.OldBegin < C.OldEnd && C.NewBegin < C.NewEnd &&
           OldLines.line(C.OldBegin) == NewLines.line(C.NewBegin))
      ++C.OldBegin, ++C.NewBegin;
    while (C.OldBegin < C.OldEnd && C.NewBegin < C.NewEnd &&
           OldLines.line(C.OldEnd - 1) == NewLines.line(C.NewEnd - 1))
      --C.OldEnd, --C.NewEnd;
  }
  Changes.erase(std::remove_if(Changes.begin(), Changes.end(),
                               [](const Change &C) {
                                 return C.OldBegin == C.OldEnd &&
                                        C.NewBegin == C.NewEnd;
                               }),
                Changes.end());

  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "--- " << diffFileName("a/", Path) << "\n+++ "
     << diffFileName("b/", Path) << "\n";
  for (size_t I = 0; I < Changes.size();) {
    // Group changes whose contexts touch into one hunk.
    size_t J = I;
    while (J + 1 < Changes.size() &&
           Changes[J + 1].OldBegin <= Changes[J].OldEnd + 2 * Context)
      ++J;
    unsigned OldStart = Changes[I].OldBegin - std::min(Changes[I].OldBegin, Context);
    unsigned OldStop = std::min(Changes[J].OldEnd + Context, OldLines.size());
    long NewStart = long(OldStart) + Changes[I].NewBegin - Changes[I].OldBegin;
    long NewStop = long(OldStop) + Changes[J].NewEnd - Changes[J].OldEnd;
    OS << "@@ -";
    printRange(OS, OldStart, OldStop - OldStart);
    OS << " +";
    printRange(OS, NewStart, NewStop - NewStart);
    OS << " @@\n";
    unsigned OldLine = OldStart;
    for (size_t K = I; K <= J; ++K) {
      const Change &C = Changes[K];
      for (; OldLine < C.OldBegin; ++OldLine)
        printLine(OS, ' ', OldLines.line(OldLine));
      for (unsigned L = C.OldBegin; L < C.OldEnd; ++L)
        printLine(OS, '-', OldLines.line(L));
      for (unsigned L = C.NewBegin; L < C.NewEnd; ++L)
        printLine(OS, '+', NewLines.line(L));
      OldLine = C.OldEnd;
    }
    for (; OldLine < OldStop; ++OldLine)
      printLine(OS, ' ', OldLines.line(OldLine));
    I = J + 1;
  }
  return Out;
}

} // namespace cudalower

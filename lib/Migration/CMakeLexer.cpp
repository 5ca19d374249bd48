//===--- CMakeLexer.cpp - The commands of a CMake file --------------------===//

#include "Migration/CMakeLexer.h"
#include "llvm/ADT/StringExtras.h"

namespace cudalower {
namespace {

class CMakeLexer {
public:
  explicit CMakeLexer(llvm::StringRef Text) : Text(Text) {}

  /// The commands of the file; stops at the first thing it cannot read
  /// (what follows is then reported, never edited).
  std::vector<CMakeCommand> commands() {
    std::vector<CMakeCommand> Out;
    while (skipBlanksAndComments(), P < Text.size()) {
      CMakeCommand C;
      if (!readCommand(C))
        break;
      Out.push_back(std::move(C));
    }
    return Out;
  }

private:
  static bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_'; }

  /// `[[`, `[=[`...: the length of the opening at P, or 0.
  unsigned bracketOpen(unsigned At) const {
    if (At >= Text.size() || Text[At] != '[')
      return 0;
    unsigned E = At + 1;
    while (E < Text.size() && Text[E] == '=')
      ++E;
    return E < Text.size() && Text[E] == '[' ? E + 1 - At : 0;
  }

  /// Skips a bracket argument or comment opened at P; false at EOF.
  bool skipBracket(unsigned OpenLen) {
    std::string Close = "]" + std::string(OpenLen - 2, '=') + "]";
    size_t E = Text.find(Close, P + OpenLen);
    if (E == llvm::StringRef::npos)
      return false;
    P = E + Close.size();
    return true;
  }

  void skipComment() {
    ++P; // '#'
    if (unsigned Open = bracketOpen(P))
      if (skipBracket(Open))
        return;
    while (P < Text.size() && Text[P] != '\n')
      ++P;
  }

  void skipBlanksAndComments() {
    while (P < Text.size()) {
      if (llvm::isSpace(Text[P]))
        ++P;
      else if (Text[P] == '#')
        skipComment();
      else
        return;
    }
  }

  bool readQuoted() {
    for (++P; P < Text.size(); ++P) {
      if (Text[P] == '\\')
        ++P;
      else if (Text[P] == '"') {
        ++P;
        return true;
      }
    }
    return false;
  }

  void readUnquoted() {
    while (P < Text.size()) {
      char C = Text[P];
      if (llvm::isSpace(C) || C == '(' || C == ')' || C == '#' || C == '"')
        return;
      P += C == '\\' ? 2 : 1;
    }
  }

  bool readCommand(CMakeCommand &C) {
    C.Begin = P;
    while (P < Text.size() && isIdentChar(Text[P]))
      ++P;
    if (P == C.Begin)
      return false;
    C.Name = Text.slice(C.Begin, P).lower();
    while (P < Text.size() && (Text[P] == ' ' || Text[P] == '\t'))
      ++P;
    if (P >= Text.size() || Text[P] != '(')
      return false;
    ++P;
    for (unsigned Depth = 1; skipBlanksAndComments(), P < Text.size();) {
      char Ch = Text[P];
      CMakeArg A;
      A.Begin = P;
      if (Ch == '(' || Ch == ')') {
        ++P;
        Depth += Ch == '(' ? 1 : -1;
        if (Depth == 0) {
          C.End = P;
          return true;
        }
        continue;
      }
      if (Ch == '"') {
        A.Quoted = true;
        if (!readQuoted())
          return false;
      } else if (unsigned Open = bracketOpen(P)) {
        A.Bracket = true;
        if (!skipBracket(Open))
          return false;
      } else {
        readUnquoted();
      }
      A.End = P;
      C.Args.push_back(A);
    }
    return false;
  }

  llvm::StringRef Text;
  unsigned P = 0;
};

} // namespace

std::vector<CMakeCommand> lexCMakeCommands(llvm::StringRef Text) {
  return CMakeLexer(Text).commands();
}

} // namespace cudalower

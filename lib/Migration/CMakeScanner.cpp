//===--- CMakeScanner.cpp - nvcc flags in CMake files ---------------------===//
//
// A lexer for the CMake language (commands, quoted, bracket and unquoted
// arguments, line and bracket comments) finds each flag as an argument or a
// word of one, in the commands that set compile options. Only there is it
// removed; anywhere else (a condition, a custom function) it is reported.
//
//===----------------------------------------------------------------------===//

#include "Migration/BuildScripts.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

namespace cudalower {
namespace {

struct CMakeArg {
  unsigned Begin = 0, End = 0; ///< The argument's text, quotes included.
  bool Quoted = false;
  bool Bracket = false;
};

struct CMakeCommand {
  std::string Name; ///< Lower case: CMake command names are.
  unsigned Begin = 0, End = 0; ///< From the name to after `)`.
  std::vector<CMakeArg> Args;
};

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

/// How a command that sets options lays out its arguments: the first value
/// argument, and the keywords among the rest that are no values.
struct OptionCommand {
  unsigned FirstValue = 0;
  bool HasScopeKeywords = false;
};

std::optional<OptionCommand> optionCommand(const CMakeCommand &C,
                                           llvm::StringRef Text) {
  auto ArgText = [&](unsigned I) {
    return I < C.Args.size()
               ? Text.slice(C.Args[I].Begin, C.Args[I].End)
               : llvm::StringRef();
  };
  if (C.Name == "target_compile_options")
    return OptionCommand{1, true};
  if (C.Name == "add_compile_options")
    return OptionCommand{0, false};
  if (C.Name == "set")
    return OptionCommand{1, false};
  if ((C.Name == "string" || C.Name == "list") &&
      (ArgText(0) == "APPEND" || ArgText(0) == "PREPEND"))
    return OptionCommand{2, false};
  return std::nullopt;
}

bool isScopeKeyword(llvm::StringRef S) {
  return S == "INTERFACE" || S == "PUBLIC" || S == "PRIVATE" || S == "BEFORE";
}

/// The uses of flags in one argument. \p WholeArg is the range that
/// removes the argument itself.
class ArgScanner {
public:
  ArgScanner(llvm::StringRef Text, const CMakeArg &A, std::vector<FlagUse> &Out)
      : Text(Text), A(A), Out(Out) {}

  /// Adds a use per flag; returns the words of the argument that survive
  /// removal (none: the argument goes as a whole).
  std::vector<llvm::StringRef> scan(bool Editable, const std::string &Note,
                                    std::pair<unsigned, unsigned> WholeArg) {
    llvm::StringRef Arg = Text.slice(A.Begin, A.End);
    if (!A.Quoted && !A.Bracket) {
      std::optional<unsigned> FlagAt = flagOfUnquoted(Arg);
      if (!FlagAt)
        return {Arg};
      add(A.Begin + *FlagAt, Editable, Note, WholeArg);
      return {};
    }
    if (A.Bracket)
      return {Arg}; // reported by addUnderstoodMisses if it holds a flag
    return scanQuotedWords(Editable, Note, WholeArg);
  }

private:
  /// `--flag` or `$<...:--flag>`: the flag's offset in \p Arg.
  static std::optional<unsigned> flagOfUnquoted(llvm::StringRef Arg) {
    if (isLoweredAwayFlag(Arg))
      return 0;
    if (!Arg.starts_with("$<") || !Arg.ends_with(">"))
      return std::nullopt;
    llvm::StringRef Inner = Arg.drop_back();
    size_t Colon = Inner.rfind(':');
    if (Colon == llvm::StringRef::npos ||
        !isLoweredAwayFlag(Inner.substr(Colon + 1)))
      return std::nullopt;
    return Colon + 1;
  }

  std::vector<llvm::StringRef>
  scanQuotedWords(bool Editable, const std::string &Note,
                  std::pair<unsigned, unsigned> WholeArg) {
    unsigned Begin = A.Begin + 1, End = A.End - 1;
    std::vector<llvm::StringRef> Survivors;
    std::vector<std::pair<unsigned, unsigned>> Flags;
    for (unsigned P = Begin; P < End;) {
      unsigned W = nextWord(Text, P, End, /*SkipBackslashes=*/false);
      if (W == P)
        break;
      if (isLoweredAwayFlag(Text.slice(W, P)))
        Flags.push_back({W, P});
      else
        Survivors.push_back(Text.slice(W, P));
    }
    for (auto [W, E] : Flags) {
      // The word and the blanks before it (after it, if it comes first).
      unsigned RB = W, RE = E;
      while (RB > Begin && llvm::isSpace(Text[RB - 1]))
        --RB;
      if (RB == Begin)
        while (RE < End && llvm::isSpace(Text[RE]))
          ++RE;
      add(W, Editable, Note,
          Survivors.empty() ? WholeArg : std::make_pair(RB, RE));
    }
    return Survivors;
  }

  void add(unsigned At, bool Editable, const std::string &Note,
           std::pair<unsigned, unsigned> Range) {
    FlagUse U;
    U.Offset = At;
    unsigned E = At;
    while (E < Text.size() && (llvm::isAlnum(Text[E]) || Text[E] == '-'))
      ++E;
    U.Flag = Text.slice(At, E).str();
    U.Removable = Editable;
    U.RemoveOffset = Range.first;
    U.RemoveLength = Range.second - Range.first;
    U.Note = Note;
    Out.push_back(U);
  }

  llvm::StringRef Text;
  const CMakeArg &A;
  std::vector<FlagUse> &Out;
};

/// Scans one command: flags it may edit, the note each carries, and whether
/// the whole command goes once they are removed.
void scanCommand(llvm::StringRef Text, const CMakeCommand &C,
                 std::vector<FlagUse> &Out) {
  std::optional<OptionCommand> Kind = optionCommand(C, Text);
  size_t First = Out.size();
  unsigned Values = 0;
  std::string Scope;
  llvm::StringRef SetVar =
      C.Name == "set" && !C.Args.empty()
          ? Text.slice(C.Args[0].Begin, C.Args[0].End)
          : llvm::StringRef();
  for (size_t I = 0; I < C.Args.size(); ++I) {
    const CMakeArg &A = C.Args[I];
    llvm::StringRef ArgText = Text.slice(A.Begin, A.End);
    if (Kind && Kind->HasScopeKeywords && isScopeKeyword(ArgText)) {
      Scope = ArgText.str();
      continue;
    }
    std::string Note;
    if (!Kind)
      Note = "inside " + C.Name + "(), which cuda-lower does not edit";
    else if (Scope == "INTERFACE" || Scope == "PUBLIC")
      Note = Scope + " option of target '" +
             Text.slice(C.Args[0].Begin, C.Args[0].End).str() +
             "': removing it also affects every target that links it";
    // The argument with the blanks before it, or after it when it follows
    // the parenthesis.
    unsigned RB = A.Begin, RE = A.End;
    if (I > 0)
      RB = C.Args[I - 1].End;
    else if (I + 1 < C.Args.size())
      RE = C.Args[I + 1].Begin;
    std::vector<llvm::StringRef> Survivors =
        ArgScanner(Text, A, Out).scan(Kind.has_value(), Note, {RB, RE});
    if (!Kind || I < Kind->FirstValue)
      continue;
    // `set(VAR "${VAR}")` sets nothing new.
    std::string Self = ("${" + SetVar + "}").str();
    for (llvm::StringRef W : Survivors)
      Values += SetVar.empty() || W != Self;
  }
  if (!Kind || Values || Out.size() == First)
    return;
  // Nothing left to set: the command goes, with its line if alone there.
  removeWholeStatement(Text, C.Begin, C.End, Out, First);
}

} // namespace

std::vector<FlagUse> scanCMake(llvm::StringRef Text) {
  std::vector<FlagUse> Out;
  for (const CMakeCommand &C : CMakeLexer(Text).commands())
    scanCommand(Text, C, Out);
  return Out;
}

} // namespace cudalower

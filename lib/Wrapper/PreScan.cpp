//===--- PreScan.cpp - Whether a translation unit may need lowering -------===//
//
// The pre-scan is what makes the wrapper cost nothing on files that need no
// lowering: it reads the project's files with Clang's raw lexer, a few
// milliseconds, instead of parsing the TU with the toolkit's headers. It
// must never answer "nothing to do" for code a rule would rewrite, so every
// trigger is wider than the rule it stands for. Macros are looked through
// (MacroScan.h): a project file that names a macro which may spell a
// trigger is one, wherever the macro is defined outside the toolkit and the
// system's headers.
//
//===----------------------------------------------------------------------===//

#include "Wrapper/PreScan.h"
#include "Rules/Registry.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

namespace cudalower {

namespace {

constexpr const char *ComputedIncludeReason =
    "has an #include whose name is a macro";

/// Parts of macro names that say "host or device side".
constexpr llvm::StringLiteral PassWords[] = {
    "ARCH", "DEVICE_CODE", "HOST_CODE", "DEVICE_COMPILATION",
    "HOST_COMPILATION", "ON_DEVICE", "ON_HOST", "IS_DEVICE", "IS_HOST",
    "NV_IF_", "NV_DISPATCH", "NV_PROVIDES", "NV_NO_TARGET", "TARGET"};

} // namespace

bool mayDifferBetweenPasses(llvm::StringRef Id) {
  // Lower-case identifiers (`__device__`, `arch`) are no such macro.
  if (Id.size() < 4 || llvm::any_of(Id, [](char C) { return llvm::isLower(C); }))
    return false;
  return llvm::any_of(PassWords, [&](llvm::StringRef Word) {
    return Id.contains(Word);
  });
}

namespace {

/// Walks one file's raw tokens.
class TextScanner {
public:
  TextScanner(llvm::StringRef Text, ScannedText &Out)
      : Text(Text), Out(Out), Includes(Out.Includes),
        Lex(clang::SourceLocation(), langOptions(), Text.begin(),
            Text.begin(), Text.end()) {}

  /// Reads the whole file: the first reason, and every include.
  void run() {
    lexNext();
    while (Cur.isNot(clang::tok::eof)) {
      const char *Before = Lex.getBufferLocation();
      std::string Why = step();
      if (Why.empty())
        continue;
      if (Out.Reason.empty())
        Out.Reason = std::to_string(lineOf(Cur)) + ": " + Why;
      if (Lex.getBufferLocation() == Before)
        lexNext(); // a reason found at the current token: move on
    }
  }

private:
  static clang::LangOptions langOptions() {
    clang::LangOptions LO;
    LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
    LO.LineComment = true;
    return LO;
  }

  void lexNext() {
    Prev2 = Prev;
    Prev = Cur;
    Lex.LexFromRawLexer(Cur);
  }

  llvm::StringRef identifier(const clang::Token &T) const {
    return T.is(clang::tok::raw_identifier) ? T.getRawIdentifier()
                                            : llvm::StringRef();
  }

  unsigned lineOf(const clang::Token &T) const {
    size_t Offset = T.getLocation().getRawEncoding() -
                    clang::SourceLocation().getRawEncoding();
    Offset = std::min(Offset, Text.size());
    return Text.take_front(Offset).count('\n') + 1;
  }

  /// Reads from the current token on; returns a reason or "".
  std::string step() {
    if (Cur.is(clang::tok::hash) && Cur.isAtStartOfLine())
      return directive();
    if (Cur.is(clang::tok::l_square)) {
      Brackets.push_back({identifier(Prev), isOperand(Prev)});
      lexNext();
      return "";
    }
    if (Cur.is(clang::tok::r_square))
      return afterSquare();
    llvm::StringRef Id = identifier(Cur);
    if (mayDifferBetweenPasses(Id))
      needBothPasses(Cur, "uses " + Id.str());
    if (const char *Why = reasonForIdentifier(Id))
      return Why;
    if (looksFor(PreScanTriggers::DefaultedMember) && Id == "default" &&
        Prev.is(clang::tok::equal))
      return "has '= default'";
    bool Deduced = looksFor(PreScanTriggers::DeducedReturn);
    if (Deduced && Id == "auto" && Prev.is(clang::tok::l_paren) &&
        identifier(Prev2) == "decltype")
      return hostPassReason("has decltype(auto)");
    lexNext();
    if (Id == "auto" && Cur.is(clang::tok::raw_identifier)) {
      if (const char *Why = reasonForIdentifier(identifier(Cur)))
        return Why;
      lexNext();
      if (Deduced && Cur.is(clang::tok::l_paren))
        return hostPassReason("has a deduced return type");
    }
    return "";
  }

  /// Whether a rule on by default declared \p Shape a trigger
  /// (Rule::preScanTriggers).
  static bool looksFor(PreScanTriggers::Shape Shape) {
    return defaultPreScanTriggers().Shapes & Shape;
  }

  /// Records the first reason the host pass is needed too.
  void needBothPasses(const clang::Token &At, llvm::StringRef Why) {
    needBothPassesAt(lineOf(At), Why);
  }

  void needBothPassesAt(unsigned Line, llvm::StringRef Why) {
    if (Out.BothPassesReason.empty())
      Out.BothPassesReason = std::to_string(Line) + ": " + Why.str();
  }

  /// A reason to lower that only a host-pass rule acts on
  /// (exec-space-deduced-return).
  std::string hostPassReason(const char *Why) {
    needBothPasses(Cur, Why);
    return Why;
  }

  /// After `]`: a lambda introducer is followed by `{`, `(params)`,
  /// an annotation, a macro or a specifier, where an array index is not.
  std::string afterSquare() {
    if (!looksFor(PreScanTriggers::Lambda)) {
      if (!Brackets.empty())
        Brackets.pop_back();
      lexNext();
      return "";
    }
    llvm::StringRef Before;
    bool AfterOperand = false;
    if (!Brackets.empty()) {
      Before = Brackets.back().Ident;
      AfterOperand = Brackets.back().AfterOperand;
      Brackets.pop_back();
    }
    bool Double = Prev.is(clang::tok::r_square);
    lexNext();
    if (Double || Cur.is(clang::tok::r_square) || Before == "delete" ||
        Before == "operator" || Before == "new")
      return "";
    if (Cur.is(clang::tok::l_paren)) {
      skipBalancedParens();
      if (Cur.isOneOf(clang::tok::raw_identifier, clang::tok::l_brace,
                      clang::tok::arrow))
        return "has a lambda";
      return "";
    }
    if (Cur.isOneOf(clang::tok::raw_identifier, clang::tok::l_brace))
      return "has a lambda";
    if (Cur.is(clang::tok::less) && !AfterOperand)
      return "has a lambda"; // []<class T>(T x) {...}
    return "";
  }

  /// Whether \p T ends an operand, so that a `[` after it is an index.
  bool isOperand(const clang::Token &T) const {
    if (T.is(clang::tok::raw_identifier))
      return !llvm::is_contained({"return", "co_return", "co_yield", "throw",
                                  "case", "else", "do"},
                                 T.getRawIdentifier());
    return T.isOneOf(clang::tok::r_paren, clang::tok::r_square,
                     clang::tok::numeric_constant, clang::tok::char_constant) ||
           clang::tok::isStringLiteral(T.getKind());
  }

  void skipBalancedParens() {
    int Depth = 0;
    do {
      if (Cur.is(clang::tok::l_paren))
        ++Depth;
      else if (Cur.is(clang::tok::r_paren))
        --Depth;
      lexNext();
    } while (Depth > 0 && Cur.isNot(clang::tok::eof));
  }

  /// `#include`: records the name; `#define`: reads the definition.
  std::string directive() {
    lexNext();
    llvm::StringRef Name = identifier(Cur);
    if (Name == "include" || Name == "include_next" || Name == "import") {
      bool Next = Name == "include_next";
      const char *After = Lex.getBufferLocation();
      llvm::StringRef Line =
          llvm::StringRef(After, Text.end() - After).split('\n').first.trim();
      char Close = Line.starts_with("\"") ? '"'
                   : Line.starts_with("<") ? '>'
                                           : 0;
      size_t End = Close ? Line.find(Close, 1) : llvm::StringRef::npos;
      if (End == llvm::StringRef::npos) {
        Out.ComputedInclude = true;
        return ComputedIncludeReason;
      }
      (Next ? Out.IncludeNexts : Includes)
          .push_back(Line.take_front(End + 1).str());
      skipLine();
      return "";
    }
    if (Name == "define")
      return define();
    if (Name == "pragma" || Name == "error" || Name == "warning")
      skipLine(); // their words are no code
    return "";
  }

  /// `#define`: what its body may spell (MacroScan.h), a reason if
  /// anything; the definition is kept for the macros that name it.
  std::string define() {
    unsigned Line = lineOf(Cur);
    std::vector<MacroToken> Tokens;
    for (lexNext(); Cur.isNot(clang::tok::eof) && !Cur.isAtStartOfLine();
         lexNext())
      Tokens.push_back({Cur.getKind(), spelling(Cur)});
    MacroDef Def = readDefinition(Tokens);
    if (Def.Name.empty())
      return "";
    Def.Line = Line;
    Def.InProject = true;
    std::string Why;
    if (!Def.Why.empty())
      Why = Def.Why + " (in the macro " + Def.Name + ")";
    if (mayDifferBetweenPasses(Def.Name))
      needBothPassesAt(Line, "uses " + Def.Name);
    for (const std::string &N : Def.Names)
      if (mayDifferBetweenPasses(N)) {
        needBothPassesAt(Line, "uses " + N);
        break;
      }
    if (Def.NeedsHostPass)
      needBothPassesAt(Line, Why);
    Out.Macros.push_back(std::move(Def));
    if (!Why.empty() && Out.Reason.empty())
      Out.Reason = std::to_string(Line) + ": " + Why;
    return ""; // the reason, if any, is recorded: the scan is past the line
  }

  llvm::StringRef spelling(const clang::Token &T) const {
    size_t Offset = T.getLocation().getRawEncoding() -
                    clang::SourceLocation().getRawEncoding();
    return llvm::StringRef(Text.data() + Offset, T.getLength());
  }

  void skipLine() {
    do
      lexNext();
    while (Cur.isNot(clang::tok::eof) && !Cur.isAtStartOfLine());
  }

  llvm::StringRef Text;
  ScannedText &Out;
  std::vector<std::string> &Includes;
  clang::Lexer Lex;
  clang::Token Cur, Prev, Prev2;
  /// For each open `[`, the identifier before it (`delete`, `operator`),
  /// and whether an operand ends there (then `[` opens an index).
  struct Bracket {
    llvm::StringRef Ident;
    bool AfterOperand;
  };
  std::vector<Bracket> Brackets;
};

} // namespace

ScannedText scanText(llvm::StringRef Text) {
  std::string Copy = Text.str(); // the raw lexer needs a NUL at the end
  ScannedText Out;
  TextScanner(Copy, Out).run();
  return Out;
}

} // namespace cudalower

namespace cudalower {

std::vector<IntroducerWord> wordsAfterIntroducers(llvm::StringRef Text) {
  std::vector<IntroducerWord> Out;
  // A header outside the project is mostly code without `]`: skip it at
  // memchr speed.
  if (!Text.contains(']'))
    return Out;
  std::string Copy = Text.str(); // the raw lexer needs a NUL at the end
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
  LO.LineComment = true;
  clang::Lexer Lex(clang::SourceLocation(), LO, Copy.data(), Copy.data(),
                   Copy.data() + Copy.size());
  auto LineOf = [&](const clang::Token &T) {
    size_t Offset = T.getLocation().getRawEncoding() -
                    clang::SourceLocation().getRawEncoding();
    return unsigned(llvm::StringRef(Copy).take_front(Offset).count('\n') + 1);
  };
  clang::Token T, Prev;
  Prev.startToken();
  for (Lex.LexFromRawLexer(T); T.isNot(clang::tok::eof);) {
    // A directive's words are no code: a `#define` that spells a lambda is
    // the macro table's business.
    if (T.is(clang::tok::hash) && T.isAtStartOfLine()) {
      do
        Lex.LexFromRawLexer(T);
      while (T.isNot(clang::tok::eof) && !T.isAtStartOfLine());
      continue;
    }
    if (T.isNot(clang::tok::r_square) || Prev.is(clang::tok::r_square)) {
      Prev = T;
      Lex.LexFromRawLexer(T);
      continue;
    }
    Prev = T;
    Lex.LexFromRawLexer(T);
    if (T.is(clang::tok::l_paren)) // the parameters
      for (int Depth = 0;;) {
        Depth += T.is(clang::tok::l_paren) ? 1 : T.is(clang::tok::r_paren) ? -1 : 0;
        Prev = T;
        Lex.LexFromRawLexer(T);
        if (Depth == 0 || T.is(clang::tok::eof))
          break;
      }
    // Specifiers may come before an annotation (`mutable HD`).
    auto IsSpecifier = [](const clang::Token &Tok) {
      return Tok.is(clang::tok::raw_identifier) &&
             llvm::is_contained({"mutable", "constexpr", "consteval",
                                 "noexcept", "static"},
                                Tok.getRawIdentifier());
    };
    while (IsSpecifier(T)) {
      Prev = T;
      Lex.LexFromRawLexer(T);
    }
    if (T.is(clang::tok::raw_identifier))
      Out.push_back({LineOf(T), T.getRawIdentifier().str()});
  }
  return Out;
}

} // namespace cudalower

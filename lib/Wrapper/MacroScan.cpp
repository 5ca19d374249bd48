//===--- MacroScan.cpp - What macros may spell, for the pre-scan ----------===//
//
// A definition's body is read with the triggers of the code scan, widened
// for what a macro can leave to its use: a body that ends inside or right
// after `[...]` may begin a lambda whose annotation and body the use
// writes (`#define CAPTURE [=]`, then `CAPTURE __device__ (int i) {...}`).
// The one proof that `[...]` at the end is no lambda is what comes before
// it: an operand (`a[i]`, `f(x)[i]`, a parameter), so an index.
//
//===----------------------------------------------------------------------===//

#include "Wrapper/MacroScan.h"
#include "llvm/ADT/StringSet.h"
#include "Wrapper/PreScan.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/DependencyDirectivesScanner.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "Rules/Registry.h"
#include <functional>

namespace cudalower {

const char *reasonForIdentifier(llvm::StringRef Id) {
  // The words the default rules declare (Rule::preScanTriggers): a handful,
  // so a scan beats a map.
  for (const PreScanTriggers::Word &W : defaultPreScanTriggers().Words)
    if (W.Identifier == Id)
      return W.Reason.data();
  return nullptr;
}

unsigned defaultPreScanShapes() { return defaultPreScanTriggers().Shapes; }

namespace {

bool isIdentifierToken(const MacroToken &T) {
  return T.Kind == clang::tok::raw_identifier || T.Kind == clang::tok::identifier;
}

/// Keywords after which `[` starts an expression (so may be a lambda).
bool opensExpression(llvm::StringRef Id) {
  return llvm::StringSwitch<bool>(Id)
      .Cases({"return", "co_return", "co_yield", "throw", "case", "else", "do",
              "and", "or", "not", "xor", "bitand", "bitor", "compl", "and_eq",
              "or_eq", "xor_eq", "not_eq"},
             true)
      .Default(false);
}

/// The index after the `)` that closes the `(` at \p I, or the body's end.
size_t afterParens(llvm::ArrayRef<MacroToken> B, size_t I) {
  int Depth = 0;
  for (; I < B.size(); ++I) {
    if (B[I].Kind == clang::tok::l_paren)
      ++Depth;
    else if (B[I].Kind == clang::tok::r_paren && --Depth == 0)
      return I + 1;
  }
  return B.size();
}

/// Reads a macro's body for what the code scan looks for.
class BodyReader {
public:
  BodyReader(llvm::ArrayRef<MacroToken> Body,
             llvm::ArrayRef<llvm::StringRef> Params, unsigned Shapes,
             MacroDef &D)
      : B(Body), Params(Params), Shapes(Shapes), D(D) {}

  void run() {
    std::vector<size_t> Opens;
    for (size_t I = 0; I < B.size(); ++I) {
      const MacroToken &T = B[I];
      if (T.Kind == clang::tok::l_square) {
        Opens.push_back(I);
        continue;
      }
      if (T.Kind == clang::tok::r_square) {
        std::optional<size_t> Open;
        if (!Opens.empty()) {
          Open = Opens.back();
          Opens.pop_back();
        }
        if (D.Why.empty() && looksFor(PreScanTriggers::Lambda))
          afterSquare(I, Open);
        continue;
      }
      if (T.Kind == clang::tok::hash && I + 1 < B.size() &&
          B[I + 1].Text == "pragma" && looksFor(PreScanTriggers::PragmaInMacro))
        because("has a macro that spells #pragma");
      if (!isIdentifierToken(T))
        continue;
      llvm::StringRef Id = T.Text;
      if (!isParam(Id)) {
        if (llvm::find(D.Names, Id) == D.Names.end())
          D.Names.push_back(Id.str());
        D.PassDiffering |= mayDifferBetweenPasses(Id);
      }
      if (const char *Why = reasonForIdentifier(Id))
        because(Why);
      else if (Id == "default" && I > 0 && B[I - 1].Kind == clang::tok::equal &&
               looksFor(PreScanTriggers::DefaultedMember))
        because("has '= default'");
      else if (Id == "auto" && looksFor(PreScanTriggers::DeducedReturn))
        deducedReturn(I);
    }
  }

private:
  /// Whether a rule declared \p Shape a trigger: the shapes below are the
  /// code scan's (PreScan.cpp), looked for in a body only when declared.
  bool looksFor(PreScanTriggers::Shape Shape) const { return Shapes & Shape; }

  /// `auto` at \p I: `decltype(auto)` or `auto f(`.
  void deducedReturn(size_t I) {
    if (I >= 2 && B[I - 1].Kind == clang::tok::l_paren &&
        B[I - 2].Text == "decltype")
      hostPass("has decltype(auto)");
    else if (I + 2 < B.size() && isIdentifierToken(B[I + 1]) &&
             B[I + 2].Kind == clang::tok::l_paren)
      hostPass("has a deduced return type");
  }

  bool isParam(llvm::StringRef Id) const {
    return llvm::is_contained(Params, Id);
  }

  void because(llvm::StringRef Why) {
    if (D.Why.empty())
      D.Why = Why.str();
  }

  void hostPass(llvm::StringRef Why) {
    because(Why);
    D.NeedsHostPass = true;
  }

  /// An operand before `[`: what follows is an index.
  bool isOperand(const MacroToken &T) const {
    if (isIdentifierToken(T))
      return !opensExpression(T.Text);
    return T.Kind == clang::tok::r_paren || T.Kind == clang::tok::r_square ||
           T.Kind == clang::tok::numeric_constant || clang::tok::isStringLiteral(T.Kind) ||
           T.Kind == clang::tok::char_constant;
  }

  /// The `]` at \p I, closing the `[` at \p Open if the body has it: the
  /// code scan's lambda test, and the end of the body as a continuation.
  void afterSquare(size_t I, std::optional<size_t> Open) {
    bool Double = (I > 0 && B[I - 1].Kind == clang::tok::r_square) ||
                  (I + 1 < B.size() && B[I + 1].Kind == clang::tok::r_square);
    const MacroToken *Before = Open && *Open > 0 ? &B[*Open - 1] : nullptr;
    if (Double || (Before && isIdentifierToken(*Before) &&
                   (Before->Text == "delete" || Before->Text == "operator" ||
                    Before->Text == "new")))
      return;
    size_t Next = I + 1;
    if (Next < B.size() && B[Next].Kind == clang::tok::l_paren)
      Next = afterParens(B, Next);
    if (Next < B.size()) {
      clang::tok::TokenKind K = B[Next].Kind;
      if (isIdentifierToken(B[Next]) || K == clang::tok::l_brace || K == clang::tok::arrow ||
          K == clang::tok::hash || K == clang::tok::hashhash)
        because("has a lambda");
      else if (K == clang::tok::less && Next == I + 1 && !(Before && isOperand(*Before)))
        because("has a lambda"); // []<class T>(T x) {...}
      return;
    }
    // The body ends here: the use may continue a lambda.
    if (Before && isIdentifierToken(*Before) && !opensExpression(Before->Text)) {
      if (!isParam(Before->Text))
        D.IndexedBy = Before->Text.str();
      return;
    }
    if (!Before || !isOperand(*Before))
      because("may begin a lambda");
  }

  llvm::ArrayRef<MacroToken> B;
  llvm::ArrayRef<llvm::StringRef> Params;
  unsigned Shapes;
  MacroDef &D;
};

clang::LangOptions macroLangOptions() {
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
  LO.LineComment = true;
  return LO;
}

/// Line numbers of offsets that only grow, counted once through the text.
class LineCounter {
public:
  explicit LineCounter(llvm::StringRef Text) : Text(Text) {}
  unsigned lineOf(size_t Offset) {
    Offset = std::min(Offset, Text.size());
    if (Offset < At) { // not in order: count from the start
      At = 0;
      Line = 1;
    }
    Line += Text.slice(At, Offset).count('\n');
    At = Offset;
    return Line;
  }

private:
  llvm::StringRef Text;
  size_t At = 0;
  unsigned Line = 1;
};

} // namespace

MacroDef readDefinition(llvm::ArrayRef<MacroToken> Tokens, unsigned Shapes) {
  MacroDef D;
  if (Tokens.empty() || !isIdentifierToken(Tokens[0]))
    return D;
  D.Name = Tokens[0].Text.str();
  size_t I = 1;
  llvm::SmallVector<llvm::StringRef, 4> Params;
  // Function-like only with the parenthesis right after the name.
  if (I < Tokens.size() && Tokens[I].Kind == clang::tok::l_paren &&
      Tokens[I].Text.data() == Tokens[0].Text.end()) {
    for (++I; I < Tokens.size() && Tokens[I].Kind != clang::tok::r_paren; ++I)
      if (isIdentifierToken(Tokens[I]))
        Params.push_back(Tokens[I].Text);
      else if (Tokens[I].Kind == clang::tok::ellipsis)
        Params.push_back("__VA_ARGS__");
    ++I;
    D.FunctionLike = true;
  }
  if (I >= Tokens.size())
    return D;
  BodyReader(Tokens.drop_front(I), Params, Shapes, D).run();
  if (!D.FunctionLike)
    D.Body = llvm::StringRef(Tokens[I].Text.begin(),
                             Tokens.back().Text.end() - Tokens[I].Text.begin())
                 .str();
  return D;
}

MacroDef readCommandLineDefinition(llvm::StringRef Def, unsigned Shapes) {
  // `-DNAME=BODY` is `#define NAME BODY`; `-DF(x)=BODY` is function-like.
  auto [Head, Body] = Def.split('=');
  std::string Text = (Head + " " + Body).str();
  clang::LangOptions LO = macroLangOptions();
  clang::Lexer Lex(clang::SourceLocation(), LO, Text.data(), Text.data(),
                   Text.data() + Text.size());
  std::vector<MacroToken> Tokens;
  for (clang::Token T; Lex.LexFromRawLexer(T), T.isNot(clang::tok::eof);) {
    const char *At = Text.data() + (T.getLocation().getRawEncoding() -
                                     clang::SourceLocation().getRawEncoding());
    Tokens.push_back({T.getKind(), llvm::StringRef(At, T.getLength())});
  }
  return readDefinition(Tokens, Shapes); // it copies what it keeps out of Text
}

HeaderScan scanHeader(llvm::StringRef Text, llvm::StringRef File) {
  namespace dds = clang::dependency_directives_scan;
  HeaderScan Out;
  llvm::SmallVector<dds::Token, 64> Tokens;
  llvm::SmallVector<dds::Directive, 32> Directives;
  if (clang::scanSourceForDependencyDirectives(Text, Tokens, Directives)) {
    Out.Opaque = "1: cannot be read by the directive scanner";
    return Out;
  }
  LineCounter Lines(Text);
  // For each open conditional: whether a test of it so far names a macro
  // of the compilation side (its #else is the other side too).
  llvm::SmallVector<bool, 8> SideTests;
  auto ToMacroTokens = [&](llvm::ArrayRef<dds::Token> Ts) {
    std::vector<MacroToken> Out;
    for (const dds::Token &T : Ts)
      if (T.isNot(clang::tok::eod) && T.isNot(clang::tok::eof))
        Out.push_back({T.Kind, Text.substr(T.Offset, T.Length)});
    return Out;
  };
  auto NamesSide = [&](llvm::ArrayRef<dds::Token> Ts) {
    return llvm::any_of(Ts, [&](const dds::Token &T) {
      return T.is(clang::tok::raw_identifier) &&
             mayDifferBetweenPasses(Text.substr(T.Offset, T.Length));
    });
  };
  for (const dds::Directive &D : Directives) {
    switch (D.Kind) {
    case dds::pp_if:
    case dds::pp_ifdef:
    case dds::pp_ifndef:
      SideTests.push_back(NamesSide(D.Tokens));
      break;
    case dds::pp_elif:
    case dds::pp_elifdef:
    case dds::pp_elifndef:
      if (!SideTests.empty())
        SideTests.back() = SideTests.back() || NamesSide(D.Tokens);
      break;
    case dds::pp_endif:
      if (!SideTests.empty())
        SideTests.pop_back();
      break;
    case dds::pp_include:
    case dds::pp_include_next:
    case dds::pp_import: {
      // The name as written: from the token after `include` to the line's
      // end (`<a/b.h>` is several tokens).
      if (D.Tokens.size() < 3)
        break;
      const dds::Token &First = D.Tokens[2];
      llvm::StringRef Rest =
          Text.substr(First.Offset).split('\n').first.trim();
      char Close = Rest.starts_with("\"") ? '"'
                   : Rest.starts_with("<") ? '>'
                                           : 0;
      size_t End = Close ? Rest.find(Close, 1) : llvm::StringRef::npos;
      if (End == llvm::StringRef::npos) {
        const dds::Token &Last = D.Tokens.back().is(clang::tok::eod)
                                     ? D.Tokens[D.Tokens.size() - 2]
                                     : D.Tokens.back();
        Out.Computed.push_back(
            {Lines.lineOf(First.Offset),
             Text.slice(First.Offset, Last.getEnd()).str()});
        break;
      }
      (D.Kind == dds::pp_include_next ? Out.IncludeNexts : Out.Includes)
          .push_back(Rest.take_front(End + 1).str());
      break;
    }
    case dds::pp_define: {
      std::vector<MacroToken> Def = ToMacroTokens(D.Tokens.drop_front(2));
      MacroDef M = readDefinition(Def);
      if (M.Name.empty())
        break;
      M.File = File.str();
      M.Line = Lines.lineOf(D.Tokens.front().Offset);
      M.PassDiffering |= llvm::is_contained(SideTests, true);
      Out.Macros.push_back(std::move(M));
      break;
    }
    default:
      break;
    }
  }
  return Out;
}

namespace {

/// A token of a macro's body or of an `#include`'s operand.
struct Spelled {
  std::string Text;
  bool Space; ///< Whitespace before it.
  bool Identifier;
};

std::vector<Spelled> lexSpelled(llvm::StringRef Text) {
  std::string Copy = Text.str(); // the raw lexer needs a NUL at the end
  clang::LangOptions LO = macroLangOptions();
  clang::Lexer Lex(clang::SourceLocation(), LO, Copy.data(), Copy.data(),
                   Copy.data() + Copy.size());
  std::vector<Spelled> Out;
  for (clang::Token T; Lex.LexFromRawLexer(T), T.isNot(clang::tok::eof);) {
    size_t Offset = T.getLocation().getRawEncoding() -
                    clang::SourceLocation().getRawEncoding();
    Out.push_back({Copy.substr(Offset, T.getLength()),
                   T.hasLeadingSpace(), T.is(clang::tok::raw_identifier)});
  }
  return Out;
}

} // namespace

std::optional<std::vector<std::string>>
MacroTable::includeNames(llvm::StringRef Operand) const {
  constexpr size_t MaxNames = 64, MaxDepth = 16;
  using Seq = std::vector<Spelled>;
  std::vector<std::string> Active; // no macro expands inside itself
  std::function<std::optional<std::vector<Seq>>(const Seq &)> Expand =
      [&](const Seq &In) -> std::optional<std::vector<Seq>> {
    std::vector<Seq> Outs{{}};
    for (const Spelled &T : In) {
      auto It = T.Identifier ? ByName.find(T.Text) : ByName.end();
      if (It == ByName.end() || llvm::is_contained(Active, T.Text)) {
        for (Seq &O : Outs)
          O.push_back(T);
        continue;
      }
      if (Active.size() >= MaxDepth)
        return std::nullopt;
      std::vector<Seq> Alternatives;
      Active.push_back(T.Text);
      for (unsigned I : It->second) {
        if (Defs[I].FunctionLike)
          return std::nullopt;
        auto Sub = Expand(lexSpelled(Defs[I].Body));
        if (!Sub)
          return std::nullopt;
        for (Seq &S : *Sub) {
          if (!S.empty())
            S.front().Space = T.Space;
          Alternatives.push_back(std::move(S));
        }
      }
      Active.pop_back();
      std::vector<Seq> Next;
      for (const Seq &O : Outs)
        for (const Seq &A : Alternatives) {
          if (Next.size() == MaxNames)
            return std::nullopt;
          Next.push_back(O);
          Next.back().insert(Next.back().end(), A.begin(), A.end());
        }
      Outs = std::move(Next);
    }
    return Outs;
  };
  auto Expanded = Expand(lexSpelled(Operand));
  if (!Expanded)
    return std::nullopt;
  std::vector<std::string> Names;
  for (const Seq &S : *Expanded) {
    std::string Name;
    for (const Spelled &T : S)
      Name += (T.Space && !Name.empty() ? " " : "") + T.Text;
    llvm::StringRef N(Name);
    bool Quoted = N.size() >= 2 && N.starts_with("\"") && N.ends_with("\"");
    bool Angled = N.size() >= 2 && N.starts_with("<") && N.ends_with(">");
    if (!Quoted && !Angled)
      return std::nullopt;
    if (!llvm::is_contained(Names, Name))
      Names.push_back(std::move(Name));
  }
  return Names;
}

void MacroTable::add(MacroDef Def) {
  ByName[Def.Name].push_back(Defs.size());
  Defs.push_back(std::move(Def));
}

bool MacroTable::spellsAnnotation(llvm::StringRef Name) const {
  llvm::SmallVector<llvm::StringRef, 8> Work{Name};
  llvm::StringSet<> Seen;
  while (!Work.empty()) {
    llvm::StringRef N = Work.pop_back_val();
    if (N == "__device__" || N == "__host__")
      return true;
    if (!Seen.insert(N).second || Seen.size() > 256)
      continue;
    auto It = ByName.find(N);
    if (It == ByName.end())
      continue;
    for (unsigned I : It->second)
      for (const std::string &Inner : Defs[I].Names)
        Work.push_back(Inner);
  }
  return false;
}

void MacroTable::resolve() {
  // Seeds: what a body holds by itself, and indexes of macros.
  for (unsigned I = 0; I < Defs.size(); ++I) {
    MacroDef &D = Defs[I];
    if (D.Why.empty() && !D.IndexedBy.empty() && ByName.count(D.IndexedBy))
      D.Why = "may begin a lambda after the macro " + D.IndexedBy;
    if (!D.Why.empty())
      ToLower.try_emplace(D.Name, I);
    if (D.PassDiffering || D.NeedsHostPass)
      BothPasses.try_emplace(D.Name, I);
  }
  // Chains, to a fixed point: each round adds at least one name or stops.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned I = 0; I < Defs.size(); ++I) {
      MacroDef &D = Defs[I];
      for (const std::string &N : D.Names) {
        if (D.Why.empty() && ToLower.count(N)) {
          D.Why = "expands to " + N;
          Changed |= ToLower.try_emplace(D.Name, I).second;
        }
        if (!D.PassDiffering && !D.NeedsHostPass && BothPasses.count(N)) {
          D.PassDiffering = true;
          Changed |= BothPasses.try_emplace(D.Name, I).second;
        }
      }
    }
  }
  for (const MacroDef &D : Defs) {
    if (D.InProject)
      continue;
    OutsideToLower |= !D.Why.empty();
    OutsideBothPasses |= D.PassDiffering || D.NeedsHostPass;
  }
}

const MacroDef *MacroTable::toLower(llvm::StringRef Name) const {
  auto It = ToLower.find(Name);
  return It == ToLower.end() ? nullptr : &Defs[It->second];
}

const MacroDef *MacroTable::needsBothPasses(llvm::StringRef Name) const {
  auto It = BothPasses.find(Name);
  return It == BothPasses.end() ? nullptr : &Defs[It->second];
}

} // namespace cudalower

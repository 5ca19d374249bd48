//===--- MacroScan.cpp - What macros may spell, for the pre-scan ----------===//
//
// The directives of headers outside the project (read with clang-scan-deps'
// scanner), and the table that follows chains between the definitions
// (MacroDefinition.cpp reads each one).
//
//===----------------------------------------------------------------------===//

#include "Wrapper/MacroScan.h"
#include "Wrapper/PreScan.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/DependencyDirectivesScanner.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include <functional>

namespace cudalower {

namespace {

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

//===--- MacroDefinition.cpp - What one macro may spell -------------------===//
//
// A definition's body is read with the triggers of the code scan, widened
// for what a macro can leave to its use: a body that ends inside or right
// after `[...]` may begin a lambda whose annotation and body the use
// writes (`#define CAPTURE [=]`, then `CAPTURE __device__ (int i) {...}`).
// The one proof that `[...]` at the end is no lambda is what comes before
// it: an operand (`a[i]`, `f(x)[i]`, a parameter), so an index.
//
//===----------------------------------------------------------------------===//

#include "Wrapper/MacroDefinition.h"
#include "Rules/Registry.h"
#include "Wrapper/PreScan.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include <optional>

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

} // namespace

clang::LangOptions macroLangOptions() {
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
  LO.LineComment = true;
  return LO;
}

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

} // namespace cudalower

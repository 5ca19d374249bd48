//===--- PragmaInMacro.cpp - `#define X #pragma ...` as nvcc reads it -----===//

#include "Nvcc/PragmaInMacro.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace cudalower {

/// `"unroll 4"`: \p Text as a string literal.
static std::string quoted(llvm::StringRef Text) {
  std::string Out = "\"";
  for (char C : Text) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

/// The pragma's own tokens (after `# pragma`) as spelled, or nullopt if
/// \p MI is not a pragma macro.
static std::optional<std::string> pragmaText(const MacroInfo &MI,
                                             const Preprocessor &PP) {
  if (MI.isFunctionLike() || MI.getNumTokens() < 3)
    return std::nullopt;
  const Token &Hash = MI.getReplacementToken(0);
  const Token &Pragma = MI.getReplacementToken(1);
  if (!Hash.is(tok::hash) || !Pragma.is(tok::identifier) ||
      PP.getSpelling(Pragma) != "pragma")
    return std::nullopt;
  std::string Text;
  for (unsigned I = 2; I < MI.getNumTokens(); ++I) {
    const Token &T = MI.getReplacementToken(I);
    if (I > 2 && T.hasLeadingSpace())
      Text += ' ';
    Text += PP.getSpelling(T);
  }
  return Text;
}

std::optional<std::string> pragmaOperatorFor(const MacroInfo &MI,
                                             const Preprocessor &PP) {
  std::optional<std::string> Text = pragmaText(MI, PP);
  if (!Text)
    return std::nullopt;
  return "_Pragma(" + quoted(*Text) + ")";
}

namespace {
/// Redefines each pragma macro right after its #define, as if the next
/// line said `#define X _Pragma("...")`.
class PragmaMacroReader : public PPCallbacks {
public:
  explicit PragmaMacroReader(Preprocessor &PP) : PP(PP) {}

  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const MacroInfo *Old = MD->getMacroInfo();
    std::optional<std::string> Text = pragmaText(*Old, PP);
    if (!Text)
      return;
    // The new tokens sit where the old body is, so that what Clang says
    // about the pragma points at the #define.
    SourceLocation At = Old->getReplacementToken(0).getLocation();
    SourceLocation End = Old->getDefinitionEndLoc();
    Token Tokens[4];
    for (Token &T : Tokens) {
      T.startToken();
      T.setLocation(At);
    }
    Tokens[0].setKind(tok::identifier);
    Tokens[0].setLength(1);
    Tokens[0].setIdentifierInfo(PP.getIdentifierInfo("_Pragma"));
    Tokens[1].setKind(tok::l_paren);
    Tokens[1].setLength(1);
    // CreateString gives the literal its text, location and length.
    Tokens[2].setKind(tok::string_literal);
    PP.CreateString(quoted(*Text), Tokens[2]);
    Tokens[3].setKind(tok::r_paren);
    Tokens[3].setLength(1);
    MacroInfo *New = PP.AllocateMacroInfo(Old->getDefinitionLoc());
    New->setTokens(Tokens, PP.getPreprocessorAllocator());
    New->setDefinitionEndLoc(End);
    New->setIsUsed(Old->isUsed());
    PP.appendDefMacroDirective(Name.getIdentifierInfo(), New,
                               MD->getLocation());
  }

private:
  Preprocessor &PP;
};
} // namespace

void readPragmaMacrosAsNvcc(Preprocessor &PP) {
  PP.addPPCallbacks(std::make_unique<PragmaMacroReader>(PP));
}

} // namespace cudalower

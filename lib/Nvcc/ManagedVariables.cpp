//===--- ManagedVariables.cpp - `__managed__` as nvcc reads it ------------===//

#include "Nvcc/ManagedVariables.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace cudalower {

/// The annotation that marks a `__managed__` variable in the AST.
static constexpr llvm::StringLiteral ManagedAnnotation =
    "cuda-lower: __managed__";

namespace {

/// Replaces host_defines.h's `__managed__` by
/// `__device__ __attribute__((annotate("cuda-lower: __managed__")))`.
class ManagedReader : public PPCallbacks {
public:
  explicit ManagedReader(Preprocessor &PP) : PP(PP) {}

  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    if (!Done && Name.getIdentifierInfo()->getName() == "__managed__")
      replace(*MD->getMacroInfo(), MD->getLocation());
  }

  // A precompiled prelude brings the definition without MacroDefined.
  void FileChanged(SourceLocation Loc, FileChangeReason,
                   SrcMgr::CharacteristicKind, FileID) override {
    if (Done || PP.getSourceManager().getFileID(Loc) !=
                    PP.getSourceManager().getMainFileID())
      return;
    // Looked up now, not before: the prelude's identifiers are loaded by
    // then.
    if (const MacroInfo *MI =
            PP.getMacroInfo(PP.getIdentifierInfo("__managed__")))
      replace(*MI, MI->getDefinitionLoc());
  }

private:
  /// True for the toolkit's `__location__(managed)`, not a user's own macro.
  bool isToolkitDefinition(const MacroInfo &MI) const {
    return !MI.isFunctionLike() && MI.getNumTokens() == 4 &&
           MI.getReplacementToken(0).is(tok::identifier) &&
           PP.getSpelling(MI.getReplacementToken(0)) == "__location__" &&
           PP.getSpelling(MI.getReplacementToken(2)) == "managed";
  }

  void replace(const MacroInfo &Old, SourceLocation At) {
    if (!isToolkitDefinition(Old))
      return;
    Done = true;
    SourceLocation Loc = Old.getReplacementToken(0).getLocation();
    std::vector<Token> Tokens;
    auto Add = [&](tok::TokenKind Kind, llvm::StringRef Spelling) {
      Token T;
      T.startToken();
      T.setLocation(Loc);
      T.setKind(Kind);
      if (Kind == tok::identifier) {
        T.setIdentifierInfo(PP.getIdentifierInfo(Spelling));
        T.setLength(Spelling.size());
      } else if (Kind == tok::string_literal) {
        PP.CreateString(Spelling, T);
      } else {
        T.setLength(Spelling.size());
      }
      Tokens.push_back(T);
    };
    Add(tok::identifier, "__device__");
    Add(tok::identifier, "__attribute__");
    Add(tok::l_paren, "(");
    Add(tok::l_paren, "(");
    Add(tok::identifier, "annotate");
    Add(tok::l_paren, "(");
    Add(tok::string_literal, ("\"" + ManagedAnnotation + "\"").str());
    Add(tok::r_paren, ")");
    Add(tok::r_paren, ")");
    Add(tok::r_paren, ")");
    MacroInfo *New = PP.AllocateMacroInfo(Old.getDefinitionLoc());
    New->setTokens(Tokens, PP.getPreprocessorAllocator());
    New->setDefinitionEndLoc(Old.getDefinitionEndLoc());
    PP.appendDefMacroDirective(PP.getIdentifierInfo("__managed__"), New, At);
  }

  Preprocessor &PP;
  bool Done = false;
};

} // namespace

void readManagedAsNvcc(Preprocessor &PP) {
  PP.addPPCallbacks(std::make_unique<ManagedReader>(PP));
}

bool isNvccManaged(const VarDecl &V) {
  if (V.hasAttr<HIPManagedAttr>())
    return true;
  for (const auto *A : V.specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == ManagedAnnotation)
      return true;
  return false;
}

} // namespace cudalower

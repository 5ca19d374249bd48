//===--- NvccPragmaMacro.cpp - #pragma in a macro to _Pragma --------------===//

#include "Rules/NvccPragmaMacro.h"
#include "Nvcc/PragmaInMacro.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace cudalower {

namespace {
/// Collects the pragma macros defined in files the user owns.
class Collector : public PPCallbacks {
public:
  Collector(Preprocessor &PP, RuleContext &Ctx,
            std::vector<NvccPragmaMacro::Definition> &Found)
      : PP(PP), Ctx(Ctx), Found(Found) {}

  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const MacroInfo *MI = MD->getMacroInfo();
    std::optional<std::string> Replacement = pragmaOperatorFor(*MI, PP);
    if (!Replacement || !Ctx.isUserOwned(Name.getLocation()))
      return;
    CharSourceRange Body = CharSourceRange::getTokenRange(
        MI->getReplacementToken(0).getLocation(),
        MI->getReplacementToken(MI->getNumTokens() - 1).getLocation());
    Found.push_back({PP.getSpelling(Name), Name.getLocation(), Body,
                     std::move(*Replacement)});
  }

private:
  Preprocessor &PP;
  RuleContext &Ctx;
  std::vector<NvccPragmaMacro::Definition> &Found;
};
} // namespace

void NvccPragmaMacro::registerPPCallbacks(Preprocessor &PP) {
  PP.addPPCallbacks(std::make_unique<Collector>(PP, context(), Found));
}

void NvccPragmaMacro::finishTranslationUnit() {
  for (const Definition &D : Found)
    diag(D.NameLoc, "macro '" + D.Name +
                        "' spells a #pragma, which only nvcc reads, and only "
                        "where the macro stands alone on a line; use the "
                        "_Pragma operator")
        .replace(D.Body, D.Replacement);
}

PreScanTriggers NvccPragmaMacro::preScanTriggers() {
  static constexpr PreScanTriggers::Word Words[] = {
      {"_Pragma", "has _Pragma"},
  };
  return {PreScanTriggers::PragmaInMacro, Words};
}

} // namespace cudalower

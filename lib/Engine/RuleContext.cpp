//===--- RuleContext.cpp - Diagnostics and edits made by rules -------------===//

#include "Engine/Ownership.h"
#include "Rules/Registry.h"
#include "cudalower/Rule.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace cudalower {

SourceManager &RuleContext::getSourceManager() {
  return getASTContext().getSourceManager();
}

bool RuleContext::locate(SourceLocation Loc, Diagnostic &D) {
  return locateInFile(getSourceManager(), Loc, D);
}

bool RuleContext::makeEdit(CharSourceRange Range, llvm::StringRef Text,
                           Edit &Out, std::string &WhyNot) {
  SourceManager &SM = getSourceManager();
  CharSourceRange FileRange =
      Lexer::makeFileCharRange(Range, SM, getASTContext().getLangOpts());
  if (FileRange.isInvalid()) {
    WhyNot = "the code to change comes from a macro expansion";
    return false;
  }
  if (!isUserOwned(FileRange.getBegin())) {
    WhyNot = "the code is in a file outside the project root";
    return false;
  }
  auto [BeginFID, BeginOffset] = SM.getDecomposedLoc(FileRange.getBegin());
  auto [EndFID, EndOffset] = SM.getDecomposedLoc(FileRange.getEnd());
  if (BeginFID != EndFID || EndOffset < BeginOffset) {
    WhyNot = "the code to change spans several files";
    return false;
  }
  Out.File = canonicalPathOf(SM, FileRange.getBegin());
  Out.Offset = BeginOffset;
  Out.Length = EndOffset - BeginOffset;
  Out.Text = Text.str();
  return true;
}

DiagBuilder::~DiagBuilder() {
  if (!Ctx)
    return;
  if (FixFailed) {
    D.Edits.clear();
    D.Message += " (not rewritten: " + FixFailure + ")";
    D.NotRewrittenReason = std::move(FixFailure);
  }
  Ctx->record(std::move(D));
}

DiagBuilder &DiagBuilder::replace(CharSourceRange Range, llvm::StringRef Text) {
  if (FixFailed)
    return *this;
  Edit E;
  if (!Ctx->makeEdit(Range, Text, E, FixFailure)) {
    FixFailed = true;
    return *this;
  }
  D.Edits.push_back(std::move(E));
  return *this;
}

DiagBuilder &DiagBuilder::insert(SourceLocation Loc, llvm::StringRef Text) {
  return replace(CharSourceRange::getCharRange(Loc, Loc), Text);
}

DiagBuilder &DiagBuilder::insertCopy(SourceLocation At, llvm::StringRef Before,
                                     CharSourceRange From,
                                     llvm::StringRef After,
                                     llvm::StringRef IndentFrom,
                                     llvm::StringRef IndentTo) {
  if (FixFailed)
    return *this;
  Edit Source, E;
  if (!Ctx->makeEdit(From, "", Source, FixFailure) ||
      !Ctx->makeEdit(CharSourceRange::getCharRange(At, At), Before, E,
                     FixFailure)) {
    FixFailed = true;
    return *this;
  }
  if (Source.File != E.File) {
    FixFailed = true;
    FixFailure = "the code would move to another file";
    return *this;
  }
  E.IsCopy = true;
  E.CopyOffset = Source.Offset;
  E.CopyLength = Source.Length;
  E.TextAfterCopy = After.str();
  if (IndentFrom != IndentTo) {
    E.CopyIndentFrom = IndentFrom.str();
    E.CopyIndentTo = IndentTo.str();
  }
  D.Edits.push_back(std::move(E));
  return *this;
}

DiagBuilder &DiagBuilder::note(SourceLocation Loc, llvm::StringRef Message) {
  Diagnostic N;
  N.Rule = D.Rule;
  N.Level = DiagLevel::Note;
  N.Message = Message.str();
  if (Ctx->locate(Loc, N))
    D.Notes.push_back(std::move(N));
  return *this;
}

DiagBuilder &DiagBuilder::dropFix() {
  D.Edits.clear();
  return *this;
}

DiagBuilder &DiagBuilder::noFix(llvm::StringRef Reason) {
  D.Edits.clear();
  // The first reason stands, as for an edit that could not be placed.
  if (!FixFailed) {
    FixFailed = true;
    FixFailure = Reason.str();
  }
  return *this;
}

/// The text of option \p Key of rule \p RuleName: the --rule-option value or
/// the declared default.
static std::string optionText(RuleContext &Ctx, llvm::StringRef RuleName,
                              llvm::StringRef Key) {
  const RuleInfo *R = findRule(RuleName);
  const OptionDecl *O = R ? findOption(*R, Key) : nullptr;
  assert(O && "a rule reads an option it does not declare");
  return Ctx.getOption(RuleName, Key, O ? O->Default : "");
}

/// The engine checked every value against its declared type at start-up, so
/// a parse error here is a rule reading an option with the wrong type.
template <typename T> static T parsed(llvm::Expected<T> V) {
  if (V)
    return std::move(*V);
  llvm::consumeError(V.takeError());
  assert(false && "a rule reads an option as a type it does not declare");
  return T();
}

template <> bool Rule::option<bool>(llvm::StringRef Key) const {
  return parsed(parseBoolOption(optionText(Ctx, Name, Key)));
}

template <>
std::vector<std::string>
Rule::option<std::vector<std::string>>(llvm::StringRef Key) const {
  return parsed(parseIdentifierListOption(optionText(Ctx, Name, Key)));
}

DiagBuilder Rule::diag(SourceLocation Loc, llvm::StringRef Message,
                       DiagLevel Level) {
  Diagnostic D;
  D.Rule = Name;
  D.Level = Level;
  D.Message = Message.str();
  Ctx.locate(Loc, D);
  return DiagBuilder(Ctx, std::move(D));
}

} // namespace cudalower

//===--- Emission.cpp - Writing the functor -------------------------------===//
//
// The functor's text from its plan, laid out with the file's .clang-format
// (the body moved verbatim, re-indented to its new depth), and the fix that
// places it, constructs it where the lambda was and removes retired locals.
//
//===----------------------------------------------------------------------===//

#include "Editing/FunctorLayout.h"
#include "Editing/IncludeInserter.h"
#include "Rules/LowerExtendedLambda/BranchStraddle.h"
#include "Rules/LowerExtendedLambda/LowerExtendedLambda.h"
#include "Rules/LowerExtendedLambda/Lowering.h"
#include "Rules/LowerExtendedLambda/PreprocessorBranches.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace cudalower {

namespace {

/// Makes \p Name a non-reserved identifier fragment: no leading `_`, no
/// `__` anywhere (both are reserved to the implementation).
std::string unreserve(std::string Name) {
  std::string Out;
  for (char C : Name) {
    if (C == '_' && (Out.empty() || Out.back() == '_'))
      continue;
    Out += C;
  }
  return Out.empty() ? "function" : Out;
}

} // namespace

std::string functorStem(const FunctionDecl &F) {
  if (isa<CXXConstructorDecl>(F))
    return "constructor";
  if (isa<CXXDestructorDecl>(F))
    return "destructor";
  if (isa<CXXConversionDecl>(F))
    return "conversion";
  if (OverloadedOperatorKind Op = F.getOverloadedOperator()) {
    if (Op == OO_Call)
      return "call_operator";
    if (Op == OO_Subscript)
      return "subscript_operator";
    return "operator";
  }
  return unreserve(F.getNameAsString());
}

namespace lowering {

namespace {

FunctorText writeFunctor(const LambdaPlan &P, llvm::StringRef Indent,
                         llvm::StringRef Unit, unsigned Ordinal) {
  std::string In = (Indent + Unit).str();
  std::string S;
  llvm::raw_string_ostream OS(S);
  const char *Kind = spaceName(P.Kind);
  OS << Indent << "// " << Kind << " lambda #" << Ordinal << " of ";
  // Every inclusion of a header that names the owner through a macro
  // writes this text: it names the macro.
  if (P.NameMacro.empty())
    P.Owner.printQualifiedName(OS, P.Policy);
  else
    OS << P.NameMacro;
  OS << (P.F ? "()" : "") << ", lowered by cuda-lower.\n";
  if (P.InUnnamedNamespace)
    OS << Indent << "namespace {\n";
  for (const std::string &H : P.OuterTemplateHeaders)
    OS << Indent << H << "\n";
  std::vector<std::string> Params = P.TemplateParams;
  if (P.SelfTemplate)
    Params.insert(Params.begin(), "class Self");
  if (!Params.empty())
    OS << Indent << "template <" << llvm::join(Params, ", ") << ">\n";
  OS << Indent << "struct " << (P.OutOfLineMember ? P.Qualifier : "")
     << P.Name << " {\n";
  for (const std::string &Local : P.CopiedLocals)
    OS << In << Local << "\n";
  for (const Member &M : P.Members)
    OS << In << M.Declaration << "\n";
  if (!P.FnPointerConversion.empty()) {
    llvm::SmallVector<llvm::StringRef, 4> Lines;
    llvm::StringRef(P.FnPointerConversion).split(Lines, '\n', -1, false);
    for (llvm::StringRef Line : Lines)
      OS << In << Line << "\n";
  }
  if (!P.CallTemplate.empty())
    OS << In << P.CallTemplate << "\n";
  OS << In << P.Space << " " << P.ReturnType << " operator()" << P.Params
     << P.Qualifiers << P.TrailingReturn << " ";
  FunctorText T;
  T.Before = std::move(S);
  T.After = "\n" + Indent.str() + "};\n";
  if (P.InUnnamedNamespace)
    T.After += Indent.str() + "} // namespace\n";
  T.After += "\n";
  return T;
}

/// Stands for the body while the functor's own text is formatted: the body
/// is moved verbatim, never reformatted.
constexpr llvm::StringLiteral BodyPlaceholder = "cuda_lower_body_placeholder();";

} // namespace

std::string functorCode(const LambdaPlan &P, llvm::StringRef Unit,
                        unsigned Ordinal, bool MultiLineBody) {
  FunctorText Raw = writeFunctor(P, "", Unit, Ordinal);
  // The trailing comment keeps a multi-line body from being joined onto the
  // signature's line, where a one-line body may stay.
  return Raw.Before + "{ " + BodyPlaceholder.str() +
         (MultiLineBody ? " //\n}" : " }") + Raw.After;
}

namespace {

/// The formatted functorCode cut at the body's braces; nullopt if the
/// placeholder body did not survive formatting.
std::optional<FunctorText> cutAtBody(llvm::StringRef F) {
  size_t At = F.find(BodyPlaceholder);
  size_t Open = At == llvm::StringRef::npos ? At : F.rfind('{', At);
  size_t Close = At == llvm::StringRef::npos ? At : F.find('}', At);
  if (Open == llvm::StringRef::npos || Close == llvm::StringRef::npos)
    return std::nullopt;
  FunctorText T;
  T.Before = F.take_front(Open).str();
  T.After = F.drop_front(Close + 1).rtrim().str() + "\n\n";
  return T;
}

/// How the body's lines move to the depth of operator(): the indentation of
/// its closing brace now, and that of the line the body starts on in the
/// functor (\p Before ends there). Both empty when the body stays as it is:
/// on one line, with code before its closing brace, or with text whose lines
/// a change of indentation would alter (raw strings, line continuations).
std::pair<std::string, std::string>
bodyReindent(const Stmt &Body, llvm::StringRef Before, const SourceText &Src) {
  SourceLocation Close = Body.getEndLoc();
  std::optional<std::string> Text = Src.text(Body.getSourceRange());
  if (!Text || !Src.spansLines(Body.getSourceRange()) ||
      Src.lineStartIfBlank(Close).isInvalid() ||
      llvm::StringRef(*Text).contains("R\"") ||
      llvm::StringRef(*Text).contains("\\\n"))
    return {};
  llvm::StringRef LastLine = Before.substr(Before.rfind('\n') + 1);
  std::string To = LastLine.take_while([](char C) {
                             return C == ' ' || C == '\t';
                           }).str();
  return {Src.indentOf(Close), To};
}

} // namespace

/// The stem of the functor's name: the function's, after its local class
/// if any (that functor lives at namespace scope), or the variable's.
std::string planStem(const LambdaPlan &P) {
  if (!P.F)
    return unreserve(P.Owner.getNameAsString());
  std::string Stem = functorStem(*P.F);
  // A class a macro defines names the test (gtest's Suite_Name_Test); its
  // function's name (TestBody) does not.
  if (P.MacroClass && P.MacroClass->getIdentifier())
    return unreserve(P.MacroClass->getNameAsString());
  if (P.LocalClass && P.LocalClass->getIdentifier())
    return unreserve(P.LocalClass->getNameAsString() + "_" + Stem);
  return Stem;
}

std::string ownerNameMacro(const LambdaPlan &P, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation NameLoc = P.Owner.getLocation();
  // Only the name may come from the macro: a declaration or a lambda that a
  // macro writes is placed by MacroPlacement, before the macro's use. The
  // stem must be the name itself (not a class's, not `operator`).
  if (!NameLoc.isMacroID() || P.Owner.getBeginLoc().isMacroID() ||
      P.L.getBeginLoc().isMacroID() || P.MacroClass || P.LocalClass ||
      !P.Owner.getIdentifier())
    return "";
  std::string Name = P.Owner.getNameAsString();
  if (unreserve(Name) != Name)
    return "";
  llvm::StringRef Text = Lexer::getSourceText(SM.getExpansionRange(NameLoc),
                                              SM, Ctx.getLangOpts());
  // One macro invocation on one line: `OP_NAME` or `KERNEL(add)`.
  if (Text.empty() || Text.contains('\n') ||
      !isAsciiIdentifierStart(Text.front()))
    return "";
  return Text.str();
}

std::string spelledFunctorName(const LambdaPlan &P, llvm::StringRef Stem,
                               llvm::StringRef UniqueName) {
  if (P.NameMacro.empty() || !UniqueName.starts_with(Stem))
    return UniqueName.str();
  return ("CUDALOWER_PASTE(" + P.NameMacro + ", " +
          UniqueName.substr(Stem.size()) + ")")
      .str();
}

/// The functor's type as the construction spells it: `run_lambda_1<T>`.
std::string functorType(const LambdaPlan &P) {
  std::vector<std::string> Args = P.TemplateArgs;
  if (P.SelfTemplate)
    Args.insert(Args.begin(),
                P.SelfArg.empty() ? P.Class->getNameAsString() : P.SelfArg);
  if (Args.empty())
    return P.Name;
  return P.Name + "<" + llvm::join(Args, ", ") + ">";
}

std::string construction(const LambdaPlan &P, const SourceManager &SM) {
  std::vector<std::string> Inits;
  for (const Member &M : P.Members)
    Inits.push_back(M.Init);
  std::string Text = functorType(P) + "{" + llvm::join(Inits, ", ") + "}";
  // In a macro argument a comma outside parentheses would split the
  // argument (braces and angle brackets do not protect it).
  bool InArgument = P.Expansion ? P.Expansion->inMacroArgument()
                                : isInMacroArgument(P.L.getBeginLoc(), SM);
  if (InArgument && Text.find(',') != std::string::npos)
    Text = "(" + Text + ")";
  return Text;
}

/// Includes each of \p Headers in the file that holds \p Loc, where every
/// fix puts an include line (identical insertions merge), unless the file
/// includes it already.
void includeHeaders(DiagBuilder &D, SourceLocation Loc,
                    llvm::ArrayRef<std::string> Headers,
                    const SourceManager &SM) {
  FileID File = SM.getFileID(SM.getFileLoc(Loc));
  IncludeInserter Includes(SM);
  for (const std::string &Header : Headers)
    if (auto I = Includes.insertion(File, Header))
      D.insert(I->Loc, I->Text);
}

/// The macro that pastes a functor's name from the macro that names its
/// owner (spelledFunctorName). Guarded, so that every header that needs it
/// may define it; added where the file's #include lines go, so that the
/// functors of one file share one definition.
void definePasteMacro(DiagBuilder &D, SourceLocation Loc,
                      const SourceManager &SM) {
  FileID File = SM.getFileID(SM.getFileLoc(Loc));
  llvm::StringRef Text = SM.getBufferData(File);
  if (Text.contains("#define CUDALOWER_PASTE("))
    return;
  // Before the functor even where it goes above the file's first line of
  // code (with the comment that leads that line).
  IncludeSite Site = findIncludeSite(Text);
  unsigned FunctorOffset = SM.getFileOffset(SM.getFileLoc(Loc));
  if (FunctorOffset < Site.Offset)
    Site = {FunctorOffset, false};
  D.insert(SM.getComposedLoc(File, Site.Offset),
           std::string(Site.NeedsNewline ? "\n" : "") +
               "#ifndef CUDALOWER_PASTE\n"
               "#define CUDALOWER_PASTE_(A, B) A##B\n"
               "#define CUDALOWER_PASTE(A, B) CUDALOWER_PASTE_(A, B)\n"
               "#endif\n");
}

} // namespace lowering

using namespace lowering;

LowerExtendedLambda::FunctorSite
LowerExtendedLambda::siteOf(const LambdaPlan &P) {
  ASTContext &Ctx = context().getASTContext();
  SourceText Src(Ctx);
  FunctorSite Site;
  Site.At = functorLocation(*P.Anchor, Ctx);
  Site.Indent = Src.indentOf(Site.At);
  Site.Unit = Src.indentUnit(Site.At);
  const SourceManager &SM = Ctx.getSourceManager();
  FileID File = SM.getFileID(SM.getFileLoc(Site.At));
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(File))
    if (const auto &Style =
            Layout.style(FE->getName(), SM.getBufferData(File), Site.Unit))
      Site.Style = &*Style;
  return Site;
}

void LowerExtendedLambda::emitPending() {
  // Functors laid out by one style at one depth are formatted together.
  // A file has few depths and one style: a list of groups is enough.
  struct Group {
    const format::FormatStyle *Style;
    llvm::StringRef Indent;
    std::vector<size_t> Members;
  };
  dropDivergentInclusions();
  std::vector<Group> Groups;
  std::vector<FunctorSite> Sites;
  for (size_t I = 0; I < Pending.size(); ++I)
    Sites.push_back(siteOf(*Pending[I].Plan));
  for (size_t I = 0; I < Pending.size(); ++I) {
    const FunctorSite &Site = Sites[I];
    if (!Site.Style)
      continue;
    auto It = llvm::find_if(Groups, [&](const Group &G) {
      return G.Style == Site.Style && G.Indent == Site.Indent;
    });
    if (It == Groups.end())
      It = Groups.insert(Groups.end(), {Site.Style, Site.Indent, {}});
    It->Members.push_back(I);
  }
  std::vector<std::optional<FunctorText>> Formatted(Pending.size());
  SourceText Src(context().getASTContext());
  for (const Group &G : Groups) {
    std::vector<std::string> Codes;
    for (size_t I : G.Members) {
      const LambdaPlan &P = *Pending[I].Plan;
      Codes.push_back(functorCode(
          P, Sites[I].Unit, Pending[I].Ordinal,
          Src.spansLines(P.L.getBody()->getSourceRange())));
    }
    std::vector<std::optional<std::string>> Out =
        formatEachAt(*G.Style, Codes, G.Indent);
    for (size_t K = 0; K < G.Members.size(); ++K)
      if (Out[K])
        Formatted[G.Members[K]] = cutAtBody(*Out[K]);
  }
  std::vector<const LambdaPlan *> Plans;
  for (const PendingFunctor &F : Pending)
    Plans.push_back(F.Plan.get());
  std::map<unsigned, std::string> UseTexts =
      macroUseTexts(Plans, context().getSourceManager());
  for (size_t I = 0; I < Pending.size(); ++I) {
    const LambdaPlan &P = *Pending[I].Plan;
    llvm::StringRef UseText;
    if (P.Expansion)
      UseText = UseTexts[P.Expansion->use().getBegin().getRawEncoding()];
    emit(P, Pending[I].Ordinal, Pending[I].Removals, Sites[I],
         std::move(Formatted[I]), UseText);
  }
  Pending.clear();
}

/// The edits that move the tail of a lambda leaving a conditional block
/// into each branch (BranchStraddle.h), but the one replacing the lambda:
/// what follows its construction is returned.
static std::string straddle(DiagBuilder &D, const LambdaPlan &P,
                            const SourceManager &SM) {
  const LambdaExpr &L = P.L;
  FileID File = SM.getFileID(writtenLocation(L.getBeginLoc(), SM));
  llvm::StringRef Text = SM.getBufferData(File);
  std::vector<unsigned> Directives;
  for (SourceLocation Loc : P.Straddled->Directives)
    Directives.push_back(SM.getFileOffset(Loc));
  SourceLocation Close = writtenLocation(L.getEndLoc(), SM);
  unsigned BodyBegin =
      SM.getFileOffset(writtenLocation(L.getBody()->getBeginLoc(), SM));
  StraddleEdits S =
      straddleEdits(Text, Directives, P.Straddled->HasElse, P.StraddledBranch,
                    BodyBegin, SM.getFileOffset(Close) + 1);
  SourceLocation Start = SM.getLocForStartOfFile(File);
  if (S.CutEnd > S.CutBegin) // in the body: the functor's copy only
    D.remove(CharSourceRange::getCharRange(Start.getLocWithOffset(S.CutBegin),
                                           Start.getLocWithOffset(S.CutEnd)));
  for (const auto &[Offset, Tail] : S.Inserts)
    D.insert(Start.getLocWithOffset(Offset), Tail);
  return S.AfterConstruction;
}

void LowerExtendedLambda::emit(const LambdaPlan &P, unsigned Ordinal,
                               const std::vector<CharSourceRange> &Removals,
                               const FunctorSite &Site,
                               std::optional<FunctorText> Formatted,
                               llvm::StringRef UseText) {
  ASTContext &Ctx = context().getASTContext();
  const LambdaExpr &L = P.L;
  const char *Kind = spaceName(P.Kind);
  SourceText Src(Ctx);
  SourceLocation At = Site.At;
  const std::string &Indent = Site.Indent;
  SourceLocation LineStart = Src.lineStartIfBlank(At);
  FunctorText Text =
      Formatted ? *Formatted : writeFunctor(P, Indent, Site.Unit, Ordinal);
  if (!P.Condition.empty()) {
    // Under its lambda's preprocessor branch: defined exactly where used.
    Text.Before = "#if " + P.Condition + "\n" + Text.Before;
    llvm::StringRef After = Text.After;
    Text.After = (After.drop_back(After.ends_with("\n\n") ? 1 : 0) +
                  "#endif\n\n")
                     .str();
  }
  auto [IndentFrom, IndentTo] = bodyReindent(*L.getBody(), Text.Before, Src);
  std::string Before = Text.Before;
  // A nested functor must be public to be a kernel template argument.
  bool NeedsAccess = P.Class && !P.OutOfLineMember &&
                     P.F->getAccess() != AS_public;
  // Right after its own `private:` label, the function keeps the label: the
  // functor goes above it, under `public:`, and needs no label after it.
  OwnAccessLabel Own = NeedsAccess ? labelRightBefore(*P.Class, *P.F)
                                   : OwnAccessLabel{};
  const AccessSpecDecl *OwnLabel = Own.Label;
  if (OwnLabel && Src.lineStartIfBlank(OwnLabel->getBeginLoc()).isInvalid())
    OwnLabel = nullptr;
  if (OwnLabel)
    LineStart = At = Src.lineStartIfBlank(OwnLabel->getBeginLoc());
  if (LineStart.isValid()) {
    At = LineStart;
  } else {
    Before = "\n" + Before;
  }
  std::string After = Text.After + (LineStart.isValid() ? "" : Indent);
  if (NeedsAccess) {
    std::string Label = Src.indentOf(P.Class->getBeginLoc());
    if (!OwnLabel || Own.Above != AS_public)
      Before = Label + "public:\n" + Before;
    if (!OwnLabel)
      After += Label +
               (P.F->getAccess() == AS_private ? "private:\n"
                                               : "protected:\n");
  }

  const SourceManager &SM = Ctx.getSourceManager();
  std::optional<MacroBody> FromMacro;
  if (P.Expansion && !(FromMacro = macroBody(P))) {
    LambdaStays = true;
    diag(L.getBeginLoc(),
         llvm::formatv("{0} lambda not lowered: its body could not be read "
                       "from the expansion of '{1}'; expand the macro or "
                       "lower the lambda by hand",
                       Kind, P.Expansion->macroName())
             .str(),
         DiagLevel::Error);
    return;
  }
  auto D = diag(L.getBeginLoc(),
                llvm::formatv("{0} lambda lowered to functor '{1}'{2}{3}", Kind,
                              P.Name, P.ThisNote, expansionNote(P))
                    .str());
  if (!FromMacro) {
    D.insertCopy(At, Before,
                 CharSourceRange::getTokenRange(L.getBody()->getSourceRange()),
                 After, IndentFrom, IndentTo);
    for (const auto &[Range, Repl] : P.BodyEdits)
      D.replace(Range, Repl);
    std::string After = P.Straddled ? straddle(D, P, SM) : "";
    D.replace(CharSourceRange::getTokenRange(L.getSourceRange()),
              construction(P, SM) + After);
  } else {
    if (FromMacro->Copied)
      D.insertCopy(At, Before + FromMacro->Before, *FromMacro->Copied,
                   FromMacro->After + After, "", "");
    else
      D.insert(At, Before + FromMacro->Before + After);
    for (const auto &[Range, Repl] : FromMacro->CopiedEdits)
      D.replace(Range, Repl);
    D.replace(P.Expansion->use(), UseText);
  }
  includeHeaders(D, writtenLocation(L.getBeginLoc(), SM), P.Headers, SM);
  if (!P.NameMacro.empty())
    definePasteMacro(D, At, SM);
  for (const CharSourceRange &R : Removals)
    D.remove(R);
  if (P.OutOfLineMember) {
    // Declare the nested functor in the class, next to the function.
    const FunctionDecl *InClass = P.F->getCanonicalDecl();
    SourceLocation DeclAt = functorLocation(*InClass, Ctx);
    std::string DIndent = Src.indentOf(DeclAt);
    std::string Decl = DIndent;
    if (!P.TemplateParams.empty())
      Decl += "template <" + llvm::join(P.TemplateParams, ", ") + "> ";
    Decl += "struct " + P.Name + ";\n";
    if (InClass->getAccess() != AS_public) {
      std::string Label = Src.indentOf(P.Class->getBeginLoc());
      Decl = Label + "public:\n" + Decl + Label +
             (InClass->getAccess() == AS_private ? "private:\n"
                                                 : "protected:\n");
    }
    SourceLocation DeclLine = Src.lineStartIfBlank(DeclAt);
    if (DeclLine.isValid())
      D.insert(DeclLine, Decl);
    else
      D.insert(DeclAt, "\n" + Decl);
  }
}

} // namespace cudalower

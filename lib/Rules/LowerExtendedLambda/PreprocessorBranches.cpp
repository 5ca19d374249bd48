//===--- PreprocessorBranches.cpp - Conditional blocks of a parse ---------===//

#include "Rules/LowerExtendedLambda/PreprocessorBranches.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

using namespace clang;

namespace cudalower::lowering {

std::string cleanCondition(llvm::StringRef Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text.substr(I).starts_with("\\\n")) {
      ++I;
      continue;
    }
    if (Text.substr(I).starts_with("//"))
      break;
    if (Text.substr(I).starts_with("/*")) {
      size_t End = Text.find("*/", I + 2);
      if (End == llvm::StringRef::npos)
        break;
      I = End + 1;
      Out += ' ';
      continue;
    }
    Out += Text[I];
  }
  return llvm::StringRef(Out).trim().str();
}

std::vector<std::string> conditionWords(llvm::StringRef Condition) {
  std::vector<std::string> Words;
  std::string Word;
  auto Flush = [&] {
    if (!Word.empty() && Word != "defined")
      Words.push_back(Word);
    Word.clear();
  };
  for (char C : Condition) {
    if (llvm::isAlnum(C) || C == '_')
      Word += C;
    else
      Flush();
  }
  Flush();
  return Words;
}

namespace {

/// `__CUDA_ARCH__` -> `CUDA_ARCH`: no leading, trailing or doubled `_`.
std::string tagWord(llvm::StringRef Word) {
  std::string Out;
  for (char C : Word) {
    if (C == '_' && (Out.empty() || Out.back() == '_'))
      continue;
    Out += C;
  }
  while (!Out.empty() && Out.back() == '_')
    Out.pop_back();
  return Out;
}

std::string tagOf(llvm::StringRef Condition) {
  std::vector<std::string> Parts;
  if (Condition.starts_with("!") && !Condition.starts_with("!="))
    Parts.push_back("not");
  for (const std::string &W : conditionWords(Condition))
    if (std::string T = tagWord(W); !T.empty())
      Parts.push_back(T);
  std::string Tag = llvm::join(Parts, "_");
  return Tag.size() > 40 ? Tag.substr(0, 40) : Tag;
}

std::string defined(const Token &Name) {
  return "defined(" + Name.getIdentifierInfo()->getName().str() + ")";
}

} // namespace

std::string PreprocessorBranches::conditionText(SourceLocation Begin) const {
  // The reported range may stop before the last token: read to the end of
  // the directive's line (and its continuations) instead.
  // A condition that starts with a macro reports its expansion.
  Begin = SM.getExpansionLoc(Begin);
  if (Begin.isInvalid())
    return "";
  auto [FID, Offset] = SM.getDecomposedLoc(Begin);
  llvm::StringRef Buf = SM.getBufferData(FID);
  size_t End = Offset;
  while (End < Buf.size() &&
         (Buf[End] != '\n' || (End > 0 && Buf[End - 1] == '\\')))
    ++End;
  return cleanCondition(Buf.slice(Offset, End));
}

void PreprocessorBranches::open(SourceLocation Loc,
                                std::optional<std::string> Condition) {
  Stack.push_back({});
  next(Loc, std::move(Condition));
}

void PreprocessorBranches::next(SourceLocation Loc,
                                std::optional<std::string> Condition) {
  if (Stack.empty())
    return;
  Block &B = Stack.back();
  B.Directives.Directives.push_back(Loc);
  B.Directives.HasElse |= !Condition;
  if (B.Open.Begin.isValid()) {
    B.Open.End = Loc;
    record(B.Open);
  }
  // Taken when no earlier branch was and this one's condition holds.
  bool Known = std::none_of(B.Previous.begin(), B.Previous.end(),
                            [](const std::string &C) { return C.empty(); });
  std::vector<std::string> Terms;
  std::string Tag = Condition ? "" : "not";
  for (const std::string &C : B.Previous) {
    Terms.push_back("!(" + C + ")");
    if (!Condition) {
      // `#ifndef X ... #else`: the else branch is `X`, not `not_not_X`.
      std::string Prev = tagOf(C);
      Tag = llvm::StringRef(Prev).starts_with("not_") && B.Previous.size() == 1
                ? Prev.substr(4)
                : Tag + "_" + Prev;
    }
  }
  if (Condition) {
    Terms.push_back(Terms.empty() ? *Condition : "(" + *Condition + ")");
    Tag = tagOf(*Condition);
  }
  if (Tag.empty() || Tag == "not" ||
      std::find(B.Tags.begin(), B.Tags.end(), Tag) != B.Tags.end())
    Tag += (Tag.empty() ? "branch" : "_") + std::to_string(B.Tags.size() + 1);
  B.Open = {Loc, SourceLocation(),
            Known && (!Condition || !Condition->empty())
                ? llvm::join(Terms, " && ")
                : "",
            Tag};
  B.Tags.push_back(Tag);
  if (Condition)
    B.Previous.push_back(*Condition);
}

void PreprocessorBranches::close(SourceLocation Loc) {
  if (Stack.empty())
    return;
  Block &B = Stack.back();
  B.Open.End = Loc;
  record(B.Open);
  B.Directives.Directives.push_back(Loc);
  // A block of one file only: the directives of a block cannot come from
  // a macro expansion.
  const std::vector<SourceLocation> &D = B.Directives.Directives;
  if (std::all_of(D.begin(), D.end(), [&](SourceLocation L) {
        return L.isFileID() && SM.getFileID(L) == SM.getFileID(D.front());
      }))
    BlocksByFile[SM.getFileID(D.front())].push_back(std::move(B.Directives));
  Stack.pop_back();
}

void PreprocessorBranches::record(const PPBranch &B) {
  // A branch in a macro expansion holds no file location (see holds).
  if (B.Begin.isFileID() && B.End.isFileID())
    BranchesByFile[SM.getFileID(B.Begin)].push_back(B);
}

void PreprocessorBranches::If(SourceLocation Loc, SourceRange Range,
                              ConditionValueKind) {
  open(Loc, conditionText(Range.getBegin()));
}
void PreprocessorBranches::Ifdef(SourceLocation Loc, const Token &Name,
                                 const MacroDefinition &) {
  open(Loc, defined(Name));
}
void PreprocessorBranches::Ifndef(SourceLocation Loc, const Token &Name,
                                  const MacroDefinition &) {
  open(Loc, "!" + defined(Name));
}
void PreprocessorBranches::Elif(SourceLocation Loc, SourceRange Range,
                                ConditionValueKind, SourceLocation) {
  next(Loc, conditionText(Range.getBegin()));
}
void PreprocessorBranches::Elifdef(SourceLocation Loc, const Token &Name,
                                   const MacroDefinition &) {
  next(Loc, defined(Name));
}
void PreprocessorBranches::Elifdef(SourceLocation Loc, SourceRange,
                                   SourceLocation) {
  next(Loc, std::string()); // skipped: the condition is not known
}
void PreprocessorBranches::Elifndef(SourceLocation Loc, const Token &Name,
                                    const MacroDefinition &) {
  next(Loc, "!" + defined(Name));
}
void PreprocessorBranches::Elifndef(SourceLocation Loc, SourceRange,
                                    SourceLocation) {
  next(Loc, std::string());
}
void PreprocessorBranches::Else(SourceLocation Loc, SourceLocation) {
  next(Loc, std::nullopt);
}
void PreprocessorBranches::Endif(SourceLocation Loc, SourceLocation) {
  close(Loc);
}
void PreprocessorBranches::MacroDefined(const Token &Name,
                                        const MacroDirective *) {
  MacroChanges.push_back(
      {Name.getIdentifierInfo()->getName().str(), Name.getLocation()});
}
void PreprocessorBranches::MacroUndefined(const Token &Name,
                                          const MacroDefinition &,
                                          const MacroDirective *) {
  MacroChanges.push_back(
      {Name.getIdentifierInfo()->getName().str(), Name.getLocation()});
}

bool PreprocessorBranches::holds(const PPBranch &B, SourceLocation Loc) const {
  return B.Begin.isFileID() && B.End.isFileID() &&
         SM.getFileID(B.Begin) == SM.getFileID(Loc) &&
         SM.isPointWithin(Loc, B.Begin, B.End);
}

BranchCondition
PreprocessorBranches::conditionBetween(SourceLocation Place,
                                       SourceLocation Use) const {
  // Only the branches of Use's own file can hold it: the toolkit's headers
  // hold thousands that no lambda of the user's file is in.
  std::vector<const PPBranch *> Holding;
  auto InFile = BranchesByFile.find(SM.getFileID(Use));
  if (InFile != BranchesByFile.end())
    for (const PPBranch &B : InFile->second)
      if (holds(B, Use) && !holds(B, Place))
        Holding.push_back(&B);
  std::sort(Holding.begin(), Holding.end(),
            [&](const PPBranch *A, const PPBranch *B) {
              return SM.isBeforeInTranslationUnit(A->Begin, B->Begin);
            });
  BranchCondition Out;
  std::vector<std::string> Conditions, Tags;
  for (const PPBranch *B : Holding) {
    if (B->Condition.empty()) {
      Out.Problem = "its preprocessor branch has a condition this tool "
                    "cannot write";
      return Out;
    }
    // The functor's `#if` is evaluated before the function: the macros the
    // condition names must mean the same there.
    for (const std::string &W : conditionWords(B->Condition))
      for (const auto &[Name, Loc] : MacroChanges)
        if (Name == W && SM.isBeforeInTranslationUnit(Place, Loc) &&
            SM.isBeforeInTranslationUnit(Loc, B->Begin)) {
          Out.Problem = "the macro '" + W + "' that its preprocessor "
                        "branch tests changes inside the function";
          return Out;
        }
    Conditions.push_back(Holding.size() > 1 ? "(" + B->Condition + ")"
                                            : B->Condition);
    Tags.push_back(B->Tag);
  }
  Out.Condition = llvm::join(Conditions, " && ");
  Out.Tag = llvm::join(Tags, "_");
  return Out;
}

StraddledBlock PreprocessorBranches::straddled(SourceLocation Begin,
                                               SourceLocation End) const {
  StraddledBlock Out;
  auto InFile = BlocksByFile.find(SM.getFileID(Begin));
  if (InFile == BlocksByFile.end())
    return Out;
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  };
  for (const PPBlock &B : InFile->second) {
    const std::vector<SourceLocation> &D = B.Directives;
    auto FirstAfter = std::find_if(
        D.begin(), D.end(), [&](SourceLocation L) { return Before(Begin, L); });
    if (FirstAfter == D.end() || !Before(*FirstAfter, End))
      continue; // no directive of the block inside the text
    bool BeginsInBranch = FirstAfter != D.begin();
    bool EndsAfterBlock = Before(D.back(), End);
    if (!BeginsInBranch && EndsAfterBlock)
      continue; // the whole block inside the text
    if (!BeginsInBranch || !EndsAfterBlock || Out.Block) {
      // Lambdas that begin before a block and end in it, or end in
      // another branch, or leave two blocks, are rare enough to be
      // lowered by hand.
      Out.Problem = "its text crosses the preprocessor conditional at line " +
                    std::to_string(SM.getPresumedLineNumber(D.front()));
      if (Out.Block)
        Out.Problem +=
            " and the one at line " + std::to_string(SM.getPresumedLineNumber(
                                          Out.Block->Directives.front()));
      Out.Block = nullptr;
      return Out;
    }
    Out.Block = &B;
    Out.Branch = static_cast<unsigned>(FirstAfter - D.begin() - 1);
  }
  return Out;
}

} // namespace cudalower::lowering

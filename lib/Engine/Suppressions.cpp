//===--- Suppressions.cpp - `// cuda-lower: ignore` comments --------------===//

#include "Engine/Suppressions.h"
#include "Engine/Ownership.h"
#include "clang/Basic/SourceManager.h"

namespace cudalower {
namespace {

enum class Kind { ThisLine, NextLine, Begin, End };

struct Directive {
  Kind K;
  std::string RuleList; ///< As written between the parentheses.
  unsigned Line, Column, Offset;
};

/// The directive in the comment on \p Line, if any: `cuda-lower:` after
/// `//` or `/*`, then a directive word and an optional `(rules)`.
/// \returns false if there is none; sets \p Error for a malformed one.
bool readDirective(llvm::StringRef Line, Directive &D, std::string &Error) {
  size_t Comment = std::min(Line.find("//"), Line.find("/*"));
  if (Comment == llvm::StringRef::npos)
    return false;
  size_t At = Line.find("cuda-lower:", Comment);
  if (At == llvm::StringRef::npos)
    return false;
  D.Column = At + 1;
  llvm::StringRef Rest = Line.substr(At + strlen("cuda-lower:")).ltrim();
  llvm::StringRef Word =
      Rest.take_while([](char C) { return llvm::isAlnum(C) || C == '-'; });
  Rest = Rest.drop_front(Word.size());
  if (Word == "ignore")
    D.K = Kind::ThisLine;
  else if (Word == "ignore-next-line")
    D.K = Kind::NextLine;
  else if (Word == "ignore-begin")
    D.K = Kind::Begin;
  else if (Word == "ignore-end")
    D.K = Kind::End;
  else {
    Error = "unknown cuda-lower directive '" + Word.str() +
            "' (ignore, ignore-next-line, ignore-begin or ignore-end)";
    return true;
  }
  if (Rest.consume_front("(")) {
    size_t Close = Rest.find(')');
    if (Close == llvm::StringRef::npos) {
      Error = "missing ')' after the rule list of 'cuda-lower: " +
              Word.str() + "'";
      return true;
    }
    D.RuleList = Rest.take_front(Close).trim().str();
  }
  return true;
}

Diagnostic problem(llvm::StringRef File, const Directive &At,
                   llvm::StringRef SourceLine, std::string Message) {
  Diagnostic D;
  D.Rule = SuppressionRule.str();
  D.Level = DiagLevel::Error;
  D.File = File.str();
  D.Offset = At.Offset;
  D.Line = At.Line;
  D.Column = At.Column;
  D.SourceLine = SourceLine.str();
  D.Message = std::move(Message);
  return D;
}

} // namespace

SuppressionDirectives SuppressionDirectives::scan(llvm::StringRef File,
                                                  llvm::StringRef Text) {
  SuppressionDirectives Out;
  std::vector<std::pair<Directive, std::string>> Open; // with its source line
  unsigned LineNo = 0;
  for (size_t Start = 0; Start <= Text.size();) {
    size_t End = Text.find('\n', Start);
    if (End == llvm::StringRef::npos)
      End = Text.size();
    llvm::StringRef Line = Text.slice(Start, End).rtrim('\r');
    ++LineNo;
    Directive D;
    std::string Error;
    if (Line.contains("cuda-lower:") && readDirective(Line, D, Error)) {
      D.Line = LineNo;
      D.Offset = Start + D.Column - 1;
      auto Rules = RuleGlobs::parse(D.RuleList);
      if (!Error.empty() || !Rules) {
        if (!Rules)
          Error = toString(Rules.takeError());
        Out.Problems.push_back(problem(File, D, Line, Error));
      } else if (D.K == Kind::ThisLine || D.K == Kind::NextLine) {
        unsigned L = LineNo + (D.K == Kind::NextLine);
        Out.Spans.push_back({L, L, std::move(*Rules)});
      } else if (D.K == Kind::Begin) {
        Open.push_back({D, Line.str()});
      } else {
        auto Match = std::find_if(Open.rbegin(), Open.rend(), [&](auto &B) {
          return B.first.RuleList == D.RuleList;
        });
        if (Match == Open.rend()) {
          Out.Problems.push_back(problem(
              File, D, Line,
              "'cuda-lower: ignore-end' without a matching ignore-begin"));
        } else {
          Out.Spans.push_back({Match->first.Line, LineNo, std::move(*Rules)});
          Open.erase(std::next(Match).base());
        }
      }
    }
    Start = End + 1;
  }
  for (auto &[B, Line] : Open)
    Out.Problems.push_back(problem(
        File, B, Line,
        "'cuda-lower: ignore-begin' without a matching ignore-end; nothing "
        "after it is suppressed"));
  return Out;
}

bool SuppressionDirectives::suppresses(unsigned Line,
                                       llvm::StringRef Rule) const {
  for (const Span &S : Spans)
    if (S.First <= Line && Line <= S.Last &&
        (S.Rules.empty() || S.Rules.contains(Rule)))
      return true;
  return false;
}

const SuppressionDirectives &
SuppressionFilter::directivesOf(const std::string &File,
                                const clang::SourceManager &SM) {
  auto It = Files.find(File);
  if (It != Files.end())
    return It->second;
  std::optional<llvm::StringRef> Text = loadedTextOf(SM, File);
  return Files[File] =
             SuppressionDirectives::scan(File, Text ? *Text : llvm::StringRef());
}

bool SuppressionFilter::suppresses(const Diagnostic &D,
                                   const clang::SourceManager &SM) {
  return directivesOf(D.File, SM).suppresses(D.Line, D.Rule);
}

std::vector<Diagnostic>
SuppressionFilter::takeProblems(const clang::SourceManager &SM) {
  directivesOf(canonicalPathOf(SM, SM.getLocForStartOfFile(SM.getMainFileID())),
               SM);
  std::vector<Diagnostic> Out;
  for (auto &Entry : Files)
    if (!Reported[Entry.getKey()]) {
      Reported[Entry.getKey()] = true;
      llvm::append_range(Out, Entry.getValue().problems());
    }
  return Out;
}

} // namespace cudalower

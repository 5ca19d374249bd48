//===--- IncludeSite.cpp - Where a new #include line goes -----------------===//

#include "Editing/IncludeSite.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include <optional>
#include <vector>

using namespace clang;

namespace cudalower {

namespace {
/// The preprocessor directives of a file, and where its code starts.
struct DirectiveScan {
  struct Directive {
    llvm::StringRef Name;   // "include", "define", "if", ...
    llvm::StringRef Target; // for include: the header between <> or ""
    llvm::StringRef Macro;  // for ifndef and define: the name
    bool Angled = false;    // for include: between <>
    unsigned LineEnd;       // offset just past the directive's line
    unsigned Branch;        // the conditional branch it is in (0: none)
  };
  std::vector<Directive> Directives;
  unsigned CodeStart = 0;   // offset of the first line of code
  /// The branches around that line, outermost (0) first (the last is the
  /// line's own), and where the #if of each conditional that opened them
  /// starts.
  std::vector<unsigned> CodeBranches;
  std::vector<unsigned> CodeGroupStarts;
  bool HasCode = false;
};
} // namespace

/// Offset of the start of the line holding \p Offset.
static unsigned lineStart(llvm::StringRef Text, unsigned Offset) {
  size_t NL = Text.take_front(Offset).rfind('\n');
  return NL == llvm::StringRef::npos ? 0 : NL + 1;
}

static DirectiveScan scanDirectives(llvm::StringRef Text) {
  DirectiveScan Out;
  LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus17 = true;
  Lexer Lex(SourceLocation::getFromRawEncoding(1), LO, Text.begin(),
            Text.begin(), Text.end());
  auto OffsetOf = [&](const Token &T) {
    return T.getLocation().getRawEncoding() - 1;
  };
  // Each #if opens a branch, #elif/#else replace it, #endif closes it; a
  // branch is named by a counter, so equal numbers mean the same branch.
  std::vector<unsigned> Open = {0};
  std::vector<unsigned> GroupStart = {0}; // per entry of Open: its #if line
  unsigned NextBranch = 1;
  Token Tok;
  Lex.LexFromRawLexer(Tok);
  while (Tok.isNot(tok::eof)) {
    if (!(Tok.is(tok::hash) && Tok.isAtStartOfLine())) {
      if (!Out.HasCode) {
        Out.HasCode = true;
        Out.CodeStart = lineStart(Text, OffsetOf(Tok));
        Out.CodeBranches = Open;
        Out.CodeGroupStarts = GroupStart;
      }
      Lex.LexFromRawLexer(Tok);
      continue;
    }
    DirectiveScan::Directive D;
    unsigned HashLine = lineStart(Text, OffsetOf(Tok));
    Lex.LexFromRawLexer(Tok);
    unsigned NameEnd = OffsetOf(Tok) + Tok.getLength();
    if (Tok.is(tok::raw_identifier) && !Tok.isAtStartOfLine())
      D.Name = Tok.getRawIdentifier();
    // Skip to the next line: the raw lexer joins escaped newlines.
    unsigned LastEnd = NameEnd;
    while (Tok.isNot(tok::eof)) {
      Lex.LexFromRawLexer(Tok);
      if (Tok.isAtStartOfLine() || Tok.is(tok::eof))
        break;
      if (D.Macro.empty() && LastEnd == NameEnd && Tok.is(tok::raw_identifier))
        D.Macro = Tok.getRawIdentifier();
      LastEnd = OffsetOf(Tok) + Tok.getLength();
    }
    size_t NL = Text.find('\n', LastEnd);
    D.LineEnd = NL == llvm::StringRef::npos ? Text.size() : NL + 1;
    if (D.Name == "include") {
      llvm::StringRef Rest = Text.slice(NameEnd, D.LineEnd).trim();
      char Close = Rest.starts_with("<") ? '>' : '"';
      if (Rest.size() > 1 && (Rest[0] == '<' || Rest[0] == '"')) {
        D.Target = Rest.drop_front().take_until([&](char C) { return C == Close; });
        D.Angled = Close == '>';
      }
    }
    if (D.Name == "if" || D.Name == "ifdef" || D.Name == "ifndef") {
      Open.push_back(NextBranch++);
      GroupStart.push_back(HashLine);
    } else if (D.Name == "elif" || D.Name == "else" || D.Name == "elifdef" ||
               D.Name == "elifndef") {
      Open.back() = NextBranch++;
    } else if (D.Name == "endif" && Open.size() > 1) {
      Open.pop_back();
      GroupStart.pop_back();
    }
    D.Branch = Open.back();
    Out.Directives.push_back(D);
  }
  return Out;
}

/// The branch of the file's include guard (`#ifndef G` and `#define G` as
/// its first two directives), else 0: the file's top level.
static unsigned guardBranch(const DirectiveScan &Scan) {
  const auto &Ds = Scan.Directives;
  if (Ds.size() < 2 || Ds[0].Name != "ifndef" || Ds[1].Name != "define" ||
      Ds[0].Macro.empty() || Ds[0].Macro != Ds[1].Macro)
    return 0;
  return Ds[1].Branch;
}

/// Where the insertion must come before: the first line of code, or, when
/// that line sits in a conditional inside \p Branch (`#ifndef
/// PUBLIC_INCLUDE` / `static_assert(...)` / `#endif` before the guard), the
/// #if of that conditional, which may well be skipped.
static unsigned insertionLimit(const DirectiveScan &Scan, unsigned Branch,
                               unsigned TextSize) {
  if (!Scan.HasCode)
    return TextSize;
  const std::vector<unsigned> &Around = Scan.CodeBranches;
  for (size_t I = 0; I + 1 < Around.size(); ++I)
    if (Around[I] == Branch)
      return Scan.CodeGroupStarts[I + 1];
  return Scan.CodeStart;
}

IncludeSite findIncludeSite(llvm::StringRef FileText) {
  DirectiveScan Scan = scanDirectives(FileText);
  // The include goes where the file's code is compiled: inside its guard,
  // else at its top level, never into a conditional of its own.
  unsigned Branch = guardBranch(Scan);
  if (Scan.HasCode &&
      llvm::find(Scan.CodeBranches, Branch) == Scan.CodeBranches.end())
    Branch = Scan.CodeBranches.back(); // code outside the guard
  unsigned Limit = insertionLimit(Scan, Branch, FileText.size());
  std::optional<unsigned> LastInclude, LastDirective;
  for (const auto &D : Scan.Directives) {
    if (D.LineEnd > Limit || D.Branch != Branch)
      continue;
    // A conditional's own line belongs to the enclosing branch; only lines
    // inside the code's branch can anchor an insertion.
    if (D.Name == "if" || D.Name == "ifdef" || D.Name == "ifndef" ||
        D.Name == "elif" || D.Name == "else" || D.Name == "endif")
      continue;
    LastDirective = D.LineEnd;
    if (D.Name == "include")
      LastInclude = D.LineEnd;
  }
  IncludeSite Site;
  if (LastInclude || LastDirective)
    Site.Offset = LastInclude ? *LastInclude : *LastDirective;
  else
    Site.Offset = Scan.HasCode ? Limit : 0;
  Site.NeedsNewline = Site.Offset > 0 && FileText[Site.Offset - 1] != '\n';
  return Site;
}

std::vector<std::string> leadingAngledIncludes(llvm::StringRef FileText) {
  DirectiveScan Scan = scanDirectives(FileText);
  unsigned Limit = Scan.HasCode ? Scan.CodeStart : FileText.size();
  std::vector<std::string> Headers;
  for (const auto &D : Scan.Directives) {
    if (D.Name != "include" || !D.Angled || D.Target.empty() ||
        D.Branch != 0 || D.LineEnd > Limit)
      break;
    Headers.push_back(D.Target.str());
  }
  return Headers;
}

std::string includeLine(const IncludeSite &Site, llvm::StringRef Header,
                        llvm::StringRef Comment) {
  std::string Line = Site.NeedsNewline ? "\n" : "";
  Line += "#include <" + Header.str() + ">";
  if (!Comment.empty())
    Line += " // " + Comment.str();
  return Line + "\n";
}

bool includesHeader(llvm::StringRef FileText, llvm::StringRef Header) {
  for (const auto &D : scanDirectives(FileText).Directives)
    if (D.Name == "include" && D.Target == Header)
      return true;
  return false;
}

} // namespace cudalower

//===--- PreScan.cpp - Whether a translation unit may need lowering -------===//
//
// The pre-scan is what makes the wrapper cost nothing on files that need no
// lowering: it reads the project's files with Clang's raw lexer, a few
// milliseconds, instead of parsing the TU with the toolkit's headers. It
// must never answer "nothing to do" for code a rule would rewrite, so every
// trigger is wider than the rule it stands for.
//
//===----------------------------------------------------------------------===//

#include "Wrapper/PreScan.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace cudalower {

namespace {

constexpr const char *ComputedInclude = "has an #include whose name is a macro";

/// Identifiers that are enough alone.
const char *reasonForIdentifier(llvm::StringRef Id) {
  return llvm::StringSwitch<const char *>(Id)
      .Case("std", "uses std")
      .Case("constexpr", "has constexpr")
      .Case("_Pragma", "has _Pragma")
      .Cases({"__nv_is_extended_device_lambda_closure_type",
              "__nv_is_extended_host_device_lambda_closure_type",
              "__nv_is_extended_device_lambda_with_preserved_return_type"},
             "uses nvcc's lambda traits")
      .Cases({"__CUDACC_EXTENDED_LAMBDA__", "__CUDACC_RELAXED_CONSTEXPR__"},
             "tests the flags' macros")
      .Default(nullptr);
}

/// Parts of macro names that say "host or device side".
constexpr llvm::StringLiteral PassWords[] = {
    "ARCH", "DEVICE_CODE", "HOST_CODE", "DEVICE_COMPILATION",
    "HOST_COMPILATION", "ON_DEVICE", "ON_HOST", "IS_DEVICE", "IS_HOST",
    "NV_IF_", "NV_DISPATCH", "NV_PROVIDES", "NV_NO_TARGET", "TARGET"};

} // namespace

bool mayDifferBetweenPasses(llvm::StringRef Id) {
  // Lower-case identifiers (`__device__`, `arch`) are no such macro.
  if (Id.size() < 4 || llvm::any_of(Id, [](char C) { return llvm::isLower(C); }))
    return false;
  return llvm::any_of(PassWords, [&](llvm::StringRef Word) {
    return Id.contains(Word);
  });
}

namespace {

/// Walks one file's raw tokens.
class TextScanner {
public:
  TextScanner(llvm::StringRef Text, ScannedText &Out)
      : Text(Text), Out(Out), Includes(Out.Includes),
        Lex(clang::SourceLocation(), langOptions(), Text.begin(),
            Text.begin(), Text.end()) {}

  /// Reads the whole file: the first reason, and every include.
  void run() {
    lexNext();
    while (Cur.isNot(clang::tok::eof)) {
      const char *Before = Lex.getBufferLocation();
      std::string Why = step();
      if (Why.empty())
        continue;
      if (Out.Reason.empty())
        Out.Reason = std::to_string(lineOf(Cur)) + ": " + Why;
      if (Lex.getBufferLocation() == Before)
        lexNext(); // a reason found at the current token: move on
    }
  }

private:
  static clang::LangOptions langOptions() {
    clang::LangOptions LO;
    LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
    LO.LineComment = true;
    return LO;
  }

  void lexNext() {
    Prev2 = Prev;
    Prev = Cur;
    Lex.LexFromRawLexer(Cur);
  }

  llvm::StringRef identifier(const clang::Token &T) const {
    return T.is(clang::tok::raw_identifier) ? T.getRawIdentifier()
                                            : llvm::StringRef();
  }

  unsigned lineOf(const clang::Token &T) const {
    size_t Offset = T.getLocation().getRawEncoding() -
                    clang::SourceLocation().getRawEncoding();
    Offset = std::min(Offset, Text.size());
    return Text.take_front(Offset).count('\n') + 1;
  }

  /// Reads from the current token on; returns a reason or "".
  std::string step() {
    if (Cur.is(clang::tok::hash) && Cur.isAtStartOfLine())
      return directive();
    if (Cur.is(clang::tok::l_square)) {
      Brackets.push_back(identifier(Prev));
      lexNext();
      return "";
    }
    if (Cur.is(clang::tok::r_square))
      return afterSquare();
    llvm::StringRef Id = identifier(Cur);
    if (mayDifferBetweenPasses(Id))
      needBothPasses(Cur, "uses " + Id.str());
    if (const char *Why = reasonForIdentifier(Id))
      return Why;
    if (Id == "default" && Prev.is(clang::tok::equal))
      return "has '= default'";
    if (Id == "auto" && Prev.is(clang::tok::l_paren) &&
        identifier(Prev2) == "decltype")
      return hostPassReason("has decltype(auto)");
    lexNext();
    if (Id == "auto" && Cur.is(clang::tok::raw_identifier)) {
      if (const char *Why = reasonForIdentifier(identifier(Cur)))
        return Why;
      lexNext();
      if (Cur.is(clang::tok::l_paren))
        return hostPassReason("has a deduced return type");
    }
    return "";
  }

  /// Records the first reason the host pass is needed too.
  void needBothPasses(const clang::Token &At, llvm::StringRef Why) {
    if (Out.BothPassesReason.empty())
      Out.BothPassesReason = std::to_string(lineOf(At)) + ": " + Why.str();
  }

  /// A reason to lower that only a host-pass rule acts on
  /// (exec-space-deduced-return).
  std::string hostPassReason(const char *Why) {
    needBothPasses(Cur, Why);
    return Why;
  }

  /// After `]`: a lambda introducer is followed by `{`, `(params)`,
  /// an annotation, a macro or a specifier, where an array index is not.
  std::string afterSquare() {
    llvm::StringRef Before;
    if (!Brackets.empty()) {
      Before = Brackets.back();
      Brackets.pop_back();
    }
    bool Double = Prev.is(clang::tok::r_square);
    lexNext();
    if (Double || Cur.is(clang::tok::r_square) || Before == "delete" ||
        Before == "operator" || Before == "new")
      return "";
    if (Cur.is(clang::tok::l_paren)) {
      skipBalancedParens();
      if (Cur.isOneOf(clang::tok::raw_identifier, clang::tok::l_brace,
                      clang::tok::arrow))
        return "has a lambda";
      return "";
    }
    if (Cur.isOneOf(clang::tok::raw_identifier, clang::tok::l_brace))
      return "has a lambda";
    return "";
  }

  void skipBalancedParens() {
    int Depth = 0;
    do {
      if (Cur.is(clang::tok::l_paren))
        ++Depth;
      else if (Cur.is(clang::tok::r_paren))
        --Depth;
      lexNext();
    } while (Depth > 0 && Cur.isNot(clang::tok::eof));
  }

  /// `#include`: records the name; `#define` with `#pragma`/`_Pragma`.
  std::string directive() {
    lexNext();
    llvm::StringRef Name = identifier(Cur);
    if (Name == "include" || Name == "include_next" || Name == "import") {
      const char *After = Lex.getBufferLocation();
      llvm::StringRef Line =
          llvm::StringRef(After, Text.end() - After).split('\n').first.trim();
      char Close = Line.starts_with("\"") ? '"'
                   : Line.starts_with("<") ? '>'
                                           : 0;
      size_t End = Close ? Line.find(Close, 1) : llvm::StringRef::npos;
      if (End == llvm::StringRef::npos) {
        Out.ComputedInclude = true;
        return ComputedInclude;
      }
      Includes.push_back(Line.take_front(End + 1).str());
      skipLine();
      return "";
    }
    if (Name == "define") {
      lexNext();
      while (Cur.isNot(clang::tok::eof) && !Cur.isAtStartOfLine()) {
        if (identifier(Cur) == "pragma" && Prev.is(clang::tok::hash))
          return "has a macro that spells #pragma";
        if (mayDifferBetweenPasses(identifier(Cur)))
          needBothPasses(Cur, "uses " + identifier(Cur).str());
        if (const char *Why = reasonForIdentifier(identifier(Cur)))
          return Why;
        lexNext();
      }
      return "";
    }
    if (Name == "pragma" || Name == "error" || Name == "warning")
      skipLine(); // their words are no code
    return "";
  }

  void skipLine() {
    do
      lexNext();
    while (Cur.isNot(clang::tok::eof) && !Cur.isAtStartOfLine());
  }

  llvm::StringRef Text;
  ScannedText &Out;
  std::vector<std::string> &Includes;
  clang::Lexer Lex;
  clang::Token Cur, Prev, Prev2;
  /// For each open `[`, the identifier before it (`delete`, `operator`).
  std::vector<llvm::StringRef> Brackets;
};

void needBothPasses(PreScanResult &R, const std::string &Why) {
  if (!R.NeedsBothPasses) {
    R.NeedsBothPasses = true;
    R.BothPassesReason = Why;
  }
}

std::string realPathOrEmpty(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return "";
  return Real.str().str();
}

/// Where the compiler finds \p Name (with its delimiters) included from
/// \p Includer, among the directories a project file can come from; ""
/// if none of them has it (a toolkit or system header).
std::string resolveInclude(llvm::StringRef Name, llvm::StringRef Includer,
                           const IncludeSearch &Search) {
  bool Quoted = Name.front() == '"';
  llvm::StringRef Inner = Name.drop_front().drop_back();
  auto Try = [&](llvm::StringRef Dir) -> std::string {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, Inner);
    return llvm::sys::fs::is_regular_file(Path) ? realPathOrEmpty(Path) : "";
  };
  if (llvm::sys::path::is_absolute(Inner))
    return llvm::sys::fs::is_regular_file(Inner) ? realPathOrEmpty(Inner) : "";
  if (Quoted) {
    if (std::string P = Try(llvm::sys::path::parent_path(Includer));
        !P.empty())
      return P;
    for (const std::string &Dir : Search.QuoteDirs)
      if (std::string P = Try(Dir); !P.empty())
        return P;
  }
  for (const std::string &Dir : Search.Dirs)
    if (std::string P = Try(Dir); !P.empty())
      return P;
  return "";
}

} // namespace

ScannedText scanText(llvm::StringRef Text) {
  std::string Copy = Text.str(); // the raw lexer needs a NUL at the end
  ScannedText Out;
  TextScanner(Copy, Out).run();
  return Out;
}

PreScanResult preScan(llvm::StringRef Source, const IncludeSearch &Search) {
  PreScanResult R;
  llvm::StringSet<> Seen;
  std::vector<std::string> Work;
  auto Visit = [&](const std::string &Real) {
    if (Real.empty() || !llvm::StringRef(Real).starts_with(Search.Root) ||
        !Seen.insert(Real).second)
      return;
    Work.push_back(Real);
    R.ProjectFiles.push_back(Real);
  };
  Visit(realPathOrEmpty(Source));
  if (R.ProjectFiles.empty()) {
    R.MayNeedLowering = true; // not under the root: let the engine say why
    R.Reason = Source.str() + ": outside the project root";
    needBothPasses(R, R.Reason);
    return R;
  }
  for (const std::string &Pre : Search.PreIncludes)
    Visit(realPathOrEmpty(Pre));
  while (!Work.empty()) {
    std::string File = Work.back();
    Work.pop_back();
    auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
    if (!Buffer) {
      R.MayNeedLowering = true;
      R.FoundAllFiles = false;
      R.Reason = File + ": cannot be read";
      needBothPasses(R, R.Reason);
      continue;
    }
    ScannedText Scanned = scanText((*Buffer)->getBuffer());
    if (Scanned.ComputedInclude) {
      R.FoundAllFiles = false;
      needBothPasses(R, File + ": " + ComputedInclude);
    }
    if (!Scanned.BothPassesReason.empty())
      needBothPasses(R, File + ":" + Scanned.BothPassesReason);
    if (!Scanned.Reason.empty() && !R.MayNeedLowering) {
      R.MayNeedLowering = true;
      R.Reason = File + ":" + Scanned.Reason;
    }
    // Every project file is listed even after a reason is found: the
    // wrapper copies them all into the private overlay.
    for (const std::string &Name : Scanned.Includes)
      Visit(resolveInclude(Name, File, Search));
  }
  return R;
}

} // namespace cudalower

//===--- Explain.cpp - cuda-lower --explain -------------------------------===//
//
// A place is explained by running the tool over its source with only the
// findings at that place kept (ToolOptions::OnlyLine), in diff mode and
// without verification, and reading the findings back from the diagnostics
// it prints: each gets its rule's explanation, the nvcc messages that rule
// answers, and the diff of that finding alone.
//
//===----------------------------------------------------------------------===//

#include "Explain/Explain.h"
#include "cudalower/Tool.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalower {

llvm::ArrayRef<NvccDiagnosticInfo> nvccDiagnostics() {
  static const NvccDiagnosticInfo Table[] = {
#define NVCC_DIAGNOSTIC(Id, Message, Rule, Example)                            \
  {Id, Message, Rule, Example},
#include "Rules/NvccDiagnostics.def"
  };
  return Table;
}

llvm::ArrayRef<RuleExplanation> ruleExplanations() {
  static const RuleExplanation Table[] = {
#define RULE_EXPLANATION(Rule, Section, Why) {Rule, Section, Why},
#include "Rules/RuleExplanations.def"
  };
  return Table;
}

const RuleExplanation *explanationFor(llvm::StringRef Rule) {
  for (const RuleExplanation &E : ruleExplanations())
    if (E.Rule == Rule)
      return &E;
  return nullptr;
}

namespace {

/// \p Message without what its quotes hold (the user's names), lower case,
/// single-spaced: `function("f")` and `function("g")` read the same.
std::string messageShape(llvm::StringRef Message) {
  std::string Out;
  bool InQuote = false;
  for (char C : Message) {
    if (C == '"') {
      InQuote = !InQuote;
      Out += C;
    } else if (!InQuote && !(C == ' ' && !Out.empty() && Out.back() == ' ')) {
      Out += llvm::toLower(C);
    }
  }
  return llvm::StringRef(Out).trim().str();
}

/// "20013" from `20013-D`, `#20013-D` or `20013`; "" if \p Query is no
/// number.
std::string diagnosticNumber(llvm::StringRef Query) {
  Query = Query.trim();
  Query.consume_front("#");
  if (Query.ends_with_insensitive("-D"))
    Query = Query.drop_back(2);
  if (Query.empty() || !llvm::all_of(Query, llvm::isDigit))
    return "";
  return Query.str();
}

} // namespace

std::vector<const NvccDiagnosticInfo *>
findNvccDiagnostics(llvm::StringRef Query) {
  std::vector<const NvccDiagnosticInfo *> Found;
  std::string Number = diagnosticNumber(Query);
  std::string Shape = messageShape(Query);
  for (const NvccDiagnosticInfo &D : nvccDiagnostics()) {
    bool Match = !Number.empty()
                     ? D.Id == Number + "-D"
                     : Shape.size() >= 8 &&
                           (llvm::StringRef(messageShape(D.Message)).contains(Shape) ||
                            llvm::StringRef(Shape).contains(messageShape(D.Message)));
    if (Match)
      Found.push_back(&D);
  }
  return Found;
}

std::optional<SourcePlace> parseSourcePlace(llvm::StringRef Spec) {
  // FILE may hold colons itself: the numbers are the last one or two fields.
  auto [Rest, Last] = Spec.rsplit(':');
  unsigned A = 0, B = 0;
  if (Rest.empty() || Last.getAsInteger(10, A) || A == 0)
    return std::nullopt;
  SourcePlace P;
  auto [File, Middle] = Rest.rsplit(':');
  if (!File.empty() && !Middle.getAsInteger(10, B) && B != 0) {
    P.File = File.str();
    P.Line = B;
    P.Column = A;
  } else {
    P.File = Rest.str();
    P.Line = A;
  }
  return P;
}

namespace {

void printIndented(llvm::StringRef Text, llvm::raw_ostream &Out) {
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines)
    Out << "    " << Line << "\n";
}

/// What a rule is for: its page, the Guide's section and why.
void printRule(llvm::StringRef Rule, llvm::raw_ostream &Out) {
  Out << "  rule:  " << Rule << " (docs/rules/" << Rule << ".md)\n";
  if (const RuleExplanation *E = explanationFor(Rule)) {
    Out << "  guide: CUDA C++ Programming Guide " << E->Section << "\n";
    Out << "  why:   " << E->Why << "\n";
  }
}

int explainDiagnostic(llvm::StringRef Query, llvm::raw_ostream &Out,
                      llvm::raw_ostream &Err) {
  std::vector<const NvccDiagnosticInfo *> Found = findNvccDiagnostics(Query);
  if (Found.empty()) {
    std::vector<std::string> Known;
    for (const NvccDiagnosticInfo &D : nvccDiagnostics())
      if (!D.Id.empty() && !llvm::is_contained(Known, D.Id.str()))
        Known.push_back(D.Id.str());
    Err << "cuda-lower: error: --explain: '" << Query
        << "' is neither FILE:LINE[:COL] nor an nvcc diagnostic cuda-lower "
           "knows (numbers: "
        << llvm::join(Known, ", ")
        << "; or paste the message nvcc printed)\n";
    return UsageError;
  }
  for (const NvccDiagnosticInfo *D : Found) {
    Out << (D->Id.empty() ? "error" : "warning #" + D->Id.str()) << ": "
        << D->Message << "\n";
    printRule(D->Rule, Out);
    Out << "  example that makes nvcc 13 print it:\n";
    printIndented(D->Example, Out);
  }
  Out << "cuda-lower --explain FILE:LINE shows the rewrite at a place of your "
         "code.\n";
  return Success;
}

/// The nvcc messages \p Rule answers, for a place's finding.
void printNvccMessages(llvm::StringRef Rule, llvm::raw_ostream &Out) {
  for (const NvccDiagnosticInfo &D : nvccDiagnostics())
    if (D.Rule == Rule)
      Out << "  nvcc:  " << (D.Id.empty() ? "" : D.Id.str() + ": ")
          << D.Message << "\n";
}

int explainPlace(const SourcePlace &P, ToolOptions Opts, llvm::raw_ostream &Out,
                 llvm::raw_ostream &Err) {
  Opts.Sources = {P.File};
  Opts.Mode = OutputMode::Diff;
  Opts.Verify = false;
  Opts.Color = false;
  Opts.OnlyLine = P.Line;
  Opts.OnlyColumn = P.Column;
  std::string Diff, Diags;
  llvm::raw_string_ostream DiffOS(Diff), DiagOS(Diags);
  int Code = runTool(Opts, DiffOS, DiagOS);
  if (Code == UsageError || Code == ParseError || Code == InternalError) {
    Err << Diags;
    return Code;
  }
  // file:line:col: level: message [rule]
  static const llvm::Regex Finding(
      "^(.*):([0-9]+):([0-9]+): (warning|error): (.*) \\[([a-z0-9-]+)\\]$");
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  llvm::StringRef(Diags).split(Lines, '\n');
  unsigned Count = 0;
  for (llvm::StringRef Line : Lines) {
    llvm::SmallVector<llvm::StringRef, 7> M;
    if (!Finding.match(Line, &M))
      continue;
    ++Count;
    Out << Line << "\n";
    printRule(M[6], Out);
    printNvccMessages(M[6], Out);
  }
  if (!Count) {
    Out << P.File << ":" << P.Line << ": no rule applies here; plain nvcc "
        << "needs nothing of cuda-lower at this line\n";
    return Code;
  }
  if (Diff.empty())
    Out << "cuda-lower does not rewrite this: the message above says why, "
           "and the file still needs nvcc's flags there\n";
  else
    Out << "the rewrite:\n" << Diff;
  return Code;
}

} // namespace

int explain(llvm::StringRef Spec, ToolOptions Opts, llvm::raw_ostream &Out,
            llvm::raw_ostream &Err) {
  if (diagnosticNumber(Spec).empty())
    if (std::optional<SourcePlace> P = parseSourcePlace(Spec))
      return explainPlace(*P, std::move(Opts), Out, Err);
  return explainDiagnostic(Spec, Out, Err);
}

} // namespace cudalower

//===--- Rule.h - The interface every rewrite rule implements ---*- C++ -*-===//
//
// A rule is shaped like a clang-tidy check: it registers AST matchers, looks
// at each match, and reports diagnostics that may carry edits. Rules never
// write files; the engine merges their edits from both compilation passes.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cudalower/Diagnostic.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class Preprocessor;
class SourceManager;
} // namespace clang

namespace cudalower {

/// The CUDA compilation pass a translation unit was parsed for.
enum class CompilationPass { Host, Device };

class RuleContext;
class Analyses;

/// Which rule reports a finding that two enabled rules could claim, decided
/// once by the engine from the set of enabled rules.
struct FindingOwners {
  /// exec-space-lambda-to-device makes the plain lambdas passed to device
  /// code device lambdas, so their bodies are device code.
  bool PlainLambdasBecomeDevice = false;
  /// lower-extended-lambda lowers those lambdas to functors;
  /// exec-space-lambda-to-device reports them without an edit of its own.
  bool LambdaRuleLowersPlainLambdas = false;
  /// constexpr-host-call reports the calls from device code to host
  /// constexpr functions; exec-space-host-call-from-hd leaves them.
  bool ConstexprRuleOwnsConstexprCallees = false;
  /// std-to-cuda-std reports and rewrites calls to std functions outside
  /// the project; the host-call rules leave them.
  bool StdRuleOwnsStdCallees = false;
};

/// What cuda-lower-nvcc's pre-scan (lib/Wrapper/PreScan.h) must find in a
/// file, read with a raw lexer, for a rule to have work there: where no
/// enabled rule's trigger is found, the wrapper compiles the original as it
/// is. Every rule declares its triggers (Rule::preScanTriggers), or that
/// nvcc needs none of its edits; a unit test holds every rule to it.
struct PreScanTriggers {
  /// Shapes the pre-scan recognises by their tokens.
  enum Shape : unsigned {
    None = 0,
    Lambda = 1 << 0,          ///< `[...]` starting a lambda (any annotation)
    DefaultedMember = 1 << 1, ///< `= default`
    DeducedReturn = 1 << 2,   ///< `auto f(`, `decltype(auto)`
    PragmaInMacro = 1 << 3,   ///< `#pragma` in a `#define`, `_Pragma`
  };
  /// An identifier that is a trigger, and the reason the pre-scan gives
  /// (`--cuda-lower-verbose`: "x.cu:3: uses std").
  struct Word {
    llvm::StringLiteral Identifier;
    llvm::StringLiteral Reason;
  };
  unsigned Shapes = None;
  llvm::ArrayRef<Word> Words;
  /// True for a rule whose edits nvcc does not need (a spelling only Clang
  /// refuses) or that only reports: the original compiles, or fails, as it
  /// would with nvcc anyway.
  bool NvccNeedsNone = false;

  /// The triggers of such a rule: nothing for the pre-scan to find.
  static PreScanTriggers nvccNeedsNone() {
    PreScanTriggers T;
    T.NvccNeedsNone = true;
    return T;
  }
};

/// The type of a rule option's value. The engine checks every
/// `--rule-option` value against it before any source is parsed, so a rule
/// reads only values of the type it declared.
enum class OptionType {
  Bool,           ///< `true` or `false` (also `1`/`0`, `yes`/`no`, `on`/`off`).
  IdentifierList, ///< Comma-separated C++ identifiers, possibly none.
};

/// An option a rule declares, as clang-tidy's `storeOptions` lists them:
/// `--list-rules` prints it, and a key no rule declares is a usage error.
struct OptionDecl {
  llvm::StringRef Key;
  OptionType Type;
  llvm::StringRef Default; ///< As it would be written on the command line.
  llvm::StringRef Doc;     ///< One line.
};

/// A use of a function of one side only (here, a __host__ function) from a
/// __host__ __device__ function. Clang rejects it in one pass where nvcc only
/// warns (#20011-D, #20014-D); the engine lets the parse go on, but Clang may
/// have dropped the statement holding the use, so rules find it here.
struct WrongSideReference {
  clang::SourceLocation Loc;
  const clang::FunctionDecl *Callee = nullptr;
};

/// What a parse fix changes; each kind has a row of
/// lib/Nvcc/SpellingFixes.def and is written by the one rule that declares
/// it in its parseFixesWritten() (unit tests check both).
enum class ParseFixKind {
  TemplateKeyword, ///< `template` before a dependent member template name.
  TypenameKeyword, ///< `typename` before a dependent type name.
  DependentBaseMember, ///< `this->` before a member of a dependent base.
  StaticMemberThis, ///< `this->` before a static member, as `C::`.
  NonLiteralConstexpr, ///< `constexpr` of a function that cannot be one.
  HostOnlyConstexpr, ///< `__host__` on a constexpr function nvcc reads so.
  RedeclaredSpace, ///< The space another declaration of a function spells.
  AsmPercentEscape, ///< `%` before a `%` that starts no operand in asm.
  AsmOperandComma, ///< `,` between two asm operands written without one.
};

/// Text the engine put into its copy of a file before this parse, so that
/// Clang reads code nvcc accepts (a `template` keyword before a dependent
/// member template name): the parse read Text at Loc, where the file on
/// disk has Removed (often nothing). The rule that owns the fix's kind
/// (lib/Nvcc/SpellingFixes.def) reports it as an edit of the run.
struct ParseFixReference {
  clang::SourceLocation Loc;
  std::string Text;
  std::string Name; ///< What the fix is about (a member template named).
  ParseFixKind Kind = ParseFixKind::TemplateKeyword;
  std::string Removed; ///< The text on disk that Text replaces.
};

/// A diagnostic being built; add fixes and notes, it is recorded when the
/// builder goes out of scope.
class DiagBuilder {
public:
  DiagBuilder(RuleContext &Ctx, Diagnostic D) : Ctx(&Ctx), D(std::move(D)) {}
  DiagBuilder(DiagBuilder &&O) noexcept : Ctx(O.Ctx), D(std::move(O.D)) {
    O.Ctx = nullptr;
  }
  DiagBuilder(const DiagBuilder &) = delete;
  DiagBuilder &operator=(const DiagBuilder &) = delete;
  ~DiagBuilder();

  /// Replaces \p Range (a file or token range, macro locations resolved to
  /// where they are spelled) with \p Text. An edit that cannot be placed in
  /// a file the user owns cancels the whole fix and turns the diagnostic
  /// into a warning saying why.
  DiagBuilder &replace(clang::CharSourceRange Range, llvm::StringRef Text);
  DiagBuilder &insert(clang::SourceLocation Loc, llvm::StringRef Text);
  DiagBuilder &remove(clang::CharSourceRange Range) {
    return replace(Range, "");
  }
  /// Inserts at \p At: \p Before, the text of \p From as it reads after
  /// every edit inside it (from any rule) is applied, then \p After. Used to
  /// move code; the rule removes or replaces the original with other edits.
  /// Lines of the copy after the first that start with \p IndentFrom start
  /// with \p IndentTo instead (code moved to another depth).
  DiagBuilder &insertCopy(clang::SourceLocation At, llvm::StringRef Before,
                          clang::CharSourceRange From, llvm::StringRef After,
                          llvm::StringRef IndentFrom = "",
                          llvm::StringRef IndentTo = "");
  DiagBuilder &note(clang::SourceLocation Loc, llvm::StringRef Message);
  /// Drops the fix, keeping the finding (for rules that decide late).
  DiagBuilder &dropFix();
  /// Reports the finding without a fix because of \p Reason: the message
  /// ends with " (not rewritten: REASON)", as when an edit cannot be placed,
  /// and Diagnostic::NotRewrittenReason holds the reason.
  DiagBuilder &noFix(llvm::StringRef Reason);

private:
  RuleContext *Ctx;
  Diagnostic D;
  bool FixFailed = false;
  std::string FixFailure;
};

/// What a rule can see and do for one translation unit in one pass.
class RuleContext {
public:
  virtual ~RuleContext() = default;
  virtual clang::ASTContext &getASTContext() = 0;
  virtual CompilationPass getPass() const = 0;
  /// True if \p Loc is spelled in a file the run may edit (under a project
  /// root, or a dependency header with --lower-dependencies) that is not a
  /// system header; rules analyse and edit only such code.
  virtual bool isUserOwned(clang::SourceLocation Loc) const = 0;
  /// True if \p Loc is spelled in the CUDA toolkit's, a compiler's or the
  /// system's headers: not the project's, not a library it depends on.
  virtual bool isToolchainFile(clang::SourceLocation Loc) const = 0;
  /// Which rule owns a finding two enabled rules could claim.
  virtual const FindingOwners &owners() const = 0;
  /// The analyses of this translation unit and pass, each computed on
  /// first use and shared by every rule.
  virtual Analyses &analyses() = 0;
  /// What one rule leaves for the other pass of the same source: the same
  /// map in the host and the device pass of one source, empty at the start.
  virtual llvm::StringMap<std::string> &acrossPasses(llvm::StringRef Rule) = 0;
  /// The value of `<rule>.<key>` given with --rule-option, or \p Default
  /// (rules read options through Rule::option, which checks the type).
  virtual std::string getOption(llvm::StringRef RuleName, llvm::StringRef Key,
                                llvm::StringRef Default) const = 0;
  /// The wrong-side references Clang reported while parsing this pass.
  virtual llvm::ArrayRef<WrongSideReference> getWrongSideReferences() const {
    return {};
  }
  /// The insertions the engine made before this parse (see
  /// ParseFixReference).
  virtual llvm::ArrayRef<ParseFixReference> getParseFixes() const {
    return {};
  }
  /// Records a finished diagnostic (called by DiagBuilder).
  virtual void record(Diagnostic D) = 0;
  /// Called before a rule looks at a match (\p Loc: the first bound node)
  /// or finishes its translation unit (\p Loc invalid), so that a crash can
  /// be reported with the rule and the code being worked on.
  virtual void beginCheck(llvm::StringRef /*RuleName*/,
                          clang::SourceLocation /*Loc*/) {}

  clang::SourceManager &getSourceManager();
  /// Fills file, line, column and source line of \p D from \p Loc.
  bool locate(clang::SourceLocation Loc, Diagnostic &D);
  /// Turns \p Range into an Edit in a user-owned file, or explains why not.
  bool makeEdit(clang::CharSourceRange Range, llvm::StringRef Text, Edit &Out,
                std::string &WhyNot);
};

/// Base class of every rule. Every hook is optional, as in clang-tidy's
/// ClangTidyCheck: a rule overrides the ones it needs.
class Rule : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  Rule(llvm::StringRef Name, RuleContext &Ctx) : Name(Name), Ctx(Ctx) {}
  virtual ~Rule() = default;

  /// The options the rule reads with option<T>(). A rule that has options
  /// hides this with its own static declaredOptions(); the registry
  /// (Rules.def) picks it up for validation and --list-rules.
  static llvm::ArrayRef<OptionDecl> declaredOptions() { return {}; }

  /// What the wrapper's pre-scan must find for this rule to have work. A
  /// rule hides this with its own static preScanTriggers(); the default
  /// declares nothing, which RegistryTest refuses.
  static PreScanTriggers preScanTriggers() { return {}; }

  /// Claims, in \p Owners, the findings this rule reports that another
  /// enabled rule could report too (FindingOwners). A rule that claims some
  /// hides this with its own static claimFindings().
  static void claimFindings(FindingOwners & /*Owners*/) {}

  /// The parse fixes (SpellingFixes.def) this rule turns into edits of the
  /// user's files: with the rule on, the parse applies them to its copy and
  /// parses again; with it off, such an error stops the parse. A rule that
  /// writes some hides this with its own static parseFixesWritten().
  static llvm::ArrayRef<ParseFixKind> parseFixesWritten() { return {}; }

  /// False if the rule has nothing to do in \p Pass: the engine then neither
  /// registers it nor calls any of its hooks for that pass (like
  /// ClangTidyCheck::isLanguageVersionSupported).
  virtual bool isPassSupported(CompilationPass /*Pass*/) const {
    return true;
  }
  virtual void registerMatchers(clang::ast_matchers::MatchFinder & /*Finder*/) {}
  /// Lets a rule watch the preprocessor (directives, macro expansions);
  /// called before parsing starts.
  virtual void registerPPCallbacks(clang::Preprocessor & /*PP*/) {}
  virtual void
  check(const clang::ast_matchers::MatchFinder::MatchResult & /*Result*/) {}
  /// Called once the whole translation unit has been matched (also for
  /// rules that register no matchers).
  virtual void finishTranslationUnit() {}
  /// MatchFinder's own end-of-TU hook reaches only rules with matchers;
  /// the engine calls finishTranslationUnit() for every rule instead.
  void onEndOfTranslationUnit() final {}

  llvm::StringRef getName() const { return Name; }
  llvm::StringRef getID() const override { return Name; }

  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) final {
    const auto &Bound = R.Nodes.getMap();
    Ctx.beginCheck(Name, Bound.empty()
                             ? clang::SourceLocation()
                             : Bound.begin()->second.getSourceRange().getBegin());
    check(R);
  }

protected:
  DiagBuilder diag(clang::SourceLocation Loc, llvm::StringRef Message,
                   DiagLevel Level = DiagLevel::Warning);
  RuleContext &context() { return Ctx; }
  /// The parse fixes of this pass whose kind is one of \p Kinds: a rule
  /// passes its parseFixesWritten() and reports each of its own as an edit
  /// (the engine maps the findings of a fixed parse back to the text on
  /// disk).
  auto parseFixesOf(llvm::ArrayRef<ParseFixKind> Kinds) {
    return llvm::make_filter_range(
        Ctx.getParseFixes(), [Kinds](const ParseFixReference &Fix) {
          return llvm::is_contained(Kinds, Fix.Kind);
        });
  }
  /// The value of the option \p Key, which the rule declares in
  /// declaredOptions(): the --rule-option value (checked when the tool
  /// started) or the declared default. T is `bool` for OptionType::Bool and
  /// `std::vector<std::string>` for OptionType::IdentifierList.
  template <typename T> T option(llvm::StringRef Key) const;

private:
  std::string Name;
  RuleContext &Ctx;
};

template <> bool Rule::option<bool>(llvm::StringRef Key) const;
template <>
std::vector<std::string>
Rule::option<std::vector<std::string>>(llvm::StringRef Key) const;

} // namespace cudalower

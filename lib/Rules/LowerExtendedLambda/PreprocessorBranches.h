//===--- PreprocessorBranches.h - Conditional blocks of a parse -*- C++ -*-===//
//
// A lambda inside `#ifdef X ... #else ... #endif` in a function body exists
// in one configuration only (one pass, for `__CUDA_ARCH__`; one includer,
// for a header). Its functor, placed before the function, must exist in the
// same configuration and not clash with the functor of the lambda in the
// other branch: PreprocessorBranches records the conditional blocks the
// preprocessor went through, so that the functor can be wrapped in the
// condition of its lambda's branches and named after it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class SourceManager;
} // namespace clang

namespace cudalower::lowering {

/// One branch of a conditional block, from its directive to the next
/// directive of the block.
struct PPBranch {
  clang::SourceLocation Begin;
  clang::SourceLocation End;
  /// When the branch is taken, as an `#if` expression: `defined(X)`,
  /// `!(defined(X))`, `!(A) && (B)`. Empty when it cannot be written.
  std::string Condition;
  /// A readable identifier fragment, distinct from its siblings':
  /// `CUDA_ARCH`, `not_CUDA_ARCH`, `USE_FAST`.
  std::string Tag;
};

/// The condition and name tag of the branches holding a lambda but not its
/// functor's place.
struct BranchCondition {
  std::string Condition; ///< `#if` expression, empty when unconditional
  std::string Tag;       ///< empty when unconditional
  std::string Problem;   ///< why the condition cannot be carried
};

/// A conditional block by its directives: `#if`, every `#elif` and `#else`,
/// `#endif`, in order (the locations Clang reports for them).
struct PPBlock {
  std::vector<clang::SourceLocation> Directives;
  bool HasElse = false;
};

/// A conditional block that a lambda's text leaves: the lambda begins in
/// the branch between Directives[Branch] and Directives[Branch + 1] and ends
/// after the block's `#endif` (AMReX: the head of the CUDA lambda under
/// `#else`, the body it shares with the SYCL one after `#endif`).
struct StraddledBlock {
  const PPBlock *Block = nullptr;
  unsigned Branch = 0;
  std::string Problem; ///< why the lambda's text cannot be rewritten
};

/// Records the conditional blocks of a translation unit, and where macros
/// are defined or undefined.
class PreprocessorBranches : public clang::PPCallbacks {
public:
  explicit PreprocessorBranches(const clang::SourceManager &SM) : SM(SM) {}

  void If(clang::SourceLocation Loc, clang::SourceRange ConditionRange,
          ConditionValueKind) override;
  void Ifdef(clang::SourceLocation Loc, const clang::Token &Name,
             const clang::MacroDefinition &) override;
  void Ifndef(clang::SourceLocation Loc, const clang::Token &Name,
              const clang::MacroDefinition &) override;
  void Elif(clang::SourceLocation Loc, clang::SourceRange ConditionRange,
            ConditionValueKind, clang::SourceLocation) override;
  void Elifdef(clang::SourceLocation Loc, const clang::Token &Name,
               const clang::MacroDefinition &) override;
  void Elifdef(clang::SourceLocation Loc, clang::SourceRange,
               clang::SourceLocation) override;
  void Elifndef(clang::SourceLocation Loc, const clang::Token &Name,
                const clang::MacroDefinition &) override;
  void Elifndef(clang::SourceLocation Loc, clang::SourceRange,
                clang::SourceLocation) override;
  void Else(clang::SourceLocation Loc, clang::SourceLocation) override;
  void Endif(clang::SourceLocation Loc, clang::SourceLocation) override;
  void MacroDefined(const clang::Token &Name,
                    const clang::MacroDirective *) override;
  void MacroUndefined(const clang::Token &Name, const clang::MacroDefinition &,
                      const clang::MacroDirective *) override;

  /// The conjunction of the branches that hold \p Use but not \p Place
  /// (both file locations), outermost first.
  BranchCondition conditionBetween(clang::SourceLocation Place,
                                   clang::SourceLocation Use) const;

  /// The block whose directives the text from \p Begin to \p End (file
  /// locations of one file) crosses, if any. Blocks wholly inside the text
  /// or wholly outside it are no crossing. Problem is set for crossings
  /// other than one block left by a lambda that begins in one of its
  /// branches.
  StraddledBlock straddled(clang::SourceLocation Begin,
                           clang::SourceLocation End) const;

private:
  struct Block {
    std::vector<std::string> Previous; ///< earlier branches' conditions
    std::vector<std::string> Tags;     ///< earlier branches' tags
    PPBranch Open;
    PPBlock Directives;
  };
  void open(clang::SourceLocation Loc, std::optional<std::string> Condition);
  void next(clang::SourceLocation Loc, std::optional<std::string> Condition);
  void close(clang::SourceLocation Loc);
  void record(const PPBranch &B);
  bool holds(const PPBranch &B, clang::SourceLocation Loc) const;
  /// The condition of the directive whose expression starts at \p Begin.
  std::string conditionText(clang::SourceLocation Begin) const;

  const clang::SourceManager &SM;
  std::vector<Block> Stack;
  /// The branches of each file, in the order they closed.
  llvm::DenseMap<clang::FileID, std::vector<PPBranch>> BranchesByFile;
  /// The blocks of each file, in the order they closed.
  llvm::DenseMap<clang::FileID, std::vector<PPBlock>> BlocksByFile;
  /// Macros defined or undefined, where.
  std::vector<std::pair<std::string, clang::SourceLocation>> MacroChanges;
};

/// The identifier-like words of an `#if` expression, `defined` left out:
/// what a name tag is made of and which macros it depends on.
std::vector<std::string> conditionWords(llvm::StringRef Condition);

/// \p Text of a directive's condition without comments and line
/// continuations.
std::string cleanCondition(llvm::StringRef Text);

} // namespace cudalower::lowering

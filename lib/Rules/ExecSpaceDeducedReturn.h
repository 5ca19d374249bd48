//===--- ExecSpaceDeducedReturn.h - Spell device return types ---*- C++ -*-===//
#pragma once

#include "Analysis/CodeContext.h"
#include "cudalower/Rule.h"
#include "clang/AST/Decl.h"
#include <optional>
#include <string>

namespace cudalower {

/// Finds `__device__` functions with a deduced return type (`auto`,
/// `decltype(auto)`) that are referenced outside device function bodies,
/// which nvcc rejects (§5.3.12.1), and writes the deduced type in place of
/// the placeholder. See docs/rules/exec-space-deduced-return.md.
class ExecSpaceDeducedReturn : public Rule {
public:
  using Rule::Rule;
  static PreScanTriggers preScanTriggers();
  /// nvcc rejects the references it sees with __CUDA_ARCH__ undefined, which
  /// is what the host pass sees.
  bool isPassSupported(CompilationPass Pass) const override {
    return Pass == CompilationPass::Host;
  }
  void finishTranslationUnit() override;

private:
  void checkReference(const clang::FunctionDecl &FD, const clang::Expr &Ref,
             const CodeContext &Where);
};

/// The text that can replace the `auto` (or `decltype(auto)`) of \p FD's
/// return type: the deduced type, fully qualified. Sets \p WhyNot and
/// returns std::nullopt when no such text exists: the type depends on
/// template parameters, names a lambda, a local or unnamed class, or needs
/// declarator syntax around the name (pointers to functions or arrays).
/// \p FD is the referenced function, possibly an instantiation.
std::optional<std::string> spelledDeducedType(const clang::FunctionDecl *FD,
                                              clang::ASTContext &Ctx,
                                              std::string &WhyNot);

} // namespace cudalower

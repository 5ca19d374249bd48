//===--- ExecSpaceRestrictions.h - What device code may not do --*- C++ -*-===//
#pragma once

#include "Analysis/CodeContext.h"
#include "cudalower/Rule.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include <optional>
#include <string>

namespace cudalower {

/// Reports, without a fix, the constructs the CUDA C++ language chapter
/// forbids or leaves undefined and that no rewrite can repair safely:
/// definitions in the reserved namespaces (§5.3.10.2); __global__
/// parameters that are C variadics, va_list, std::initializer_list,
/// polymorphic classes, or over 32,764 bytes (§5.3.10.5.4); static
/// variables of device functions with dynamic initialisation (§5.3.10.4.4);
/// RTTI, exceptions and long double in device code (§5.3.10.1); extended
/// lambdas whose captures differ between the host and device passes
/// (§5.3.8.4 item 16). Not recursion (§5.3.10.5.1): a kernel is only ever
/// launched, and a launch, even of itself, is not a call. See
/// docs/rules/exec-space-restrictions.md.
class ExecSpaceRestrictions : public Rule {
public:
  using Rule::Rule;
  static PreScanTriggers preScanTriggers();
  static llvm::ArrayRef<OptionDecl> declaredOptions();
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void finishTranslationUnit() override;

private:
  void checkBodies();
  bool inDeviceCode(const CodeContext &Where);
  bool isOwnNamespace(llvm::StringRef Name);
  void checkNamespace(const clang::NamespaceDecl &ND);
  void checkUsingDirective(const clang::UsingDirectiveDecl &UD);
  void checkKernelParameters(const clang::FunctionDecl &FD,
                             clang::ASTContext &Ctx);
  void checkStaticLocal(const clang::VarDecl &VD);
  void checkUnsupported(const clang::Stmt &S, const CodeContext &Where);
  void checkLongDouble(const clang::Expr &E, const CodeContext &Where);
  void recordCaptures(const clang::LambdaExpr &L, clang::ASTContext &Ctx);

  /// The OwnNamespaces option: reserved names the project owns.
  std::optional<llvm::StringSet<>> OwnNamespaces;
  /// Extended lambdas of this pass: key (see captureKey) -> the lambda and
  /// its captures in order, compared with the other pass at the end.
  llvm::StringMap<std::pair<const clang::LambdaExpr *, std::string>>
      Captures;
};

/// The captures of \p L in closure-layout order, as "'a', 'b', this", or
/// "nothing".
std::string describeCaptures(const clang::LambdaExpr &L);

/// The total size in bytes, laid out as a launch passes them, of the
/// parameters of \p FD; std::nullopt if a type is dependent or incomplete.
std::optional<uint64_t> kernelParameterBytes(const clang::FunctionDecl &FD,
                                             clang::ASTContext &Ctx);

} // namespace cudalower

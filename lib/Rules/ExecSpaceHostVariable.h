//===--- ExecSpaceHostVariable.h - Host variables in device code -*- C++ -*-===//
#pragma once

#include "Analysis/CodeContext.h"
#include "cudalower/Rule.h"
#include <optional>

namespace cudalower {

/// How device code uses a host variable.
enum class HostVarUse {
  Read,         ///< Its value (or a member's value) is read.
  ArrayElement, ///< It is an array indexed by the device code.
  Address,      ///< Its address is taken or a reference is bound to it.
  Dependent,    ///< In a template pattern, where only instantiations tell.
};

/// Classifies the use \p Ref makes of the variable it names, from the
/// nodes above it (CodeContext::Parents).
HostVarUse classifyHostVarUse(const clang::DeclRefExpr &Ref,
                              llvm::ArrayRef<clang::DynTypedNode> Parents);

/// True if \p Ref uses the value of \p Var, a const variable of integral,
/// enumeration or floating-point type usable in constant expressions, without
/// odr-using it (a template argument, an operand folded to a constant): nvcc
/// accepts that in device code without any flag, as Clang does.
bool isConstantNonOdrUse(const clang::DeclRefExpr &Ref,
                         const clang::VarDecl &Var);

/// Finds namespace-scope `const`/`constexpr` host variables that device
/// code uses in a way nvcc rejects or leaves undefined (§5.3.10.4.2,
/// §5.3.11.4) and fixes the variable: `const` becomes `constexpr` where
/// only the type was the problem, and a variable whose address or elements
/// device code needs gets a device-memory definition in the device pass
/// (`#ifdef __CUDA_ARCH__ __device__ #endif`). Runs in the device pass.
/// See docs/rules/exec-space-host-variable.md.
class ExecSpaceHostVariable : public Rule {
public:
  using Rule::Rule;
  static PreScanTriggers preScanTriggers();
  /// What device code may see is decided by the declarations the device
  /// pass sees (a variable made __device__ there is fixed already).
  bool isPassSupported(CompilationPass Pass) const override {
    return Pass == CompilationPass::Device;
  }
  void finishTranslationUnit() override;

private:
  void checkReference(const clang::DeclRefExpr &Ref, const clang::VarDecl &Var,
             const CodeContext &Where);
  void report(const clang::DeclRefExpr &Ref, const clang::VarDecl &Var,
              HostVarUse Use, const clang::FunctionDecl &Fn,
              clang::ASTContext &Ctx);
};

} // namespace cudalower

//===--- ExecSpaceLambdaToDevice.h - Lambdas handed to the GPU -*- C++ -*-===//
#pragma once

#include "Analysis/ExecSpaceUtils.h"
#include "cudalower/Rule.h"
#include "llvm/ADT/DenseMap.h"

namespace clang {
class ASTContext;
class LambdaExpr;
} // namespace clang

namespace cudalower {

/// Where the closure of a plain lambda goes, as far as the analysis can
/// follow it inside the function that creates it and the functions it is
/// passed to (up to a few calls deep).
struct PlainLambdaUses {
  /// Passed to a __global__ function.
  bool Kernel = false;
  /// Passed to a Thrust algorithm that runs on the device (a device
  /// execution policy, or device iterators) or to a cub::Device* algorithm.
  bool DeviceAlgorithm = false;
  /// Called, or passed somewhere that is not known to run it on the device.
  bool Host = false;
  /// The first place where it is handed to device code.
  clang::SourceLocation DeviceUseLoc;
};

/// True if \p L has no execution-space annotation and is written in a
/// __host__ function: nvcc gives such a lambda the host space (§5.3.8).
bool isPlainHostLambda(const clang::LambdaExpr &L, clang::ASTContext &Ctx);

/// Follows the closure of \p L to where it is used.
PlainLambdaUses findPlainLambdaUses(const clang::LambdaExpr &L,
                                    clang::ASTContext &Ctx);

/// True if \p L is a plain lambda of a host function whose closure is passed
/// to a __global__ function or to a device algorithm of Thrust or CUB: nvcc
/// rejects it (§5.3.8.1) unless it is made an extended lambda.
/// lower-extended-lambda uses this to lower such lambdas in the same run.
bool isPlainLambdaPassedToDevice(const clang::LambdaExpr &L,
                                 clang::ASTContext &Ctx);

/// The execution space \p L must get: ExecSpace::Host if it is not passed to
/// device code; ExecSpace::Device for one that only reaches kernels, or
/// whose body calls device-only functions; ExecSpace::HostDevice for one
/// also used on the host, or handed to a Thrust or CUB algorithm (CCCL
/// queries its result type in host code, which a __device__ lambda without
/// a trailing return type cannot answer).
ExecSpace plainLambdaSpace(const clang::LambdaExpr &L, clang::ASTContext &Ctx);

/// Makes a plain lambda passed to device code an extended lambda, inserting
/// `__device__` or `__host__ __device__` after its introducer (§5.3.8.1).
/// See docs/rules/exec-space-lambda-to-device.md.
class ExecSpaceLambdaToDevice : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void finishTranslationUnit() override;

private:
  /// What every instantiation of the lambda written at a location needs;
  /// a lambda in a template is analysed once per instantiation.
  struct Decision {
    const clang::LambdaExpr *Lambda = nullptr;
    ExecSpace Space = ExecSpace::Host;
    PlainLambdaUses Uses;
  };
  llvm::DenseMap<clang::SourceLocation, Decision> Decisions;
  std::vector<clang::SourceLocation> Order;
};

} // namespace cudalower

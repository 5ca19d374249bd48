//===--- PlainLambdas.h - Plain lambdas handed to the GPU -------*- C++ -*-===//
//
// A plain lambda of a host function is __host__ for nvcc (§5.3.8); passed to
// a kernel or to a device algorithm of Thrust or CUB, nvcc rejects it unless
// it becomes an extended lambda. This analysis follows each closure to where
// it goes and says which space it needs; exec-space-lambda-to-device
// annotates, lower-extended-lambda lowers, and the host-call rules treat the
// body as device code.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/ExecSpace.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

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

/// The plain lambdas of host functions in one translation unit whose
/// closures reach device code, found by one walk down the user's code.
class PlainLambdaIndex {
public:
  /// Lambdas in files \p IsUserOwned rejects are not looked at.
  PlainLambdaIndex(clang::ASTContext &Ctx,
                   llvm::function_ref<bool(clang::SourceLocation)> IsUserOwned);

  /// The execution space \p L must get: ExecSpace::Host if it is not a
  /// plain lambda of a host function passed to device code;
  /// ExecSpace::Device for one that only reaches kernels, or whose body
  /// calls device-only functions; ExecSpace::HostDevice for one also used on
  /// the host, or handed to a Thrust or CUB algorithm (CCCL queries its
  /// result type in host code, which a __device__ lambda without a trailing
  /// return type cannot answer).
  ExecSpace space(const clang::LambdaExpr &L) const;

  /// True if \p L is a plain lambda of a host function whose closure is
  /// passed to a __global__ function or to a device algorithm of Thrust or
  /// CUB: nvcc rejects it (§5.3.8.1) unless it is made an extended lambda.
  bool isPassedToDevice(const clang::LambdaExpr &L) const {
    return space(L) != ExecSpace::Host;
  }

  /// Where the closure of \p L goes, for a lambda isPassedToDevice().
  const PlainLambdaUses *uses(const clang::LambdaExpr &L) const;

private:
  struct Entry {
    ExecSpace Space;
    PlainLambdaUses Uses;
  };
  llvm::DenseMap<const clang::LambdaExpr *, Entry> ToDevice;
};

} // namespace cudalower

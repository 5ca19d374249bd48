//===--- KernelParams.h - std classes as kernel parameters -*- C++ -*-//
//
// A kernel that takes `std::array<float, 3> c` and reads `c[k]` needs
// --expt-relaxed-constexpr. Its interface can be made cuda::std's
// consistently when every launch is in sight: the parameter becomes
// `cuda::std::array<float, 3>` and each launch converts the argument that
// host code keeps as std::array, element by element (the two classes hold
// the same elements; no cast between them). std::pair likewise, by first and
// second. This decides, per kernel, whether that is possible, and writes
// the launch-site conversions.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/Type.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class Expr;
class FunctionDecl;
class ParmVarDecl;
} // namespace clang

namespace cudalower {

class RuleContext;

/// How host code's std value becomes the kernel's cuda::std value.
struct KernelArgConversion {
  clang::CharSourceRange Range; ///< The argument as written.
  std::string Text;             ///< Its replacement.
};

/// The decision for one parameter of one kernel.
struct KernelParamPlan {
  bool Convertible = false;
  std::string WhyNot; ///< When not convertible: the reason.
  std::vector<KernelArgConversion> Conversions; ///< One per launch.
  unsigned Launches = 0;
};

/// The element-wise construction of a cuda::std value from \p Arg, whose
/// type is \p T (`std::array<T, N>` with N up to 16, or `std::pair<A, B>`),
/// for an argument written as \p ArgText; nullopt for any other type.
std::optional<std::string> elementwiseCopy(clang::QualType T,
                                           llvm::StringRef ArgText,
                                           const clang::ASTContext &Ctx);

class KernelParamConverter {
public:
  explicit KernelParamConverter(RuleContext &Ctx) : Ctx(Ctx) {}
  /// The plan for the parameter of a kernel that \p Loc (a std name in its
  /// declared type) lies in; Convertible is false where Loc is not the
  /// whole type of a parameter of a kernel.
  const KernelParamPlan &planFor(const clang::FunctionDecl &Kernel,
                                 clang::SourceLocation Loc);
  /// True if \p P, a kernel parameter, becomes a cuda::std type.
  bool converts(const clang::ParmVarDecl &P);

private:
  void findLaunches();
  KernelParamPlan plan(const clang::FunctionDecl &Kernel, unsigned Index);

  RuleContext &Ctx;
  bool Searched = false;
  /// Launches of each kernel (canonical declaration) in the project's code.
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::vector<const clang::CUDAKernelCallExpr *>>
      Launches;
  /// Where a kernel is named other than as the callee of a launch.
  llvm::DenseMap<const clang::FunctionDecl *, clang::SourceLocation> OtherUses;
  llvm::DenseMap<std::pair<const clang::FunctionDecl *, unsigned>,
                 KernelParamPlan>
      Plans;
  KernelParamPlan None;
};

} // namespace cudalower

//===--- BranchStraddle.h - Lambdas that leave a conditional ----*- C++ -*-===//
//
// Portability layers write one loop body for several back ends by opening
// the lambda in each branch of a conditional and sharing the rest of it:
//
//   #ifdef AMREX_USE_SYCL
//     launch(n, [=] AMREX_GPU_DEVICE (Handler const& gh) noexcept {
//       int tid = gh.threadIdx();
//   #else
//     launch_global<<<n, 256>>>([=] AMREX_GPU_DEVICE () noexcept {
//       int tid = threadIdx.x;
//   #endif
//       shared(tid);          // the tail: every branch's lambda ends here
//     });
//
// Replacing the parsed lambda's text with its functor would take the
// `#endif` and the tail with it. The preprocessor reads the tail after
// whichever branch is taken, so it may as well be written at the end of
// each branch: moved there, the lambda lies inside its branch, and every
// configuration reads the same tokens as before. The edits below do that,
// and cut the other branches out of the functor's copy of the body.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <utility>
#include <vector>

namespace cudalower::lowering {

/// The edits for one lambda that begins in a branch of a conditional block
/// and ends after its `#endif`, as offsets into its file's text.
struct StraddleEdits {
  /// Cut from the functor's copy of the body: from the line of the
  /// directive that ends the lambda's branch to the end of the `#endif`
  /// line. Empty when the body begins after the `#endif`.
  unsigned CutBegin = 0, CutEnd = 0;
  /// Before the lambda: the tail, at the end of each earlier branch.
  std::vector<std::pair<unsigned, std::string>> Inserts;
  /// Written after the construction, in place of the rest of the lambda's
  /// text: the later branches, each ending with the tail, and the `#endif`.
  std::string AfterConstruction;
};

/// \p Text is the file; \p Directives an offset on each directive line of
/// the block (`#if`, `#elif`..., `#else`, `#endif`); the lambda begins in
/// branch \p Branch (between Directives[Branch] and Directives[Branch+1])
/// at \p LambdaBegin, its body at \p BodyBegin, and its text ends at
/// \p LambdaEnd (one past its `}`), after the `#endif`.
StraddleEdits straddleEdits(llvm::StringRef Text,
                            llvm::ArrayRef<unsigned> Directives, bool HasElse,
                            unsigned Branch, unsigned BodyBegin,
                            unsigned LambdaEnd);

} // namespace cudalower::lowering

//===--- NvccLenientConstexpr.cpp - The nvcc-lenient-constexpr rule -------===//

#include "Rules/NvccLenientConstexpr.h"

using namespace clang;

namespace cudalower {

/// The finding for a fix of one of this rule's kinds.
static std::string lenientConstexprMessage(const ParseFixReference &Fix) {
  if (Fix.Kind == ParseFixKind::StaticMemberThis)
    return "static member '" + Fix.Name +
           "' is named through 'this' in a constant expression, which nvcc "
           "accepts and Clang does not; name it '" +
           Fix.Text + Fix.Name + "'";
  if (Fix.Kind == ParseFixKind::HostOnlyConstexpr)
    return "constexpr function '" + Fix.Name +
           "' has no execution space, which nvcc reads as __host__ and "
           "Clang as __host__ __device__, whose device side picks a "
           "__device__ overload that nvcc never considers there and that "
           "does not compile; declare it '__host__ constexpr', which means "
           "the same to nvcc";
  return "constexpr function '" + Fix.Name +
         "' defines a variable of non-literal type, which nvcc accepts while "
         "the function is never evaluated as a constant and Clang rejects "
         "before C++23; declare it 'inline' instead of 'constexpr'";
}

void NvccLenientConstexpr::finishTranslationUnit() {
  // The parse read Text at Loc; the edit replaces what the file on disk
  // has there (the range of Text becomes the range of what it replaced).
  for (const ParseFixReference &Fix : parseFixesOf(parseFixesWritten()))
    diag(Fix.Loc, lenientConstexprMessage(Fix))
        .replace(CharSourceRange::getCharRange(
                     Fix.Loc, Fix.Loc.getLocWithOffset(Fix.Text.size())),
                 Fix.Text);
}

PreScanTriggers NvccLenientConstexpr::preScanTriggers() {
  // Nothing for the wrapper to find: it rewrites code nvcc accepts and Clang rejects.
  return PreScanTriggers::nvccNeedsNone();
}

llvm::ArrayRef<ParseFixKind> NvccLenientConstexpr::parseFixesWritten() {
  static const ParseFixKind Kinds[] = {ParseFixKind::StaticMemberThis,
                                       ParseFixKind::NonLiteralConstexpr,
                                       ParseFixKind::HostOnlyConstexpr};
  return Kinds;
}

} // namespace cudalower

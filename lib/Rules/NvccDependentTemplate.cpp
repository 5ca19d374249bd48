//===--- NvccDependentTemplate.cpp - The nvcc-dependent-template rule -----===//

#include "Rules/NvccDependentTemplate.h"

using namespace clang;

namespace cudalower {

/// The finding for a keyword the parse inserted.
static std::string dependentNameMessage(const ParseFixReference &Fix) {
  if (Fix.Kind == ParseFixKind::DependentBaseMember)
    return "member '" + Fix.Name +
           "' of a dependent base class is named without 'this->', which "
           "nvcc accepts and Clang does not; insert 'this->'";
  if (Fix.Kind == ParseFixKind::TypenameKeyword)
    return "dependent type '" + Fix.Name +
           "' is named without 'typename', which nvcc accepts and Clang "
           "does not; insert 'typename'";
  return "dependent member template '" + Fix.Name +
         "' is named without 'template', which nvcc accepts and Clang does "
         "not; insert 'template'";
}

void NvccDependentTemplate::finishTranslationUnit() {
  // The parse read the keyword at Loc; the edit puts it in the file.
  for (const ParseFixReference &Fix : parseFixesOf(parseFixesWritten()))
    diag(Fix.Loc, dependentNameMessage(Fix)).insert(Fix.Loc, Fix.Text);
}

PreScanTriggers NvccDependentTemplate::preScanTriggers() {
  // Nothing for the wrapper to find: it inserts keywords only Clang needs.
  return PreScanTriggers::nvccNeedsNone();
}

llvm::ArrayRef<ParseFixKind> NvccDependentTemplate::parseFixesWritten() {
  static const ParseFixKind Kinds[] = {ParseFixKind::TemplateKeyword,
                                       ParseFixKind::TypenameKeyword,
                                       ParseFixKind::DependentBaseMember};
  return Kinds;
}

} // namespace cudalower

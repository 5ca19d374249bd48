//===--- DeviceFreeEntities.cpp - std entities the GPU runs no code for ---===//

#include "Rules/StdToCudaStd/DeviceFreeEntities.h"
#include "Analysis/ExecSpace.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace cudalower {

/// The class named by a base specifier, looking into templates.
static const CXXRecordDecl *baseRecord(const CXXBaseSpecifier &B) {
  if (const CXXRecordDecl *RD = B.getType()->getAsCXXRecordDecl())
    return RD;
  if (const auto *TST = B.getType()->getAs<TemplateSpecializationType>())
    if (const auto *CTD = dyn_cast_or_null<ClassTemplateDecl>(
            TST->getTemplateName().getAsTemplateDecl()))
      return CTD->getTemplatedDecl();
  return nullptr;
}

/// True for a class with no data, here or in its bases (a tag, a trait).
static bool isStateless(const CXXRecordDecl *RD, int Depth) {
  if (!RD || Depth > 16 || !RD->hasDefinition())
    return false;
  RD = RD->getDefinition();
  if (!RD->fields().empty() || RD->isPolymorphic())
    return false;
  return llvm::all_of(RD->bases(), [&](const CXXBaseSpecifier &B) {
    return isStateless(baseRecord(B), Depth + 1);
  });
}

/// True if \p RD is std::exception or derives from it (dependent bases of
/// a template pattern are followed as far as they are known).
static bool derivesFromStdException(const CXXRecordDecl *RD, int Depth) {
  if (!RD || Depth > 16 || !RD->hasDefinition())
    return false;
  RD = RD->getDefinition();
  if (stdMemberName(*RD) == std::optional<std::string>("exception"))
    return true;
  return llvm::any_of(RD->bases(), [&](const CXXBaseSpecifier &B) {
    return derivesFromStdException(baseRecord(B), Depth + 1);
  });
}

bool isStdException(const NamedDecl *D) {
  const auto *RD = dyn_cast<CXXRecordDecl>(D);
  if (const auto *CTD = dyn_cast<ClassTemplateDecl>(D))
    RD = CTD->getTemplatedDecl();
  return RD && derivesFromStdException(RD, 0);
}

bool needsNoDeviceCode(const StdUse &U) {
  const NamedDecl *D = U.Target;
  if (U.AsQualifier)
    return true; // std::iterator_traits<It>::value_type, a trait's ::value
  if (U.Kind == UseKind::Type && U.BehindIndirection)
    return true; // a reference passed on: its members' calls are uses too
  if (const auto *VD = dyn_cast<VarDecl>(D))
    return VD->isConstexpr();
  if (const auto *TND = dyn_cast<TypedefNameDecl>(D)) {
    // std::string is an alias of a class that holds data.
    const auto *Class =
        TND->getUnderlyingType().getCanonicalType()->getAsCXXRecordDecl();
    return !Class || (isStateless(Class, 0) && !isStdException(Class));
  }
  if (isa<VarTemplateDecl>(D) || isa<EnumConstantDecl>(D) ||
      isa<TypeAliasTemplateDecl>(D) || isa<EnumDecl>(D))
    return true;
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    return hasExplicitAttr<CUDADeviceAttr>(*FD);
  const auto *RD = dyn_cast<CXXRecordDecl>(D);
  if (const auto *CTD = dyn_cast<ClassTemplateDecl>(D))
    RD = CTD->getTemplatedDecl();
  // An empty class (a tag, a trait) holds nothing to run; initializer_list
  // is made __host__ __device__ by nvcc (guide §5.3.11.7).
  if (U.Name == "initializer_list")
    return true;
  return RD && isStateless(RD, 0) && !isStdException(D);
}

} // namespace cudalower

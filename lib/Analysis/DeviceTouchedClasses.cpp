//===--- DeviceTouchedClasses.cpp - Classes device code touches -----------===//

#include "Analysis/DeviceTouchedClasses.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace cudalower {

/// The class whose members the walk over patterns sees for \p RD: the
/// pattern of an instantiation, else \p RD itself.
static const CXXRecordDecl *patternOf(const CXXRecordDecl *RD) {
  if (const CXXRecordDecl *P = RD->getTemplateInstantiationPattern())
    RD = P;
  else if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(RD);
           S && !S->isExplicitSpecialization())
    RD = S->getSpecializedTemplate()->getTemplatedDecl();
  return RD->getCanonicalDecl();
}

void DeviceTouchedClasses::touch(QualType T) {
  if (!T.isNull() && SeenTypes.insert(T.getTypePtr()).second)
    addIn(T, /*ThroughPointers=*/true);
}

void DeviceTouchedClasses::add(const CXXRecordDecl *RD) {
  RD = patternOf(RD);
  if (Touched.insert(RD).second)
    Work.push_back(RD);
}

void DeviceTouchedClasses::addIn(QualType T, bool ThroughPointers) {
  while (!T.isNull()) {
    if (const ArrayType *A = T->getAsArrayTypeUnsafe())
      T = A->getElementType();
    else if (ThroughPointers && (T->isPointerType() || T->isReferenceType()))
      T = T->getPointeeType();
    else
      break;
  }
  if (T.isNull())
    return;
  auto AddArgs = [&](llvm::ArrayRef<TemplateArgument> Args) {
    for (const TemplateArgument &A : Args)
      if (A.getKind() == TemplateArgument::Type)
        addIn(A.getAsType(), ThroughPointers);
  };
  // `Box<T>` in a template names no class declaration, only the template.
  if (const auto *TST = T->getAs<TemplateSpecializationType>()) {
    if (const auto *CTD = dyn_cast_or_null<ClassTemplateDecl>(
            TST->getTemplateName().getAsTemplateDecl()))
      add(CTD->getTemplatedDecl());
    AddArgs(TST->template_arguments());
  }
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) {
    add(RD);
    if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      AddArgs(S->getTemplateArgs().asArray());
  }
}

void DeviceTouchedClasses::close() {
  // A copy of a touched object copies its bases and members too; what it
  // only points to is not copied.
  while (!Work.empty()) {
    const CXXRecordDecl *RD = Work.back()->getDefinition();
    Work.pop_back();
    if (!RD)
      continue;
    for (const CXXBaseSpecifier &B : RD->bases())
      addIn(B.getType(), /*ThroughPointers=*/false);
    for (const FieldDecl *F : RD->fields())
      addIn(F->getType(), /*ThroughPointers=*/false);
  }
}

bool DeviceTouchedClasses::contains(const CXXRecordDecl *RD) const {
  return Touched.contains(patternOf(RD));
}

} // namespace cudalower

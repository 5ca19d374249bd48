//===--- DeviceTouchedClasses.h - Classes device code touches ---*- C++ -*-===//
//
// A data member's std type is device code's only in a class that device
// code touches: host-only classes (a test framework's, a runtime's) share
// nothing with the GPU, and their members stay as written (StdUses).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <vector>

namespace cudalower {

/// The classes device code touches: those it names or holds objects of
/// (kernel and __host__ __device__ signatures, device bodies and lambdas,
/// arguments of kernel launches), those with member functions that run on
/// the GPU, and,
/// transitively, the classes those hold by value (bases, data members,
/// template arguments). Classes are keyed by their template pattern, as the
/// walk over patterns sees their members.
class DeviceTouchedClasses {
public:
  /// Records the classes that \p T (device code names or holds it) mentions,
  /// through pointers, references and template arguments.
  void touch(clang::QualType T);
  /// Records \p RD itself (a class with a member function that runs on the
  /// GPU is device code's own).
  void touchClass(const clang::CXXRecordDecl *RD) { add(RD); }
  /// Adds what the touched classes hold by value; call once, after the
  /// last touch().
  void close();
  bool contains(const clang::CXXRecordDecl *RD) const;

private:
  void add(const clang::CXXRecordDecl *RD);
  void addIn(clang::QualType T, bool ThroughPointers);
  llvm::SmallPtrSet<const clang::CXXRecordDecl *, 32> Touched;
  llvm::SmallPtrSet<const clang::Type *, 32> SeenTypes;
  std::vector<const clang::CXXRecordDecl *> Work;
};

} // namespace cudalower

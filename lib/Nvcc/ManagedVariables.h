//===--- ManagedVariables.h - `__managed__` as nvcc reads it ----*- C++ -*-===//
#pragma once

namespace clang {
class Preprocessor;
class VarDecl;
} // namespace clang

namespace cudalower {

/// Makes `__managed__` mean what it means to nvcc in the parses of \p PP: a
/// `__device__` variable that host code reads and writes too (CUDA
/// Programming Guide, unified memory), marked so that isNvccManaged finds
/// it.
///
/// The toolkit's host_defines.h spells it `__location__(managed)`, an
/// attribute Clang reads for HIP only; in CUDA it is dropped ("'managed'
/// attribute ignored"), the variable is a host variable, and every use in
/// device code is an error (`reference to __host__ variable`), though nvcc
/// accepts it. The definition is replaced where host_defines.h makes it,
/// or, when that was read from a precompiled prelude, as the main file
/// starts. The source text is not changed.
void readManagedAsNvcc(clang::Preprocessor &PP);

/// True if \p V was declared `__managed__` (HIP's attribute, or CUDA's as
/// readManagedAsNvcc reads it).
bool isNvccManaged(const clang::VarDecl &V);

} // namespace cudalower

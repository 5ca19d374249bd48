//===--- DeviceFreeEntities.h - std entities the GPU runs no code for -*- C++
//-*-===//
//
// std-to-cuda-std reports a std entity that libcu++ lacks only where it
// must run on the GPU: compile-time entities (traits, tags, constexpr
// variables, enums, aliases of empty classes) and what nvcc allows there
// need no device equivalent; exceptions never have one.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/StdUses.h"
#include "clang/AST/Decl.h"

namespace cudalower {

/// True if \p D is std::exception or a class (template) derived from it,
/// following the dependent bases of a template pattern as far as they are
/// known.
bool isStdException(const clang::NamedDecl *D);

/// True if \p U names an entity that only exists at compile time, or that
/// nvcc allows on the GPU: it needs no libcu++ equivalent.
bool needsNoDeviceCode(const StdUse &U);

} // namespace cudalower

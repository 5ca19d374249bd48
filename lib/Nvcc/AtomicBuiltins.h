//===--- AtomicBuiltins.h - nvcc's __nv_atomic_* builtins -------*- C++ -*-===//
//
// nvcc (CUDA 12.8 and later): `__nv_atomic_load_n(p, __NV_ATOMIC_RELAXED)`,
// `__nv_atomic_fetch_add(p, v, order, scope)` and the rest of the family
// are builtins of its front end, with the memory orders and thread scopes
// as enumerators that crt/device_functions.h declares; nvcc announces them
// with `__CUDACC_DEVICE_ATOMIC_BUILTINS__`. Code calls them directly
// (`#if CUDA_VERSION >= 12080`), with or without the two flags.
// Clang: unknown names, and its CUDA wrapper skips device_functions.h, so
// the enumerators are unknown too: such a source did not parse (exit 3).
// cuda-lower: where the toolkit's nvcc announces them, every parse defines
// each builtin as a macro for the GCC atomic builtin of the same meaning
// (`__atomic_load_n`), whose types Clang checks as nvcc does, and the
// enumerators as their values. The thread scope, which the GCC builtins do
// not take, is still evaluated, so that the parse sees every name it uses
// (a lambda that names a variable only there still captures it). Only the
// parse reads the macros: the output calls nvcc's builtins as written.
// Tests: lit nvcc-isms/atomic-builtins.cu, unit NvccAtomicBuiltins.*.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace cudalower {

/// The `-D` texts (without `-D`) that give a Clang parse nvcc's atomic
/// builtins and their memory-order and thread-scope enumerators.
const std::vector<std::string> &atomicBuiltinMacros();

} // namespace cudalower

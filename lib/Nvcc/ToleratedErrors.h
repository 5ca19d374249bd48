//===--- ToleratedErrors.h - Clang errors on code nvcc builds ---*- C++ -*-===//
//
// Clang rejects a few constructs that nvcc (with the flags a source was
// written for, and without them) compiles, and that no rewrite needs to
// touch. The rules' parse and verification both drop these errors, through
// the one function below, so that the two stay in step.
//
// Each entry, with nvcc's behaviour, Clang's, and what cuda-lower does:
//
// - Runtime functions re-declared as nvcc declares them. nvcc's
//   crt/common_functions.h declares `__assert_fail` __host__ __device__;
//   Clang's CUDA wrapper (__clang_cuda_runtime_wrapper.h) defines a
//   __device__ one. A header written for nvcc that re-declares such a
//   function with nvcc's execution space (CCCL 3's cuda/std/__cccl/assert.h
//   under NDEBUG, reached from every Thrust, CUB and libcu++ header) meets
//   Clang's "__host__ __device__ function cannot overload __device__
//   function". The re-declaration is dropped; calls resolve to Clang's own
//   declarations, which have the same meaning. Tests: lit
//   nvcc-isms/ndebug-cccl.cu, nvcc-isms/cccl-configurations.test; unit
//   ToleratedErrors.*.
// - Function-scope __shared__ variables of a class with a non-empty
//   constructor, declared without an initialiser (`__shared__
//   cuda::barrier<...> bar;`, CUDA samples simpleAWBarrier): nvcc warns
//   (#20054-D) and never runs the initialisation; Clang: "initialization is
//   not supported for __shared__ variables". The error is dropped. Tests:
//   lit nvcc-isms/shared-variable-init.cu; unit SharedInitialisation.*.
// - Errors of the host pass inside device-only template instantiations
//   (tiny-cuda-nn's `__CUDA_ARCH__`-only `atomic_add_gmem` overload called
//   from a kernel template): EDG instantiates such bodies only in the device
//   compilation, Clang in both passes. The device pass reads the same body
//   and reports the error if it is one. Tests: lit
//   nvcc-isms/device-only-instantiation.cu; unit LeftToDevicePass.*.
// - C++11 attributes on the parameters of a lambda written with CUDA
//   attributes (`[=] __device__ (int i, [[maybe_unused]] int j)`, or
//   through a macro such as `KOKKOS_LAMBDA`): nvcc reads them; Clang's
//   parser, once it has read GNU attributes after the introducer, refuses
//   every `[[...]]` in the parameter clause ("an attribute list cannot
//   appear here") and reads the parameter without it. The error is dropped:
//   the lowered functor's `operator()` keeps the attribute as written, where
//   Clang reads it. Tests: lit nvcc-isms/lambda-parameter-attributes.cu;
//   unit ToleratedErrors.AttributesOnCudaLambdaParameters.
// - An empty braced list assigned to an object of a class with several
//   assignment operators (`half2 res2; res2 = {};`, the GPTQ-style kernels
//   of HeCBench's quant3MatMul-cuda): nvcc accepts it; Clang finds the
//   copy assignment and `operator=(const __half2_raw &)` equally good
//   ("use of overloaded operator '=' is ambiguous"). The error is dropped;
//   the statement is kept as written. Tests: lit
//   nvcc-isms/empty-brace-assignment.cu; unit
//   ToleratedErrors.EmptyBraceAssignment.
//
// Calls across execution spaces from __host__ __device__ code (#20011-D
// and kin) are warnings for nvcc too, but the rules read them: see
// isOnlyAWarningForNvcc.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Nvcc/ErrorContext.h"

namespace clang {
class Diagnostic;
class Sema;
} // namespace clang

namespace cudalower {

/// True for a Clang error on code nvcc compiles, which the parse and
/// verification drop: see the list above. \p S: the parse's Sema while it
/// lives (some entries read the declaration being parsed), or null.
bool isToleratedError(const clang::Diagnostic &Info, const clang::Sema *S);

/// True for Clang's "an attribute list cannot appear here" at a C++11
/// attribute in the parameter clause of a lambda written with CUDA
/// attributes (`[=] __device__ (int i, [[maybe_unused]] int j)`).
bool isAttributeInCudaLambdaParameters(const clang::Diagnostic &Info,
                                       const clang::Sema *S);

/// True for Clang's "use of overloaded operator '=' is ambiguous" where the
/// right operand is an empty braced list (`res2 = {};`).
bool isAmbiguousEmptyBraceAssignment(const clang::Diagnostic &Info);

/// True for Clang's "cannot overload" error on a re-declaration of a
/// function that one of Clang's own CUDA wrapper headers declares with
/// another execution space (`__assert_fail`: __device__ there,
/// __host__ __device__ in nvcc's headers and in CCCL's re-declaration).
bool isRedeclarationOfClangRuntime(const clang::Diagnostic &Info);

/// True for Clang's error on a function-scope __shared__ variable declared
/// without an initialiser, whose class has a constructor or destructor
/// that is not empty (`__shared__ cuda::barrier<...> bar;`). The
/// Programming Guide forbids such a class (§5.3.10.6.1); nvcc compiles the
/// declaration with warning #20054-D and never runs that initialisation,
/// and CUDA's own samples rely on it. An initialiser written out, or a
/// variable at namespace scope, is an error for nvcc too (not matched).
/// \p S: the parse's Sema, which holds the variable being declared.
bool isSharedInitialisationNvccSkips(const clang::Diagnostic &Info,
                                     const clang::Sema *S);

/// True for an error of the host pass that nvcc's host compilation never
/// meets: Clang was instantiating, or instantiating for, a function that
/// only the device compiles (a `__global__` or `__device__` template).
/// Clang instantiates such bodies in both passes; EDG only in the device
/// compilation, so code that names a `__CUDA_ARCH__`-only overload there
/// compiles with nvcc. The device pass reads the same body, and reports the
/// error if it is one.
bool isLeftToDevicePass(const ErrorContext &Where);

} // namespace cudalower

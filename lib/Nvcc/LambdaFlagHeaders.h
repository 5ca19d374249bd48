//===--- LambdaFlagHeaders.h - Headers --extended-lambda brings -*- C++ -*-===//
//
// nvcc: with --extended-lambda, cuda_runtime.h includes <functional> and
// <utility> (and through them, in libstdc++, <unordered_map>, <vector>,
// <array>...); code that uses such a name without its header builds with
// the flag only (BGHT's examples/histogram.cu).
// Clang: the same, under each semantics the parses emulate.
// cuda-lower: the rules' parse reads the code as nvcc with the flag does;
// verification, which reads the output as plain nvcc does, reports the
// missing name with the cause and the header to include (exit 1, nothing
// written). Tests: lit engine/verify-extended-lambda-includes.cu; unit
// VerificationTest.AStdNameOnlyTheLambdaFlagIncludedIsExplained.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace clang {
class Diagnostic;
} // namespace clang

namespace cudalower {

/// True for "no member (or template) named X in namespace 'std'": in the
/// output of a source whose parse found X, a name only a header that
/// --extended-lambda includes declared (verification says so).
bool isMissingStdName(const clang::Diagnostic &Info);

} // namespace cudalower

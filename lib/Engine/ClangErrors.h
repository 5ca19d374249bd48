//===--- ClangErrors.h - Reading Clang's errors as nvcc would ---*- C++ -*-===//
#pragma once

#include "clang/Basic/Diagnostic.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/ADT/ArrayRef.h"

#include <functional>
#include <string>
#include <vector>

namespace clang {
class DeclContext;
class FunctionDecl;
class NamedDecl;
class Sema;
} // namespace clang

namespace cudalower {

/// True for Clang errors that nvcc only warns about: a __host__ __device__
/// function using a function or a variable of one side only (#20011-D,
/// #20014-D, #20094-D).
bool isOnlyAWarningForNvcc(const clang::Diagnostic &Info);

/// The declaration a cross-space error (`reference to __host__ function ...
/// in __device__ function`) is about, or null for other errors.
const clang::NamedDecl *crossSpaceTarget(const clang::Diagnostic &Info);

/// Keys that identify a cross-space error across two parses of one program,
/// before and after a rewrite: where it is (\p File, \p Offset in the file
/// as read), and what it refers to (a callee, which keeps its name when
/// the code around the call moves into a functor). Verification accepts a
/// cross-space error of the output that the input had under one of them.
/// \p Target is the qualified name of what the error refers to, or "".
std::vector<std::string> crossSpaceKeys(const std::string &File,
                                        unsigned Offset,
                                        const std::string &Target);

/// Where the parser was when Clang reported an error (Sema's state then):
/// what reading the error needs from the declarations around it.
struct ErrorContext {
  /// The function being parsed or instantiated (not a lambda's operator).
  const clang::FunctionDecl *Function = nullptr;
  const clang::DeclContext *Context = nullptr;
  /// True in the device compilation pass.
  bool DevicePass = false;
  /// The functions whose instantiation Sema is in, outermost first: each
  /// one's instantiation was asked for by the one before it.
  std::vector<const clang::FunctionDecl *> Instantiating = {};
};

/// Where \p S is now.
ErrorContext contextOf(const clang::Sema &S);

/// True for an error of the host pass that nvcc's host compilation never
/// meets: Clang was instantiating, or instantiating for, a function that
/// only the device compiles (a `__global__` or `__device__` template).
/// Clang instantiates such bodies in both passes; EDG only in the device
/// compilation, so code that names a `__CUDA_ARCH__`-only overload there
/// compiles with nvcc. The device pass reads the same body, and reports the
/// error if it is one.
bool isLeftToDevicePass(const ErrorContext &Where);

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

/// True for "no member (or template) named X in namespace 'std'": in the
/// output of a source whose parse found X, a name only a header that
/// --extended-lambda includes declared (verification says so).
bool isMissingStdName(const clang::Diagnostic &Info);

/// Tells its owner the parse's Sema while it lives (null after): some
/// errors are read with the state Sema was in when Clang reported them.
class SemaTap : public clang::SemaConsumer {
public:
  explicit SemaTap(std::function<void(clang::Sema *)> Tell)
      : Tell(std::move(Tell)) {}
  void InitializeSema(clang::Sema &S) override { Tell(&S); }
  void ForgetSema() override { Tell(nullptr); }

private:
  std::function<void(clang::Sema *)> Tell;
};

/// For a Clang error (with its notes) on code that nvcc accepts and no
/// Clang switch lets through, what nvcc accepts there and a spelling both
/// compilers accept; "" for any other error. \p Where: where the parser was.
std::string nvccExtensionHint(llvm::ArrayRef<clang::StoredDiagnostic> Held,
                              const ErrorContext &Where = {});

} // namespace cudalower

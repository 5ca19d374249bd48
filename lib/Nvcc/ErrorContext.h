//===--- ErrorContext.h - Where the parser was at a Clang error -*- C++ -*-===//
//
// Several differences between nvcc and Clang are told apart by the
// declarations around an error (the function being instantiated, the class
// a member belongs to), which only Sema's state at the time says. The
// parses hand their Sema to the readers of errors through SemaTap.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Sema/SemaConsumer.h"

#include <functional>
#include <vector>

namespace clang {
class DeclContext;
class Diagnostic;
class FunctionDecl;
class NamedDecl;
class Sema;
} // namespace clang

namespace cudalower {

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
  /// The declarations the error names (its arguments of that kind): the
  /// stored diagnostic keeps only their names.
  std::vector<const clang::NamedDecl *> Named = {};
};

/// Where \p S is now.
ErrorContext contextOf(const clang::Sema &S);
/// Where \p S was when it reported \p Error, with what the error names.
ErrorContext contextOf(const clang::Sema &S, const clang::Diagnostic &Error);

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

} // namespace cudalower

//===--- StdToCudaStd.h - std:: in device code to cuda::std:: ---*- C++ -*-===//
#pragma once

#include "cudalower/Rule.h"
#include <optional>
#include <string>

namespace clang {
class DeclContext;
class FunctionDecl;
class NamedDecl;
} // namespace clang

namespace cudalower {

/// Rewrites each use of a std:: entity in device code to the cuda::std::
/// entity of libcu++ and includes its header; reports the uses it cannot
/// rewrite. See docs/rules/std-to-cuda-std.md.
class StdToCudaStd : public Rule {
public:
  StdToCudaStd(llvm::StringRef Name, RuleContext &Ctx);
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &) override {}
  void onEndOfTranslationUnit() override;

private:
  const bool RewriteInterfaceTypes;
  const bool RewriteMoveForward;
};

/// Where code runs, as nvcc without --expt-relaxed-constexpr sees it.
enum class ExecSpace { Host, Device, HostDevice, Global };

/// The execution space of \p FD from its explicit attributes only: Clang's
/// implicit ones (every constexpr function is implicitly __host__
/// __device__) do not make a function device code for nvcc.
ExecSpace explicitExecSpace(const clang::FunctionDecl &FD);

/// The execution space of code written directly in \p DC. A lambda without
/// attributes takes the space of the code around it; a __device__ or
/// __host__ __device__ lambda its own.
ExecSpace execSpaceOf(const clang::DeclContext *DC);

/// True if code in \p Space is compiled for the GPU.
inline bool runsOnDevice(ExecSpace Space) { return Space != ExecSpace::Host; }

/// The name of \p D below namespace std ("min", "chrono::duration"), looking
/// through inline namespaces such as std::__cxx11; nullopt if \p D is not a
/// namespace-scope entity of std (a class member, say).
std::optional<std::string> stdMemberName(const clang::NamedDecl &D);

/// Where a `#include` line goes in \p FileText: the start of the line after
/// the last #include that precedes the first line of code, in the same
/// preprocessor conditional as that code; failing that, after the last
/// directive there (an include guard's #define, #pragma once); failing
/// that, the start of the first line of code. Depends only on the text, so
/// every fix that adds an include to one file adds it at one place.
struct IncludeSite {
  unsigned Offset = 0;
  /// The text at Offset does not start a line (the anchor line ends the
  /// file without a newline): start the insertion with one.
  bool NeedsNewline = false;
};
IncludeSite findIncludeSite(llvm::StringRef FileText);

/// True if \p FileText has `#include <Header>` (or "Header").
bool includesHeader(llvm::StringRef FileText, llvm::StringRef Header);

} // namespace cudalower

//===--- StdUses.h - Names of std entities in device code -------*- C++ -*-===//
//
// Finds every name in device code that refers to an entity of namespace std,
// with what the rule needs to decide about it: where it is (device code, or
// a type host code shares), how it is spelled, and what it is applied to.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/ExecSpace.h"
#include "cudalower/Rule.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CallExpr;
class UsingDecl;
} // namespace clang

namespace cudalower {

/// The name of \p D below namespace std ("min", "chrono::duration"), looking
/// through inline namespaces such as std::__cxx11; nullopt if \p D is not a
/// namespace-scope entity of std (a class member, say).
std::optional<std::string> stdMemberName(const clang::NamedDecl &D);

/// How the code around a use relates to the GPU.
enum class Site {
  Host,       ///< Host code: never touched.
  Device,     ///< Runs on the GPU, or declares what only the GPU uses.
  SharedType, ///< A type that host code shares with device code.
};

enum class UseKind { Function, Variable, Type, UsingDecl, MemberCall };

/// One name in device code that refers to an entity of namespace std.
struct StdUse {
  UseKind Kind = UseKind::Function;
  const clang::NamedDecl *Target = nullptr; ///< The entity (shadows resolved).
  std::string Name;                 ///< Below std::, e.g. "chrono::duration".
  clang::SourceLocation NameLoc;    ///< The name as written.
  clang::SourceLocation StdToken;   ///< The `std` (or alias) token, if any.
  bool StdIsGlobal = false;         ///< Written `::std`.
  clang::SourceRange OtherQualifier; ///< A qualifier not naming std (util::).
  Site Where = Site::Device;
  llvm::StringRef SharedWhat; ///< For SharedType: what the type belongs to.
  const clang::UsingDecl *FoundVia = nullptr; ///< Found through this.
  const clang::CallExpr *Call = nullptr;      ///< The call it is the callee of.
  bool AsQualifier = false; ///< A type that only qualifies a name (a trait).
  /// A type named only behind a pointer or a reference (`std::string &`,
  /// `Prop<std::string> *`): the code holds no object of it.
  bool BehindIndirection = false;
  clang::QualType WrittenType;          ///< For types: the type as written.
  const clang::DeclContext *Context = nullptr; ///< Where the use is.
  /// For the type of a data member shared with host code: its class (the
  /// template pattern for a member of a class template).
  const clang::CXXRecordDecl *MemberOf = nullptr;
};

struct StdUses {
  std::vector<StdUse> Uses;
  /// Using-declarations in device code, rewritten themselves: the names
  /// found through them need no edit of their own.
  llvm::SmallPtrSet<const clang::UsingDecl *, 8> DeviceUsings;
};

/// Walks the user's code in the translation unit of \p Ctx (template
/// patterns, not instantiations) and returns the uses of std entities that
/// are not in host code. A data member's type counts only in a class that
/// device code touches (see DeviceTouchedClasses.h): host-only classes, a
/// test framework's or a runtime's, share nothing with the GPU.
/// \p MadeHostDevice: functions written without a space that another rule
/// of the run annotates __host__ __device__ (constexpr-host-call makes a
/// constexpr function device code calls device-callable, leaving the std
/// calls in it to std-to-cuda-std); their bodies are device code too.
/// Canonical declarations.
using FunctionSet = llvm::SmallPtrSet<const clang::FunctionDecl *, 16>;
StdUses findStdUses(RuleContext &Ctx,
                    const FunctionSet *MadeHostDevice = nullptr);

} // namespace cudalower

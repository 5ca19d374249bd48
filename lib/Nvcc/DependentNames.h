//===--- DependentNames.h - Dependent names nvcc finds alone ----*- C++ -*-===//
//
// nvcc: EDG looks a dependent name up when the template is instantiated,
// so it accepts a dependent member template named without `template`
// (`typename table<T>::view<>`, `f.operator()<2>(x)`,
// `ref.retrieve<BlockSize>(g, a, b)`), a dependent type named without
// `typename`, and a member of a dependent base class named without
// `this->` (cuCollections' views).
// Clang: errors (with a fix-it for some), relaxed only by
// -fms-compatibility, which changes far more.
// cuda-lower: the parse writes the keyword into its copy of the file and
// parses again (SpellingFixes.def); rule nvcc-dependent-template writes it.
// Tests: lit nvcc-isms/dependent-template-keyword.cu, typename-missing.cu,
// nvcc-dependent-template/basic.cu; unit ParseFixesTest.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Nvcc/ErrorContext.h"
#include "Nvcc/FixSite.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace cudalower {

/// Where to insert `template` for a Clang error that only a missing
/// `template` keyword before a dependent member template name causes (with
/// Clang's fix-it where Sema gives one); none for any other error. The
/// place is where the name is spelled: in a macro definition if the name is
/// written there (`template` is valid in every expansion, dependent or
/// not).
std::optional<ParseFixSite>
templateKeywordFix(const clang::StoredDiagnostic &Error);

/// Where to insert `typename` for Clang's `missing 'typename' prior to
/// dependent type name` (where its fix-it puts it; spelled in a macro
/// definition alike: `typename` before a qualified name is valid outside
/// templates too).
std::optional<ParseFixSite>
typenameKeywordFix(const clang::StoredDiagnostic &Error);

/// Where to insert `this->` for Clang's `explicit qualification required
/// to use member 'f' from dependent base class`: nvcc (like MSVC) finds a
/// member of a dependent base named without `this->` when it instantiates
/// the template; Clang asks for `this->` (only in the file that writes the
/// name, not in a macro).
std::optional<ParseFixSite>
dependentBaseMemberFix(const clang::StoredDiagnostic &Error);

/// What nvcc accepts and what both compilers accept, for Clang's error on a
/// dependent member template named without `template`; "" for any other.
std::string templateKeywordHint(llvm::ArrayRef<clang::StoredDiagnostic> Held,
                                const ErrorContext &Where);

/// The same for a dependent type named without `typename`.
std::string typenameKeywordHint(llvm::ArrayRef<clang::StoredDiagnostic> Held,
                                const ErrorContext &Where);

/// The same for a member of a dependent base named without `this->`.
std::string dependentBaseMemberHint(llvm::ArrayRef<clang::StoredDiagnostic> Held,
                                    const ErrorContext &Where);

} // namespace cudalower

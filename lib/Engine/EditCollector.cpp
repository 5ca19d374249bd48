//===--- EditCollector.cpp - Merges findings from every TU and pass -------===//

#include "Engine/EditCollector.h"
#include "llvm/Support/Error.h"
#include <algorithm>

namespace cudalower {

/// Appended to a finding whose passes (or TUs) propose different fixes.
static const char *const DisagreementNote =
    " (not rewritten: the host and device compilation passes, or two "
    "translation units, need different rewrites here)";

void EditCollector::add(Diagnostic D) {
  for (Diagnostic &Seen : Diags) {
    // A finding already found to disagree carries the note in its message;
    // later reports of it (more TUs, more passes) must still match it.
    bool Disagreed = Seen.Rule == D.Rule && Seen.File == D.File &&
                     Seen.Offset == D.Offset &&
                     Seen.Message == D.Message + DisagreementNote;
    if (!Disagreed && !Seen.sameFinding(D))
      continue;
    if (Disagreed || Seen.Edits == D.Edits)
      return; // Same finding from another pass or another TU.
    // The passes (or TUs) disagree on the fix, typically because code under
    // __CUDA_ARCH__ changes what is captured, or one of them could not fix
    // it. Applying either would be wrong for the other, so keep the finding
    // and apply neither.
    Seen.Edits.clear();
    Seen.Level = DiagLevel::Error;
    Seen.Message += DisagreementNote;
    return;
  }
  Diags.push_back(std::move(D));
}

/// True if the two edits touch overlapping text. Insertions at the same
/// offset do not overlap (they are concatenated); an insertion at either end
/// of a replaced range does not overlap it either.
static bool overlaps(const Edit &A, const Edit &B) {
  if (A.File != B.File)
    return false;
  unsigned AEnd = A.Offset + A.Length, BEnd = B.Offset + B.Length;
  if (A.Length == 0 && B.Length == 0)
    return false;
  if (A.Length == 0)
    return A.Offset > B.Offset && A.Offset < BEnd;
  if (B.Length == 0)
    return B.Offset > A.Offset && B.Offset < AEnd;
  return A.Offset < BEnd && B.Offset < AEnd;
}

bool EditCollector::tryAddFix(const Diagnostic &D, std::string &Conflict) {
  std::vector<const Edit *> Fresh;
  for (const Edit &E : D.Edits) {
    auto &FileEdits = Accepted[E.File];
    bool Duplicate = false;
    for (const auto &[Old, OldRule] : FileEdits) {
      if (Old == E) {
        Duplicate = true; // e.g. two fixes adding the same #include
        break;
      }
      if (overlaps(Old, E)) {
        Conflict = OldRule;
        return false;
      }
    }
    if (!Duplicate)
      Fresh.push_back(&E);
  }
  for (const Edit *E : Fresh)
    Accepted[E->File].emplace_back(*E, D.Rule);
  return true;
}

void EditCollector::finalize() {
  for (Diagnostic &D : Diags) {
    std::string Conflict;
    if (D.Edits.empty() || tryAddFix(D, Conflict))
      continue;
    D.Edits.clear();
    D.Level = DiagLevel::Error;
    D.Message += " (not rewritten: the fix conflicts with a fix of [" +
                 Conflict + "])";
  }
  for (auto &[File, Edits] : Accepted) {
    // Stable sort keeps insertions at one offset in the order they were
    // reported, which is source order within a pass.
    std::stable_sort(Edits.begin(), Edits.end(),
                     [](const auto &L, const auto &R) {
                       return L.first.Offset < R.first.Offset;
                     });
    clang::tooling::Replacements &Out = Replacements[File];
    std::string PendingText;
    for (size_t I = 0; I < Edits.size(); ++I) {
      const Edit &E = Edits[I].first;
      // Merge a run of insertions at one offset, and a following replacement
      // starting there, into a single replacement.
      if (E.Length == 0 && I + 1 < Edits.size() &&
          Edits[I + 1].first.Offset == E.Offset) {
        PendingText += E.Text;
        continue;
      }
      llvm::Error Err = Out.add(clang::tooling::Replacement(
          File, E.Offset, E.Length, PendingText + E.Text));
      PendingText.clear();
      assert(!Err && "edits were checked for overlap");
      llvm::consumeError(std::move(Err));
    }
  }
}

bool EditCollector::hasErrors() const {
  return std::any_of(Diags.begin(), Diags.end(), [](const Diagnostic &D) {
    return D.Level == DiagLevel::Error;
  });
}

} // namespace cudalower

//===--- EditCollector.cpp - Merges findings from every TU and pass -------===//

#include "Engine/EditCollector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include <algorithm>

namespace cudalower {

/// Appended to a finding whose passes propose different fixes (two units
/// that do get noteUnitConflict's note).
static const char *const DisagreementNote =
    " (not rewritten: the host and device compilation passes, or two "
    "translation units, need different rewrites here)";

void EditCollector::add(Diagnostic D) {
  // Only findings of one rule at one place can be the same finding.
  llvm::SmallVector<size_t, 1> &Here = FindingsAt[{D.Rule, D.File, D.Offset}];
  for (size_t I : Here) {
    Diagnostic &Seen = Diags[I];
    // A finding already found to disagree carries a note in its message;
    // later reports of it (more TUs, more passes) match its first message.
    if (auto Was = DisagreedMessage.find(I); Was != DisagreedMessage.end()) {
      if (Was->second == D.Message)
        return;
      continue;
    }
    if (!Seen.sameFinding(D))
      continue;
    if (Seen.Edits == D.Edits)
      return; // Same finding from another pass or another TU.
    // The passes (or TUs) disagree on the fix, typically because code under
    // __CUDA_ARCH__ changes what is captured, a macro of one unit's command
    // changes a header, or one of them could not fix it. Applying either
    // would be wrong for the other, so keep the finding and apply neither.
    DisagreedMessage[I] = Seen.Message;
    Seen.Edits.clear();
    Seen.Level = DiagLevel::Error;
    if (!noteUnitConflict(I, Unit, /*OtherFirst=*/false))
      Seen.Message += DisagreementNote;
    return;
  }
  Here.push_back(Diags.size());
  Diags.push_back(std::move(D));
  UnitOf.push_back(Unit);
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

/// True if \p Outer replaces text that contains all of \p Inner.
/// The range \p Copy copies, as a plain edit of its file.
static Edit copiedRange(const Edit &Copy) {
  Edit Range;
  Range.File = Copy.File;
  Range.Offset = Copy.CopyOffset;
  Range.Length = Copy.CopyLength;
  return Range;
}

static bool covers(const Edit &Outer, const Edit &Inner) {
  return Outer.File == Inner.File && Outer.Length > 0 &&
         Outer.Offset <= Inner.Offset &&
         Inner.Offset + Inner.Length <= Outer.Offset + Outer.Length;
}

EditCollector::Copy *EditCollector::innermostCopyContaining(const Edit &E) {
  auto It = Files.find(E.File);
  if (It == Files.end())
    return nullptr;
  Copy *Best = nullptr;
  for (Copy &C : It->second.Copies) {
    const Edit &CE = It->second.TopLevel[C.Index].E;
    if (E.isInside(CE) &&
        (!Best ||
         CE.CopyLength < It->second.TopLevel[Best->Index].E.CopyLength))
      Best = &C;
  }
  return Best;
}

EditCollector::PlacedEdits::Fit
EditCollector::PlacedEdits::fit(const Edit &E, size_t &Diag) const {
  // An edit that E repeats or overlaps starts at E's offset or inside E's
  // range, or is the one replacement whose range holds E's start. Of those,
  // the first accepted decides, as a scan in acceptance order would.
  size_t First = Items.size();
  Fit Found = Fit::Free;
  auto Consider = [&](size_t I) {
    if (I >= First)
      return;
    const Edit &Old = Items[I].E;
    if (Old == E) { // e.g. two fixes adding the same #include
      First = I;
      Found = Fit::Repeat;
    } else if (overlaps(Old, E)) {
      First = I;
      Found = Fit::Conflict;
    }
  };
  if (auto Range = RangeAt.lower_bound(E.Offset); Range != RangeAt.begin())
    Consider(std::prev(Range)->second);
  auto End = E.Length == 0 ? ByOffset.upper_bound(E.Offset)
                           : ByOffset.lower_bound(E.Offset + E.Length);
  for (auto It = ByOffset.lower_bound(E.Offset); It != End; ++It)
    Consider(It->second);
  if (Found == Fit::Conflict)
    Diag = Items[First].Diag;
  return Found;
}

void EditCollector::PlacedEdits::push(Placed P) {
  size_t I = Items.size();
  ByOffset.emplace(P.E.Offset, I);
  if (P.E.Length > 0)
    RangeAt[P.E.Offset] = I;
  ByDiag[P.Diag].push_back(I);
  Items.push_back(std::move(P));
}

void EditCollector::PlacedEdits::pop() {
  size_t I = Items.size() - 1;
  const Placed &P = Items.back();
  auto [Begin, End] = ByOffset.equal_range(P.E.Offset);
  for (auto It = Begin; It != End; ++It)
    if (It->second == I) {
      ByOffset.erase(It);
      break;
    }
  if (P.E.Length > 0)
    RangeAt.erase(P.E.Offset);
  auto Own = ByDiag.find(P.Diag);
  Own->second.pop_back();
  if (Own->second.empty())
    ByDiag.erase(Own);
  Items.pop_back();
}

bool EditCollector::PlacedEdits::coveredBy(size_t Diag, const Edit &E) const {
  auto Own = ByDiag.find(Diag);
  return Own != ByDiag.end() &&
         std::any_of(Own->second.begin(), Own->second.end(),
                     [&](size_t I) { return covers(Items[I].E, E); });
}

EditCollector::FileState &
EditCollector::stateOf(const std::string &File, std::vector<UndoStep> &Steps) {
  auto [It, Inserted] = Files.try_emplace(File);
  if (Inserted)
    Steps.push_back({UndoStep::NewFile, File});
  return It->second;
}

void EditCollector::undo(const std::vector<UndoStep> &Steps) {
  for (const UndoStep &S : llvm::reverse(Steps)) {
    auto It = Files.find(S.File);
    assert(It != Files.end() && "undoing an edit of an unknown file");
    FileState &F = It->second;
    switch (S.What) {
    case UndoStep::NewFile:
      Files.erase(It);
      break;
    case UndoStep::TopLevel:
      F.TopLevel.pop();
      break;
    case UndoStep::NewCopy:
      F.Copies.pop_back();
      break;
    case UndoStep::Absorbed:
      F.Copies[S.CopyIndex].Absorbed.pop();
      break;
    }
  }
}

bool EditCollector::tryAddFix(size_t DiagIndex, int Priority,
                              size_t &Conflict) {
  const Diagnostic &D = Diags[DiagIndex];
  // What this fix added, so that a failed fix leaves no trace.
  std::vector<UndoStep> Steps;
  size_t ConflictDiag = 0;
  auto Fail = [&] {
    undo(Steps);
    Conflict = ConflictDiag;
    return false;
  };
  // Adds E unless it overlaps a different edit there; a repeat of an
  // existing edit is dropped.
  auto Place = [&](PlacedEdits &Into, const Edit &E, int Prio,
                   UndoStep Step) {
    PlacedEdits::Fit Fit = Into.fit(E, ConflictDiag);
    if (Fit == PlacedEdits::Fit::Free) {
      Into.push({E, DiagIndex, Prio});
      Steps.push_back(std::move(Step));
    }
    return Fit != PlacedEdits::Fit::Conflict;
  };
  // Copies first, so that this fix's own edits inside them are carried.
  for (const Edit &E : D.Edits) {
    if (!E.IsCopy)
      continue;
    FileState &F = stateOf(E.File, Steps);
    if (!Place(F.TopLevel, E, Priority, {UndoStep::TopLevel, E.File}))
      return Fail();
    F.Copies.push_back({F.TopLevel.size() - 1, {}});
    Steps.push_back({UndoStep::NewCopy, E.File});
  }
  for (const Edit &E : D.Edits) {
    if (E.IsCopy)
      continue;
    FileState &F = stateOf(E.File, Steps);
    Copy *C = innermostCopyContaining(E);
    // The copy's own fix replacing all of the copied text replaces the
    // original; it is no edit to the copy.
    if (C && F.TopLevel[C->Index].Diag == DiagIndex && E.Length > 0 &&
        E.Length == F.TopLevel[C->Index].E.CopyLength)
      C = nullptr;
    if (C) {
      size_t CopyIndex = static_cast<size_t>(C - F.Copies.data());
      if (!Place(C->Absorbed, E, 0, {UndoStep::Absorbed, E.File, CopyIndex}))
        return Fail();
      // The copy's own fix replaced the original text: nothing more to do.
      size_t Owner = F.TopLevel[C->Index].Diag;
      bool OriginalGone =
          Owner == DiagIndex || F.TopLevel.coveredBy(Owner, E) ||
          std::any_of(D.Edits.begin(), D.Edits.end(), [&](const Edit &Own) {
            return &Own != &E && covers(Own, E);
          });
      if (OriginalGone)
        continue;
    }
    if (!Place(F.TopLevel, E, Priority, {UndoStep::TopLevel, E.File}))
      return Fail();
  }
  return true;
}

/// \p Text with each line after the first that starts with \p From
/// starting with \p To instead.
static std::string reindent(llvm::StringRef Text, llvm::StringRef From,
                            llvm::StringRef To) {
  if (From == To)
    return Text.str();
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  Text.split(Lines, '\n');
  std::string Out;
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef Line = Lines[I];
    if (I > 0) {
      Out += '\n';
      if (Line.consume_front(From))
        Out += To;
    }
    Out += Line;
  }
  return Out;
}

void EditCollector::recordParsedText(llvm::StringRef File,
                                     llvm::StringRef Text) {
  auto [It, Inserted] = ParsedTexts.try_emplace(File.str(), Text.str());
  if (!Inserted && It->second != Text &&
      std::find(Changed.begin(), Changed.end(), File) == Changed.end())
    Changed.push_back(File.str());
}

llvm::Expected<std::string> EditCollector::copiedText(const std::string &File,
                                                      const Copy &C) {
  const Edit &CE = Files[File].TopLevel[C.Index].E;
  // The text as parsed; only callers that record none (unit tests) read the
  // file from disk.
  std::unique_ptr<llvm::MemoryBuffer> Disk;
  llvm::StringRef Whole;
  if (auto It = ParsedTexts.find(File); It != ParsedTexts.end()) {
    Whole = It->second;
  } else {
    auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/false);
    if (!Buffer)
      return llvm::createStringError(File + ": " +
                                     Buffer.getError().message());
    Disk = std::move(*Buffer);
    Whole = Disk->getBuffer();
  }
  llvm::StringRef Source = Whole.substr(CE.CopyOffset, CE.CopyLength);
  std::vector<Placed> Absorbed = C.Absorbed.items();
  std::stable_sort(Absorbed.begin(), Absorbed.end(),
                   [&](const Placed &L, const Placed &R) {
                     return editsInOrder(L, R);
                   });
  std::string Out;
  unsigned Pos = CE.CopyOffset;
  for (const Placed &P : Absorbed) {
    Out += Source.slice(Pos - CE.CopyOffset, P.E.Offset - CE.CopyOffset);
    Out += P.E.Text;
    Pos = P.E.Offset + P.E.Length;
  }
  Out += Source.substr(Pos - CE.CopyOffset);
  return CE.Text + reindent(Out, CE.CopyIndentFrom, CE.CopyIndentTo) +
         CE.TextAfterCopy;
}

/// Where an edit goes among the edits at its offset. Preprocessor lines come
/// first (an #include must precede the declaration that follows it, even
/// when another rule annotates that declaration), then other whole lines (a
/// functor definition), then text that continues the line (an annotation in
/// front of a declaration); a replacement starting there comes last, after
/// every insertion (insertions are merged into it).
static int rankAtOffset(const Edit &E) {
  if (E.Length > 0)
    return 3;
  llvm::StringRef T = E.Text;
  if (!T.ends_with("\n"))
    return 2;
  return T.ltrim(" \t").starts_with("#") ? 0 : 1;
}

/// The order of edits in a file: by offset; at one offset, inner copies
/// before the outer ones that use them (Priority), then by rankAtOffset.
/// Preprocessor lines are then sorted by text (a sorted block of includes);
/// other edits follow the places of their findings (functors in the order
/// of their lambdas), then rule and text. The result never depends on the
/// order in which sources, passes or rules reported them.
bool EditCollector::editsInOrder(const Placed &L, const Placed &R) const {
  auto Key = [&](const Placed &P) {
    int Rank = rankAtOffset(P.E);
    const Diagnostic &D = Diags[P.Diag];
    // Both arms StringRefs: `Rank == 0 ? P.E.Text : ""` would make a
    // temporary std::string that dies before the tuple is compared.
    llvm::StringRef LineText =
        Rank == 0 ? llvm::StringRef(P.E.Text) : llvm::StringRef();
    return std::make_tuple(P.E.Offset, P.Priority, Rank, LineText,
                           llvm::StringRef(D.File), D.Offset,
                           llvm::StringRef(D.Rule), llvm::StringRef(P.E.Text));
  };
  return Key(L) < Key(R);
}

llvm::Error EditCollector::finalize() {
  // Fixes that move code go first, outer before inner, so that edits inside
  // moved code find the copy they belong to. Inner copies get a lower
  // priority so that their insertions land before the outer ones that use
  // them.
  std::vector<size_t> Order;
  for (size_t I = 0; I < Diags.size(); ++I)
    if (std::any_of(Diags[I].Edits.begin(), Diags[I].Edits.end(),
                    [](const Edit &E) { return E.IsCopy; }))
      Order.push_back(I);
  size_t FirstPlain = Order.size();
  for (size_t I = 0; I < Diags.size(); ++I)
    if (std::none_of(Diags[I].Edits.begin(), Diags[I].Edits.end(),
                     [](const Edit &E) { return E.IsCopy; }))
      Order.push_back(I);
  std::stable_sort(Order.begin(), Order.begin() + FirstPlain,
                   [&](size_t L, size_t R) {
                     return std::tie(Diags[L].File, Diags[L].Offset) <
                            std::tie(Diags[R].File, Diags[R].Offset);
                   });

  for (size_t Pos = 0; Pos < Order.size(); ++Pos) {
    Diagnostic &D = Diags[Order[Pos]];
    if (D.Edits.empty())
      continue;
    int Priority = 0;
    if (Pos < FirstPlain)
      for (const Edit &E : D.Edits)
        if (E.IsCopy)
          if (innermostCopyContaining(copiedRange(E)))
            Priority = -1 - static_cast<int>(Pos);
    size_t Conflict = 0;
    if (tryAddFix(Order[Pos], Priority, Conflict))
      continue;
    if (!reportUnitConflict(Order[Pos], Conflict))
      D.Message += " (not rewritten: the fix conflicts with a fix of [" +
                   Diags[Conflict].Rule + "])";
    D.Edits.clear();
    D.Level = DiagLevel::Error;
  }

  for (auto &[File, State] : Files) {
    for (const Copy &C : State.Copies) {
      auto Text = copiedText(File, C);
      if (!Text)
        return Text.takeError();
      Edit &CE = State.TopLevel[C.Index].E;
      CE.Text = std::move(*Text);
    }
    std::vector<Placed> Edits = State.TopLevel.items();
    std::stable_sort(Edits.begin(), Edits.end(),
                     [&](const Placed &L, const Placed &R) {
                       return editsInOrder(L, R);
                     });
    clang::tooling::Replacements &Out = Replacements[File];
    std::vector<EditOrigin> &Origins = OriginsByFile[File];
    std::string PendingText;
    std::vector<size_t> PendingDiags;
    for (size_t I = 0; I < Edits.size(); ++I) {
      const Edit &E = Edits[I].E;
      PendingDiags.push_back(Edits[I].Diag);
      // Merge a run of insertions at one offset, and a following replacement
      // starting there, into a single replacement.
      if (E.Length == 0 && I + 1 < Edits.size() &&
          Edits[I + 1].E.Offset == E.Offset) {
        PendingText += E.Text;
        continue;
      }
      Origins.push_back({E.Offset, std::move(PendingDiags)});
      PendingDiags.clear();
      llvm::Error Err = Out.add(clang::tooling::Replacement(
          File, E.Offset, E.Length, PendingText + E.Text));
      PendingText.clear();
      assert(!Err && "edits were checked for overlap");
      llvm::consumeError(std::move(Err));
    }
  }
  for (const std::string &File : UnitConflicts) {
    Replacements.erase(File);
    OriginsByFile.erase(File);
  }
  return llvm::Error::success();
}

llvm::ArrayRef<EditOrigin>
EditCollector::origins(const std::string &File) const {
  auto It = OriginsByFile.find(File);
  if (It == OriginsByFile.end())
    return {};
  return It->second;
}

bool EditCollector::hasErrors() const {
  return std::any_of(Diags.begin(), Diags.end(), [](const Diagnostic &D) {
    return D.Level == DiagLevel::Error;
  });
}

} // namespace cudalower

//===--- CMakeScanner.cpp - nvcc flags in CMake files ---------------------===//
//
// Finds each flag in the values of the commands that set compile options
// (CMakeLexer reads the commands): an argument, an item of a `;`-list or a word of a string, also inside a generator expression whose
// value is such a list. Only there is it removed, keeping the rest of the
// list, expression and command as written; anywhere else (a condition, a
// custom function, a docstring) it is reported.
//
//===----------------------------------------------------------------------===//

#include "Migration/BuildScripts.h"
#include "Migration/CMakeLexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

namespace cudalower {
namespace {

bool isScopeKeyword(llvm::StringRef S) {
  return S == "INTERFACE" || S == "PUBLIC" || S == "PRIVATE" || S == "BEFORE";
}

/// The properties whose values are compile options.
bool isOptionsProperty(llvm::StringRef S) {
  return S == "COMPILE_OPTIONS" || S == "INTERFACE_COMPILE_OPTIONS" ||
         S == "COMPILE_FLAGS";
}

/// What a command left with no value does.
enum class WhenEmpty {
  RemoveCommand, ///< It appends: without values it does nothing.
  EmptyValue,    ///< It sets: the value becomes `""`, set to nothing.
};

/// Arguments of a command that hold compile options, edited together.
struct ValueGroup {
  std::vector<size_t> Args;
  WhenEmpty Empty = WhenEmpty::RemoveCommand;
  /// `set(VAR ...)`: `${VAR}` alone sets nothing new.
  std::string SelfReference;
  /// target_compile_options' scope keyword before the group, which goes
  /// with it.
  std::optional<size_t> Keyword;
  std::string Note; ///< Carried by every use it removes.
};

/// The groups of values of a command that sets compile options; none for
/// any other command (its flags are reported, never edited).
std::vector<ValueGroup> valueGroups(const CMakeCommand &C,
                                    llvm::StringRef Text) {
  auto ArgText = [&](size_t I) {
    return I < C.Args.size() ? Text.slice(C.Args[I].Begin, C.Args[I].End)
                             : llvm::StringRef();
  };
  std::vector<ValueGroup> Groups;
  auto Range = [&](size_t From, size_t To) {
    ValueGroup G;
    for (size_t I = From; I < To && I < C.Args.size(); ++I)
      G.Args.push_back(I);
    return G;
  };
  const std::string &N = C.Name;
  if (N == "target_compile_options") {
    // One group per scope keyword: its options reach different targets.
    for (size_t I = 1; I < C.Args.size(); ++I) {
      llvm::StringRef A = ArgText(I);
      if (A == "BEFORE")
        continue;
      if (isScopeKeyword(A)) {
        Groups.emplace_back();
        Groups.back().Keyword = I;
        if (A == "INTERFACE" || A == "PUBLIC")
          Groups.back().Note =
              A.str() + " option of target '" + ArgText(0).str() +
              "': removing it also affects every target that links it";
        continue;
      }
      if (Groups.empty())
        Groups.emplace_back();
      Groups.back().Args.push_back(I);
    }
    return Groups;
  }
  if (N == "add_compile_options")
    return {Range(0, C.Args.size())};
  if ((N == "string" || N == "list") &&
      llvm::is_contained({"APPEND", "PREPEND"}, ArgText(0)))
    return {Range(2, C.Args.size())};
  if (N == "set" && !C.Args.empty()) {
    size_t End = 1;
    while (End < C.Args.size() && ArgText(End) != "CACHE" &&
           ArgText(End) != "PARENT_SCOPE")
      ++End;
    ValueGroup G = Range(1, End);
    G.Empty = WhenEmpty::EmptyValue;
    G.SelfReference = ("${" + ArgText(0) + "}").str();
    return {G};
  }
  if (N == "set_target_properties" || N == "set_source_files_properties") {
    // NAME VALUE pairs after PROPERTIES.
    size_t I = 0;
    while (I < C.Args.size() && ArgText(I) != "PROPERTIES")
      ++I;
    for (I += 1; I + 1 < C.Args.size(); I += 2) {
      if (!isOptionsProperty(ArgText(I)))
        continue;
      ValueGroup G = Range(I + 1, I + 2);
      G.Empty = WhenEmpty::EmptyValue;
      if (ArgText(I) == "INTERFACE_COMPILE_OPTIONS")
        G.Note = "INTERFACE_COMPILE_OPTIONS: removing it also affects every "
                 "target that links it";
      Groups.push_back(G);
    }
    return Groups;
  }
  if (N == "set_property") {
    size_t I = 0;
    bool Append = false;
    while (I < C.Args.size() && ArgText(I) != "PROPERTY") {
      Append |= ArgText(I) == "APPEND" || ArgText(I) == "APPEND_STRING";
      ++I;
    }
    if (I + 1 >= C.Args.size() || !isOptionsProperty(ArgText(I + 1)))
      return {};
    ValueGroup G = Range(I + 2, C.Args.size());
    G.Empty = Append ? WhenEmpty::RemoveCommand : WhenEmpty::EmptyValue;
    if (ArgText(I + 1) == "INTERFACE_COMPILE_OPTIONS")
      G.Note = "INTERFACE_COMPILE_OPTIONS: removing it also affects every "
               "target that links it";
    return {G};
  }
  return {};
}

/// A flag found in an argument, and the text whose deletion removes it.
struct FoundFlag {
  unsigned Offset;
  std::pair<unsigned, unsigned> Range;
};

/// Edits a list of options: a CMake `;`-list, or a command line in a
/// string (blank-separated), or both at once; an item is a word or a
/// generator expression whose value is itself such a list
/// (`$<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda;-lineinfo>`).
class ListEditor {
public:
  explicit ListEditor(llvm::StringRef Text) : Text(Text) {}

  /// Removes the flags of the list in [Begin, End): adds each to \p Flags
  /// (its range set unless the whole list goes) and \returns the items
  /// that stay (none: the list is empty, its container goes).
  std::vector<llvm::StringRef> edit(unsigned Begin, unsigned End,
                                    std::vector<FoundFlag> &Flags) {
    struct Item {
      unsigned Begin, End;
      bool Removed;
      size_t FirstFlag, EndFlag; ///< Its flags in \p Flags.
    };
    std::vector<Item> Items;
    for (unsigned P = Begin; P < End;) {
      if (isSeparator(Text[P])) {
        ++P;
        continue;
      }
      Item I{P, itemEnd(P, End), false, Flags.size(), 0};
      llvm::StringRef Word = Text.slice(I.Begin, I.End);
      if (isLoweredAwayFlag(Word)) {
        Flags.push_back({I.Begin, {0, 0}});
        I.Removed = true;
      } else if (std::optional<unsigned> Colon = valueColon(I.Begin, I.End)) {
        size_t Before = Flags.size();
        I.Removed = edit(*Colon + 1, I.End - 1, Flags).empty() &&
                    Flags.size() > Before;
      }
      I.EndFlag = Flags.size();
      P = I.End;
      Items.push_back(I);
    }
    // Each run of removed items goes with the separators before it (after
    // it, for a run at the start), so that the survivors keep theirs.
    std::vector<llvm::StringRef> Survivors;
    for (size_t I = 0; I < Items.size();) {
      if (!Items[I].Removed) {
        Survivors.push_back(Text.slice(Items[I].Begin, Items[I].End));
        ++I;
        continue;
      }
      size_t J = I;
      while (J < Items.size() && Items[J].Removed)
        ++J;
      std::pair<unsigned, unsigned> Range;
      if (I > 0)
        Range = {Items[I - 1].End, Items[J - 1].End};
      else if (J < Items.size())
        Range = {Items[I].Begin, Items[J].Begin};
      for (size_t K = I; K < J; ++K)
        for (size_t F = Items[K].FirstFlag; F < Items[K].EndFlag; ++F)
          Flags[F].Range = Range;
      I = J;
    }
    return Survivors;
  }

private:
  static bool isSeparator(char C) { return llvm::isSpace(C) || C == ';'; }

  /// The end of the item at \p P: the next separator outside `$<...>`.
  unsigned itemEnd(unsigned P, unsigned End) const {
    int Depth = 0;
    while (P < End) {
      char C = Text[P];
      if (C == '\\') {
        P += 2;
        continue;
      }
      if (Depth == 0 && isSeparator(C))
        break;
      if (C == '$' && P + 1 < End && Text[P + 1] == '<') {
        ++Depth;
        P += 2;
        continue;
      }
      if (C == '>' && Depth > 0)
        --Depth;
      ++P;
    }
    return std::min(P, End);
  }

  /// The `>` that closes the `$<` at \p P, or none before \p End.
  std::optional<unsigned> genexEnd(unsigned P, unsigned End) const {
    int Depth = 0;
    for (; P < End; ++P) {
      if (Text[P] == '$' && P + 1 < End && Text[P + 1] == '<') {
        ++Depth;
        ++P;
      } else if (Text[P] == '>' && --Depth == 0) {
        return P;
      }
    }
    return std::nullopt;
  }

  /// For an item that is one generator expression `$<COND:VALUE>` whose
  /// VALUE is a list of options (COND a generator expression, `0`, `1`,
  /// or `BUILD_INTERFACE` and its relatives): where the `:` is.
  std::optional<unsigned> valueColon(unsigned Begin, unsigned End) const {
    if (!Text.substr(Begin).starts_with("$<") ||
        genexEnd(Begin, End) != End - 1)
      return std::nullopt;
    unsigned CondBegin = Begin + 2;
    unsigned Colon;
    if (Text.substr(CondBegin).starts_with("$<")) {
      std::optional<unsigned> CondEnd = genexEnd(CondBegin, End);
      if (!CondEnd || Text[*CondEnd + 1] != ':')
        return std::nullopt;
      Colon = *CondEnd + 1;
    } else {
      size_t C = Text.find(':', CondBegin);
      if (C == llvm::StringRef::npos || C >= End)
        return std::nullopt;
      Colon = C;
      llvm::StringRef Cond = Text.slice(CondBegin, Colon);
      if (!llvm::is_contained({"0", "1", "BUILD_INTERFACE",
                               "BUILD_LOCAL_INTERFACE", "INSTALL_INTERFACE"},
                              Cond))
        return std::nullopt;
    }
    return Colon;
  }

  llvm::StringRef Text;
};

/// The flag's word at \p Offset, as a use (\p Removable sets nothing).
FlagUse useAt(llvm::StringRef Text, unsigned Offset) {
  FlagUse U;
  U.Offset = Offset;
  unsigned E = Offset;
  while (E < Text.size() && (llvm::isAlnum(Text[E]) || Text[E] == '-'))
    ++E;
  U.Flag = Text.slice(Offset, E).str();
  return U;
}

/// Sets the text that uses [\p First, \p Last) remove.
void setRemoval(std::vector<FlagUse> &Uses, size_t First, size_t Last,
                unsigned Begin, unsigned End, llvm::StringRef Replacement) {
  for (size_t U = First; U < Last; ++U) {
    Uses[U].RemoveOffset = Begin;
    Uses[U].RemoveLength = End - Begin;
    Uses[U].Replacement = Replacement.str();
  }
}

/// Scans one command: the flags of its values are removed; a command left
/// with nothing to set goes, a variable or property left with nothing is
/// set to `""` (as the flag alone set it). Flags anywhere else are
/// reported.
void scanCommand(llvm::StringRef Text, const CMakeCommand &C,
                 std::vector<FlagUse> &Out) {
  std::vector<ValueGroup> Groups = valueGroups(C, Text);
  std::vector<bool> IsValue(C.Args.size(), false);
  ListEditor Editor(Text);
  size_t First = Out.size();
  struct GroupResult {
    size_t FirstUse, EndUse;
    unsigned ValuesLeft = 0; ///< Other than a self-reference.
    bool SelfLeft = false;
  };
  std::vector<GroupResult> Results;
  for (const ValueGroup &G : Groups) {
    GroupResult R{Out.size(), 0};
    for (size_t I : G.Args) {
      IsValue[I] = true;
      const CMakeArg &A = C.Args[I];
      if (A.Bracket) {
        ++R.ValuesLeft; // reported by addUnderstoodMisses if it holds a flag
        continue;
      }
      std::vector<FoundFlag> Flags;
      std::vector<llvm::StringRef> Left =
          Editor.edit(A.Begin + A.Quoted, A.End - A.Quoted, Flags);
      // The argument with the blanks before it, or after it when it
      // follows the parenthesis.
      std::pair<unsigned, unsigned> WholeArg{A.Begin, A.End};
      if (I > 0)
        WholeArg.first = C.Args[I - 1].End;
      else if (I + 1 < C.Args.size())
        WholeArg.second = C.Args[I + 1].Begin;
      for (const FoundFlag &F : Flags) {
        FlagUse U = useAt(Text, F.Offset);
        U.Removable = true;
        auto [B, E] = Left.empty() ? WholeArg : F.Range;
        U.RemoveOffset = B;
        U.RemoveLength = E - B;
        U.Note = G.Note;
        Out.push_back(U);
      }
      for (llvm::StringRef W : Left) {
        bool Self = !G.SelfReference.empty() && W == G.SelfReference;
        R.SelfLeft |= Self;
        R.ValuesLeft += !Self;
      }
      if (Left.empty() && Flags.empty())
        ++R.ValuesLeft; // `""`: a value, set to nothing on purpose
    }
    R.EndUse = Out.size();
    Results.push_back(R);
  }
  // Flags outside the values: reported.
  for (size_t I = 0; I < C.Args.size(); ++I) {
    const CMakeArg &A = C.Args[I];
    if (IsValue[I] || A.Bracket)
      continue;
    std::vector<FoundFlag> Flags;
    Editor.edit(A.Begin + A.Quoted, A.End - A.Quoted, Flags);
    for (const FoundFlag &F : Flags) {
      FlagUse U = useAt(Text, F.Offset);
      U.Note = Groups.empty()
                   ? "inside " + C.Name + "(), which cuda-lower does not edit"
                   : "in an argument of " + C.Name +
                         "() that holds no compile options";
      Out.push_back(U);
    }
  }
  bool Removed = llvm::any_of(Results, [](const GroupResult &R) {
    return R.EndUse > R.FirstUse;
  });
  if (!Removed)
    return;
  bool NothingLeft = llvm::all_of(Results, [](const GroupResult &R) {
    return R.ValuesLeft == 0;
  });
  bool Appends = llvm::all_of(Groups, [](const ValueGroup &G) {
    return G.Empty == WhenEmpty::RemoveCommand;
  });
  if (NothingLeft && (Appends || llvm::all_of(Results, [](const auto &R) {
                        return R.SelfLeft;
                      }))) {
    // Nothing left to set (`set(VAR "${VAR}")` sets nothing new): the
    // command goes, with its line if alone there.
    removeWholeStatement(Text, C.Begin, C.End, Out, First);
    return;
  }
  for (size_t G = 0; G < Groups.size(); ++G) {
    const ValueGroup &VG = Groups[G];
    const GroupResult &R = Results[G];
    if (R.ValuesLeft || R.EndUse == R.FirstUse)
      continue;
    if (VG.Empty == WhenEmpty::RemoveCommand) {
      // Another scope keeps the command: this one's keyword goes too.
      if (VG.Keyword)
        setRemoval(Out, R.FirstUse, R.EndUse, C.Args[*VG.Keyword - 1].End,
                   C.Args[VG.Args.back()].End, "");
      continue;
    }
    if (R.SelfLeft)
      continue; // `set(VAR "${VAR}" CACHE ...)`: the value stays as it was
    setRemoval(Out, R.FirstUse, R.EndUse, C.Args[VG.Args.front()].Begin,
               C.Args[VG.Args.back()].End, "\"\"");
  }
}

} // namespace

std::vector<FlagUse> scanCMake(llvm::StringRef Text) {
  std::vector<FlagUse> Out;
  for (const CMakeCommand &C : lexCMakeCommands(Text))
    scanCommand(Text, C, Out);
  return Out;
}

} // namespace cudalower

//===--- PresetsScanner.cpp - nvcc flags in CMake presets -----------------===//
//
// CMakePresets.json and CMakeUserPresets.json: a configure preset sets the
// CUDA flags through a cache variable (`"CMAKE_CUDA_FLAGS": "..."` or
// `{"type": "STRING", "value": "..."}`) or the CUDAFLAGS environment
// variable. A small JSON reader that keeps every string's offsets finds
// them; the flags are removed inside those strings only, so the file keeps
// its formatting and stays valid JSON. A file that is no valid JSON is not
// edited.
//
//===----------------------------------------------------------------------===//

#include "Migration/BuildScripts.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

namespace cudalower {
namespace {

/// Cache variables whose value is an nvcc command line.
bool isFlagsVariable(llvm::StringRef Name) {
  return Name.starts_with("CMAKE_CUDA_FLAGS") ||
         Name.starts_with("CUDA_NVCC_FLAGS");
}

class PresetsReader {
public:
  PresetsReader(llvm::StringRef Text, std::vector<FlagUse> &Out)
      : Text(Text), Out(Out) {}

  void run() {
    skipBlanks();
    value();
  }

private:
  void skipBlanks() {
    while (P < Text.size() && llvm::isSpace(Text[P]))
      ++P;
  }

  /// A string at P (its quotes included): [Begin, End).
  std::pair<unsigned, unsigned> string() {
    unsigned Begin = P++;
    while (P < Text.size() && Text[P] != '"')
      P += Text[P] == '\\' ? 2 : 1;
    ++P;
    return {Begin, std::min<unsigned>(P, Text.size())};
  }

  std::string stringValue(std::pair<unsigned, unsigned> S) const {
    return Text.slice(S.first + 1, S.second - 1).str();
  }

  /// Whether the value at the current path is a command line of nvcc.
  bool atFlags() const {
    size_t N = Path.size();
    // configurePresets[i].cacheVariables.NAME(.value)?
    auto Is = [&](size_t FromEnd, llvm::StringRef S) {
      return N >= FromEnd && Path[N - FromEnd] == S;
    };
    if (N >= 4 && Is(3, "cacheVariables") && isFlagsVariable(Path[N - 2]) &&
        Is(1, "value") && Is(5, "configurePresets"))
      return true;
    if (N >= 3 && Is(2, "cacheVariables") && isFlagsVariable(Path[N - 1]) &&
        Is(4, "configurePresets"))
      return true;
    return N >= 3 && Is(2, "environment") && Is(1, "CUDAFLAGS") &&
           Is(4, "configurePresets");
  }

  void value() {
    skipBlanks();
    if (P >= Text.size())
      return;
    char C = Text[P];
    if (C == '{') {
      ++P;
      for (skipBlanks(); P < Text.size() && Text[P] != '}'; skipBlanks()) {
        if (Text[P] == ',') {
          ++P;
          continue;
        }
        if (Text[P] != '"')
          return;
        Path.push_back(stringValue(string()));
        skipBlanks();
        if (P < Text.size() && Text[P] == ':')
          ++P;
        value();
        Path.pop_back();
      }
      ++P;
    } else if (C == '[') {
      ++P;
      for (unsigned I = 0; skipBlanks(), P < Text.size() && Text[P] != ']';) {
        if (Text[P] == ',') {
          ++P;
          continue;
        }
        Path.push_back("[" + std::to_string(I++) + "]");
        value();
        Path.pop_back();
      }
      ++P;
    } else if (C == '"') {
      auto S = string();
      if (atFlags())
        editFlags(S.first + 1, S.second - 1);
    } else {
      while (P < Text.size() && !llvm::is_contained(",]} \t\r\n", Text[P]))
        ++P;
    }
  }

  /// Removes the flags of the command line in [Begin, End): each word with
  /// the blanks before it (after it, for the first word).
  void editFlags(unsigned Begin, unsigned End) {
    std::vector<std::pair<unsigned, unsigned>> Words;
    for (unsigned Q = Begin; Q < End;) {
      unsigned W = nextWord(Text, Q, End, /*SkipBackslashes=*/false);
      if (W == Q)
        break;
      Words.push_back({W, Q});
    }
    for (size_t I = 0; I < Words.size(); ++I) {
      auto [W, E] = Words[I];
      if (!isLoweredAwayFlag(Text.slice(W, E)))
        continue;
      FlagUse U;
      U.Flag = Text.slice(W, E).str();
      U.Offset = W;
      U.Removable = true;
      unsigned RB = I > 0 ? Words[I - 1].second : Begin;
      unsigned RE = I > 0 ? E : (I + 1 < Words.size() ? Words[I + 1].first : End);
      U.RemoveOffset = RB;
      U.RemoveLength = RE - RB;
      Out.push_back(U);
    }
  }

  llvm::StringRef Text;
  std::vector<FlagUse> &Out;
  unsigned P = 0;
  std::vector<std::string> Path; ///< Keys and `[i]` of the current value.
};

} // namespace

std::vector<FlagUse> scanCMakePresets(llvm::StringRef Text) {
  std::vector<FlagUse> Out;
  if (auto Valid = llvm::json::parse(Text); !Valid) {
    llvm::consumeError(Valid.takeError());
    return Out; // every flag is reported by addUnderstoodMisses
  }
  PresetsReader(Text, Out).run();
  return Out;
}

} // namespace cudalower

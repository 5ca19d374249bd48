//===--- Untouched.cpp - Files a run leaves as they are, and why ----------===//

#include "Engine/Untouched.h"
#include "Output/DiagnosticPrinter.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>

namespace cudalower {

namespace {

/// The untouched files so far, each listed once.
class UntouchedList {
public:
  explicit UntouchedList(const std::vector<RewrittenFile> &Files) {
    for (const RewrittenFile &F : Files)
      Rewritten.insert(F.Path);
  }
  bool rewritten(llvm::StringRef Path) const {
    return Rewritten.contains(Path);
  }
  /// The entry of \p Path, or null.
  const UntouchedFile *find(llvm::StringRef Path) const {
    auto It = Index.find(Path);
    return It == Index.end() ? nullptr : &Out[It->second];
  }
  bool add(UntouchedFile U) {
    if (!Index.try_emplace(U.Path, Out.size()).second)
      return false;
    Out.push_back(std::move(U));
    return true;
  }
  std::vector<UntouchedFile> take() { return std::move(Out); }

private:
  llvm::StringSet<> Rewritten;
  llvm::StringMap<size_t> Index;
  std::vector<UntouchedFile> Out;
};

/// The first file of \p Read already untouched, as a copy (adding to the
/// list moves its entries).
std::optional<UntouchedFile> firstUntouched(const UntouchedList &List,
                                            const std::set<std::string> &Read) {
  for (const std::string &Path : Read)
    if (const UntouchedFile *U = List.find(Path))
      return *U;
  return std::nullopt;
}

} // namespace

std::vector<UntouchedFile> untouchedByParseFailures(
    llvm::ArrayRef<std::string> NotParsed,
    const std::map<std::string, std::set<std::string>> &ReadBy,
    const std::vector<RewrittenFile> &Files) {
  UntouchedList List(Files);
  for (const std::string &Source : NotParsed)
    List.add({Source, Source, "", UntouchedFile::NotParsed});
  // Only files another source would write are worth a line: the failed
  // source's own edits are unknown, so nothing else would change.
  for (const std::string &Source : NotParsed)
    if (auto Read = ReadBy.find(Source); Read != ReadBy.end())
      for (const std::string &Path : Read->second)
        if (List.rewritten(Path))
          List.add({Path, Source, "", UntouchedFile::NotParsed});
  // A source that parsed but read an untouched file was verified with that
  // file rewritten: its own files could need that rewrite (an execution
  // space added in the header), so they wait too, until nothing changes.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[Source, Read] : ReadBy) {
      std::optional<UntouchedFile> Via = firstUntouched(List, Read);
      if (!Via)
        continue;
      std::string Through = Via->Via.empty() ? Via->Path : Via->Via;
      for (const std::string &Path : Read)
        if (List.rewritten(Path))
          Changed |= List.add({Path, Via->Source, Through, Via->Why});
    }
  }
  return List.take();
}

std::vector<UntouchedFile>
untouchedByVerification(const llvm::StringMap<std::string> &Withheld) {
  std::vector<UntouchedFile> Out;
  for (const auto &Entry : Withheld)
    Out.push_back({Entry.getKey().str(), Entry.getValue(), "",
                   UntouchedFile::NotVerified});
  llvm::sort(Out, [](const UntouchedFile &A, const UntouchedFile &B) {
    return A.Path < B.Path;
  });
  return Out;
}

void dropUntouched(std::vector<RewrittenFile> &Files,
                   const std::vector<UntouchedFile> &Untouched) {
  llvm::StringSet<> Paths;
  for (const UntouchedFile &U : Untouched)
    Paths.insert(U.Path);
  llvm::erase_if(
      Files, [&](const RewrittenFile &F) { return Paths.contains(F.Path); });
}

void printUntouched(llvm::raw_ostream &Err,
                    const std::vector<UntouchedFile> &Untouched) {
  for (const UntouchedFile &U : Untouched) {
    Err << "cuda-lower: note: " << displayPath(U.Path) << " left untouched: ";
    bool Itself = U.Path == U.Source;
    if (U.Why == UntouchedFile::NotVerified) {
      // Withheld files are shared through chains of includes.
      Err << (Itself ? "its rewrite"
                     : "the rewrite of " + displayPath(U.Source))
          << " did not verify\n";
      continue;
    }
    if (Itself)
      Err << "it did not parse\n";
    else if (U.Via.empty())
      Err << displayPath(U.Source) << ", which includes it, did not parse\n";
    else
      Err << displayPath(U.Source) << ", which includes " << displayPath(U.Via)
          << " (rewritten with it), did not parse\n";
  }
}

} // namespace cudalower

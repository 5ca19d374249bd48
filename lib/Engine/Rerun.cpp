//===--- Rerun.cpp - Skipping what an out-root already holds --------------===//

#include "Engine/Rerun.h"
#include "cudalower/Version.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalower {

std::string sourceKey(const RunConfig &Cfg, const CompilationSetup &Setup,
                      const std::string &Source, bool Verify) {
  std::string Key = CUDALOWER_VERSION_STRING;
  auto Add = [&](llvm::StringRef Part) {
    Key += '\0';
    Key += Part;
  };
  std::vector<llvm::StringRef> Rules(Cfg.Enabled.keys().begin(),
                                     Cfg.Enabled.keys().end());
  llvm::sort(Rules);
  for (llvm::StringRef Rule : Rules)
    Add(Rule);
  for (const auto &[Name, Value] : Cfg.Options)
    Add(Name + "=" + Value);
  Add(Verify ? "verify" : "no-verify");
  for (CompilationPass Pass : {CompilationPass::Host, CompilationPass::Device})
    for (const std::string &Arg : Setup.commandFor(Source, Pass))
      Add(Arg);
  return contentHash(Key);
}

OutRootRerun::OutRootRerun(std::string Root, std::string OutRoot,
                           SourceKeyFn KeyOf)
    : Root(std::move(Root)), OutRoot(std::move(OutRoot)),
      KeyOf(std::move(KeyOf)), Recorded(readManifest(this->OutRoot)) {}

std::vector<std::string>
OutRootRerun::stale(const std::vector<std::string> &Sources) {
  auto InputHash = [&](llvm::StringRef Rel) { return fileHash(absolute(Rel)); };
  auto OutputHash = [&](llvm::StringRef Rel) {
    llvm::SmallString<256> P(OutRoot);
    llvm::sys::path::append(P, Rel);
    return fileHash(P);
  };
  std::vector<std::string> Stale;
  for (const std::string &Source : Sources) {
    auto It = Recorded.find(relative(Source));
    if (It != Recorded.end() &&
        isCurrent(It->second, KeyOf(Source), InputHash, OutputHash))
      Skipped.push_back(Source);
    else
      Stale.push_back(Source);
  }
  return Stale;
}

std::vector<std::string> OutRootRerun::unskipReaders(
    const std::map<std::string, std::set<std::string>> &ReadBy) {
  std::set<std::string> Read;
  for (const auto &[Source, Files] : ReadBy)
    for (const std::string &File : Files)
      Read.insert(relative(File));
  std::vector<std::string> Relative;
  for (const std::string &Source : Skipped)
    Relative.push_back(relative(Source));
  std::vector<std::string> Again;
  for (const std::string &Rel : skippedToParse(Recorded, Relative, Read))
    Again.push_back(absolute(Rel));
  llvm::erase_if(Skipped, [&](const std::string &S) {
    return llvm::is_contained(Again, S);
  });
  return Again;
}

llvm::StringSet<> OutRootRerun::keptOutputs() const {
  llvm::StringSet<> Kept;
  for (const std::string &Source : Skipped)
    if (auto It = Recorded.find(relative(Source)); It != Recorded.end())
      for (const auto &Output : It->second.Outputs)
        Kept.insert(absolute(Output.first));
  return Kept;
}

ManifestEntry
OutRootRerun::entryOf(const std::set<std::string> &Read,
                      const EditCollector &Collector,
                      const std::vector<RewrittenFile> &Written) const {
  ManifestEntry E;
  for (const std::string &File : Read) {
    // The text the parse read where the run kept it, else the disk's.
    auto Parsed = Collector.parsedTexts().find(File);
    std::optional<std::string> Hash =
        Parsed != Collector.parsedTexts().end()
            ? std::optional<std::string>(contentHash(Parsed->second))
            : fileHash(File);
    if (Hash)
      E.Inputs[relative(File)] = *Hash;
  }
  for (const RewrittenFile &F : Written)
    if (Read.count(F.Path))
      E.Outputs[relative(F.Path)] = contentHash(F.New);
  return E;
}

llvm::Error OutRootRerun::record(const std::vector<std::string> &Sources,
                                 const ParseOutcome &Parse,
                                 const EditCollector &Collector,
                                 const std::vector<RewrittenFile> &Written,
                                 const llvm::StringSet<> &NotDone) {
  for (const std::string &Source : Sources)
    Recorded.erase(relative(Source));
  for (const auto &[Source, Read] : Parse.ReadBy) {
    // A file written outside the root (a library's header, DependencyCopy)
    // has its copy elsewhere: such a source is always parsed again.
    bool Done =
        llvm::is_contained(Parse.Parsed, Source) &&
        llvm::none_of(
            Read, [&](const std::string &F) { return NotDone.contains(F); }) &&
        llvm::none_of(Written, [&](const RewrittenFile &F) {
          return Read.count(F.Path) &&
                 !llvm::StringRef(F.Path).starts_with(Root);
        });
    if (!Done)
      continue;
    ManifestEntry E = entryOf(Read, Collector, Written);
    E.Key = KeyOf(Source);
    Recorded[relative(Source)] = std::move(E);
  }
  return writeManifest(OutRoot, Recorded);
}

void OutRootRerun::recordRun(const std::vector<std::string> &Sources,
                             const ParseOutcome &Parse,
                             const EditCollector &Collector,
                             const std::vector<RewrittenFile> &Written,
                             const llvm::StringSet<> &NotDone,
                             llvm::raw_ostream &Err) {
  if (llvm::Error E = record(Sources, Parse, Collector, Written, NotDone))
    Err << "cuda-lower: warning: the out-root's manifest was not written ("
        << llvm::toString(std::move(E))
        << "); a rerun parses every source again\n";
}

void OutRootRerun::saySkipped(llvm::raw_ostream &Err) const {
  if (!Skipped.empty())
    Err << "cuda-lower: " << Skipped.size()
        << " source(s) already current in the out-root, skipped\n";
}

llvm::StringSet<> filesNotDone(const std::vector<UntouchedFile> &Untouched,
                               const std::vector<Diagnostic> &Findings,
                               const std::vector<Diagnostic> &Problems) {
  llvm::StringSet<> Files;
  for (const UntouchedFile &U : Untouched)
    Files.insert(U.Path);
  for (const std::vector<Diagnostic> *Ds : {&Findings, &Problems})
    for (const Diagnostic &D : *Ds)
      if (D.Level == DiagLevel::Error)
        Files.insert(D.File);
  return Files;
}

} // namespace cudalower

//===--- OutRootManifest.cpp - What an out-root already holds -------------===//

#include "Output/OutRootManifest.h"
#include "Output/FileWriter.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

namespace cudalower {

std::string contentHash(llvm::StringRef Text) {
  llvm::XXH128_hash_t H = llvm::xxh3_128bits(llvm::ArrayRef(
      reinterpret_cast<const uint8_t *>(Text.data()), Text.size()));
  std::string Out;
  llvm::raw_string_ostream(Out) << llvm::format_hex_no_prefix(H.high64, 16)
                                << llvm::format_hex_no_prefix(H.low64, 16);
  return Out;
}

std::optional<std::string> fileHash(llvm::StringRef Path) {
  auto Text = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false);
  if (!Text)
    return std::nullopt;
  return contentHash((*Text)->getBuffer());
}

namespace {

constexpr int ManifestVersion = 1;

std::string manifestPath(llvm::StringRef OutRoot) {
  llvm::SmallString<256> P(OutRoot);
  llvm::sys::path::append(P, ManifestName);
  return std::string(P);
}

llvm::json::Object toJson(const std::map<std::string, std::string> &Hashes) {
  llvm::json::Object O;
  for (const auto &[Path, Hash] : Hashes)
    O[Path] = Hash;
  return O;
}

bool fromJson(const llvm::json::Object *O,
              std::map<std::string, std::string> &Hashes) {
  if (!O)
    return false;
  for (const auto &[Path, Hash] : *O) {
    std::optional<llvm::StringRef> H = Hash.getAsString();
    if (!H)
      return false;
    Hashes[Path.str()] = H->str();
  }
  return true;
}

} // namespace

Manifest readManifest(llvm::StringRef OutRoot) {
  auto Text = llvm::MemoryBuffer::getFile(manifestPath(OutRoot));
  if (!Text)
    return {};
  llvm::Expected<llvm::json::Value> V = llvm::json::parse((*Text)->getBuffer());
  if (!V) {
    llvm::consumeError(V.takeError());
    return {};
  }
  const llvm::json::Object *Root = V->getAsObject();
  if (!Root || Root->getInteger("version") != ManifestVersion)
    return {};
  const llvm::json::Object *Sources = Root->getObject("sources");
  if (!Sources)
    return {};
  Manifest M;
  for (const auto &[Source, Value] : *Sources) {
    const llvm::json::Object *O = Value.getAsObject();
    ManifestEntry E;
    std::optional<llvm::StringRef> Key = O ? O->getString("key") : std::nullopt;
    // A damaged manifest is no manifest: parsing again is always right.
    if (!Key || !fromJson(O->getObject("inputs"), E.Inputs) ||
        !fromJson(O->getObject("outputs"), E.Outputs))
      return {};
    E.Key = Key->str();
    M.emplace(Source.str(), std::move(E));
  }
  return M;
}

llvm::Error writeManifest(llvm::StringRef OutRoot, const Manifest &M) {
  llvm::json::Object Sources;
  for (const auto &[Source, E] : M)
    Sources[Source] = llvm::json::Object{{"key", E.Key},
                                         {"inputs", toJson(E.Inputs)},
                                         {"outputs", toJson(E.Outputs)}};
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                   {"version", ManifestVersion},
                                   {"sources", std::move(Sources)}}));
  OS << '\n';
  return writeFileAtomically(manifestPath(OutRoot), Text);
}

bool isCurrent(const ManifestEntry &E, llvm::StringRef Key, HashOf InputHash,
               HashOf OutputHash) {
  if (E.Key != Key || E.Inputs.empty())
    return false;
  for (const auto &[Path, Hash] : E.Inputs)
    if (InputHash(Path) != Hash)
      return false;
  for (const auto &[Path, Hash] : E.Outputs)
    if (OutputHash(Path) != Hash)
      return false;
  return true;
}

std::vector<std::string> skippedToParse(const Manifest &M,
                                        const std::vector<std::string> &Skipped,
                                        const std::set<std::string> &Read) {
  std::vector<std::string> Out;
  for (const std::string &Source : Skipped) {
    auto It = M.find(Source);
    if (It == M.end())
      continue;
    if (llvm::any_of(It->second.Outputs,
                     [&](const auto &O) { return Read.count(O.first); }))
      Out.push_back(Source);
  }
  return Out;
}

} // namespace cudalower

#include "Output/OutRootManifest.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

/// Hashes of files that exist, by relative path.
struct FakeTree {
  std::map<std::string, std::string> Files;
  std::optional<std::string> operator()(llvm::StringRef Rel) const {
    auto It = Files.find(Rel.str());
    if (It == Files.end())
      return std::nullopt;
    return contentHash(It->second);
  }
};

ManifestEntry entryForTree(const FakeTree &In, const FakeTree &Out) {
  ManifestEntry E;
  E.Key = "k";
  for (const auto &[Path, Text] : In.Files)
    E.Inputs[Path] = contentHash(Text);
  for (const auto &[Path, Text] : Out.Files)
    E.Outputs[Path] = contentHash(Text);
  return E;
}

TEST(OutRootManifestTest, ASourceIsCurrentWhileNothingItReadOrWroteChanged) {
  FakeTree In{{{"src/a.cu", "a"}, {"inc/h.cuh", "h"}}};
  FakeTree Out{{{"src/a.cu", "a'"}}};
  ManifestEntry E = entryForTree(In, Out);
  EXPECT_TRUE(isCurrent(E, "k", In, Out));
  EXPECT_FALSE(isCurrent(E, "other flags", In, Out));
  FakeTree Edited = In;
  Edited.Files["inc/h.cuh"] = "h2";
  EXPECT_FALSE(isCurrent(E, "k", Edited, Out));
  FakeTree Gone;
  EXPECT_FALSE(isCurrent(E, "k", In, Gone));
  FakeTree Overwritten{{{"src/a.cu", "a"}}};
  EXPECT_FALSE(isCurrent(E, "k", In, Overwritten));
}

TEST(OutRootManifestTest, AnEntryWithoutInputsIsNeverCurrent) {
  FakeTree None;
  ManifestEntry E;
  E.Key = "k";
  EXPECT_FALSE(isCurrent(E, "k", None, None));
}

TEST(OutRootManifestTest, ASkippedSourceWhoseOutputIsReadIsParsedAgain) {
  Manifest M;
  M["src/a.cu"].Outputs["inc/h.cuh"] = "x";
  M["src/c.cu"].Outputs["src/c.cu"] = "y";
  std::vector<std::string> Skipped = {"src/a.cu", "src/c.cu", "src/new.cu"};
  EXPECT_EQ(skippedToParse(M, Skipped, {"src/b.cu", "inc/h.cuh"}),
            (std::vector<std::string>{"src/a.cu"}));
  EXPECT_TRUE(skippedToParse(M, Skipped, {"src/b.cu"}).empty());
}

TEST(OutRootManifestTest, TheManifestIsReadAsWritten) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("manifest", Dir));
  Manifest M;
  M["src/a.cu"] = entryForTree(FakeTree{{{"src/a.cu", "a"}}},
                               FakeTree{{{"src/a.cu", "b"}}});
  ASSERT_FALSE(bool(writeManifest(Dir, M)));
  Manifest Read = readManifest(Dir);
  ASSERT_EQ(Read.size(), 1u);
  EXPECT_EQ(Read["src/a.cu"].Key, "k");
  EXPECT_EQ(Read["src/a.cu"].Inputs, M["src/a.cu"].Inputs);
  EXPECT_EQ(Read["src/a.cu"].Outputs, M["src/a.cu"].Outputs);
  llvm::sys::fs::remove_directories(Dir);
}

TEST(OutRootManifestTest, ADamagedManifestIsNone) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("manifest", Dir));
  llvm::SmallString<128> File(Dir);
  llvm::sys::path::append(File, ManifestName);
  for (const char *Text :
       {"not json", "{\"version\": 99, \"sources\": {}}",
        "{\"version\": 1, \"sources\": {\"a.cu\": {\"key\": 3}}}"}) {
    std::error_code EC;
    {
      llvm::raw_fd_ostream OS(File, EC);
      OS << Text;
    }
    ASSERT_FALSE(EC);
    EXPECT_TRUE(readManifest(Dir).empty()) << Text;
  }
  llvm::sys::fs::remove_directories(Dir);
}

} // namespace

#include "Engine/Untouched.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

std::vector<RewrittenFile>
rewrittenForUntouched(std::vector<std::string> Paths) {
  std::vector<RewrittenFile> Files;
  for (std::string &P : Paths)
    Files.push_back({std::move(P), "old", "new", {}});
  return Files;
}

std::vector<std::string> untouchedPaths(const std::vector<UntouchedFile> &U) {
  std::vector<std::string> Out;
  for (const UntouchedFile &F : U)
    Out.push_back(F.Path);
  return Out;
}

using UntouchedPathList = std::vector<std::string>;

TEST(UntouchedTest, NothingFailedLeavesNothingUntouched) {
  auto Files = rewrittenForUntouched({"/p/a.cu", "/p/h.cuh"});
  std::map<std::string, std::set<std::string>> ReadBy = {
      {"/p/a.cu", {"/p/a.cu", "/p/h.cuh"}}};
  EXPECT_TRUE(untouchedByParseFailures({}, ReadBy, Files).empty());
}

TEST(UntouchedTest, AHeaderTheFailedSourceReadWaits) {
  auto Files = rewrittenForUntouched({"/p/a.cu", "/p/h.cuh", "/p/c.cu"});
  std::map<std::string, std::set<std::string>> ReadBy = {
      {"/p/b.cu", {"/p/b.cu", "/p/h.cuh"}}, {"/p/c.cu", {"/p/c.cu"}}};
  auto U = untouchedByParseFailures({"/p/b.cu"}, ReadBy, Files);
  EXPECT_EQ(untouchedPaths(U), (UntouchedPathList{"/p/b.cu", "/p/h.cuh"}));
  EXPECT_EQ(U[1].Source, "/p/b.cu");
  EXPECT_TRUE(U[1].Via.empty());
}

TEST(UntouchedTest, TheFilesOfASourceThatReadAnUntouchedHeaderWaitToo) {
  auto Files =
      rewrittenForUntouched({"/p/a.cu", "/p/h.cuh", "/p/g.cuh", "/p/c.cu"});
  std::map<std::string, std::set<std::string>> ReadBy = {
      {"/p/a.cu", {"/p/a.cu", "/p/g.cuh", "/p/h.cuh"}},
      {"/p/b.cu", {"/p/b.cu", "/p/h.cuh"}},
      {"/p/c.cu", {"/p/c.cu"}}};
  auto U = untouchedByParseFailures({"/p/b.cu"}, ReadBy, Files);
  EXPECT_EQ(untouchedPaths(U),
            (UntouchedPathList{"/p/b.cu", "/p/h.cuh", "/p/a.cu", "/p/g.cuh"}));
  EXPECT_EQ(U[2].Source, "/p/b.cu");
  EXPECT_EQ(U[2].Via, "/p/h.cuh");
}

TEST(UntouchedTest, AnUneditedHeaderDoesNotTieSources) {
  // h.cuh has no edits: a.cu's output is the same whatever b.cu needed.
  auto Files = rewrittenForUntouched({"/p/a.cu"});
  std::map<std::string, std::set<std::string>> ReadBy = {
      {"/p/a.cu", {"/p/a.cu", "/p/h.cuh"}},
      {"/p/b.cu", {"/p/b.cu", "/p/h.cuh"}}};
  auto U = untouchedByParseFailures({"/p/b.cu"}, ReadBy, Files);
  EXPECT_EQ(untouchedPaths(U), (UntouchedPathList{"/p/b.cu"}));
}

TEST(UntouchedTest, EachFileIsListedOnceUnderTheFirstFailure) {
  auto Files = rewrittenForUntouched({"/p/h.cuh"});
  std::map<std::string, std::set<std::string>> ReadBy = {
      {"/p/b.cu", {"/p/b.cu", "/p/h.cuh"}},
      {"/p/d.cu", {"/p/d.cu", "/p/h.cuh"}}};
  auto U = untouchedByParseFailures({"/p/b.cu", "/p/d.cu"}, ReadBy, Files);
  EXPECT_EQ(untouchedPaths(U),
            (UntouchedPathList{"/p/b.cu", "/p/d.cu", "/p/h.cuh"}));
  EXPECT_EQ(U[2].Source, "/p/b.cu");
}

TEST(UntouchedTest, DroppedFilesAreNotEmittedAndEachHasANote) {
  auto Files = rewrittenForUntouched({"/p/a.cu", "/p/h.cuh"});
  llvm::StringMap<std::string> Withheld;
  Withheld["/p/h.cuh"] = "/p/x.cu";
  auto U = untouchedByVerification(Withheld);
  dropUntouched(Files, U);
  ASSERT_EQ(Files.size(), 1u);
  EXPECT_EQ(Files[0].Path, "/p/a.cu");
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  printUntouched(OS, U);
  EXPECT_EQ(Text, "cuda-lower: note: /p/h.cuh left untouched: the rewrite of "
                  "/p/x.cu did not verify\n");
}

} // namespace

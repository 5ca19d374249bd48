// Precompiled CUDA preludes: which command lines get one, when it is built,
// that it is used only while the files it read are unchanged, and that a
// parse with it sees what a parse without it sees.

#include "Driver/PreludeCache.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

std::vector<std::string> commandFor(llvm::StringRef Source,
                                    std::vector<std::string> Extra = {}) {
  std::vector<std::string> Args = {
      "clang++", "-x", "cuda", "--cuda-path=" CUDALOWER_DEFAULT_CUDA_PATH,
      "--cuda-gpu-arch=sm_90", "-std=c++17",
      "-resource-dir=" CUDALOWER_CLANG_RESOURCE_DIR, "-fsyntax-only",
      "--cuda-host-only", "-w"};
  Args.insert(Args.end(), Extra.begin(), Extra.end());
  Args.push_back(Source.str());
  return Args;
}

bool hasPrelude(const std::vector<std::string> &Args) {
  return llvm::is_contained(Args, "-include-pch");
}

/// A fresh directory, removed at the end of the test.
class PreludeCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("prelude-test", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }
  std::string path(llvm::StringRef Name) const {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  void write(llvm::StringRef Name, llvm::StringRef Text) const {
    ASSERT_FALSE(llvm::sys::fs::create_directories(
        llvm::sys::path::parent_path(path(Name))));
    std::error_code EC;
    llvm::raw_fd_ostream OS(path(Name), EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }
  /// The command for an empty k.cu, seen twice by \p Cache so that its
  /// prelude is built; returns the command with the prelude.
  std::vector<std::string> commandWithPrelude(PreludeCache &Cache) const {
    write("k.cu", "\n");
    std::vector<std::string> Args = commandFor(path("k.cu"));
    Cache.attach(Args, Dir);
    return Cache.attach(Args, Dir);
  }
  llvm::SmallString<256> Dir;
};

TEST(PreludeCacheKey, IgnoresTheSourceAndTheDirectoryOfAbsolutePaths) {
  EXPECT_EQ(PreludeCache::keyOf(commandFor("/a/x.cu"), "/a"),
            PreludeCache::keyOf(commandFor("/b/y.cu"), "/b"));
  EXPECT_NE(PreludeCache::keyOf(commandFor("/a/x.cu"), "/a"),
            PreludeCache::keyOf(commandFor("/a/x.cu", {"-DN=1"}), "/a"));
}

TEST(PreludeCacheKey, ARelativeIncludePathMakesTheDirectoryPartOfIt) {
  for (std::vector<std::string> Extra :
       {std::vector<std::string>{"-Iinc"}, {"-I", "inc"}, {"-isystem", "inc"}})
    EXPECT_NE(PreludeCache::keyOf(commandFor("/a/x.cu", Extra), "/a"),
              PreludeCache::keyOf(commandFor("/a/x.cu", Extra), "/b"));
  EXPECT_EQ(PreludeCache::keyOf(commandFor("/a/x.cu", {"-I/inc"}), "/a"),
            PreludeCache::keyOf(commandFor("/a/x.cu", {"-I/inc"}), "/b"));
}

TEST(PreludeCacheKey, WhatAddsTheUsersCodeToThePreludeGetsNone) {
  EXPECT_TRUE(PreludeCache::canPrecompile(commandFor("/a/x.cu")));
  for (const char *Arg : {"-include", "-includefoo.h", "-imacros", "-Xclang",
                          "-nocudainc", "-fmodules"})
    EXPECT_FALSE(PreludeCache::canPrecompile(commandFor("/a/x.cu", {Arg})))
        << Arg;
}

TEST_F(PreludeCacheTest, BuiltTheSecondTimeACommandIsSeenThenReused) {
  write("k.cu", "__global__ void k(int *p) { p[0] = 1; }\n");
  PreludeCache Cache(path("cache"));
  std::vector<std::string> Args = commandFor(path("k.cu"));
  EXPECT_FALSE(hasPrelude(Cache.attach(Args, Dir)));
  std::vector<std::string> With = Cache.attach(Args, Dir);
  ASSERT_TRUE(hasPrelude(With));
  EXPECT_EQ(With.back(), path("k.cu")); // the source stays last
  EXPECT_TRUE(llvm::sys::fs::exists(With[With.size() - 2]));
  // Another process finds it.
  PreludeCache Later(path("cache"));
  EXPECT_EQ(Later.attach(Args, Dir), With);
}

TEST_F(PreludeCacheTest, AChangedInputMeansANewPrelude) {
  PreludeCache Cache(path("cache"));
  std::vector<std::string> With = commandWithPrelude(Cache);
  ASSERT_TRUE(hasPrelude(With));
  std::vector<std::string> Args = commandFor(path("k.cu"));
  std::string Inputs = path("cache/" + PreludeCache::keyOf(Args, Dir) + ".inputs");
  // Pretend a header it read was rewritten since.
  std::error_code EC;
  llvm::raw_fd_ostream OS(Inputs, EC, llvm::sys::fs::OF_Append);
  OS << "1 1 " << path("k.cu") << "\n";
  OS.close();
  PreludeCache Later(path("cache"));
  std::vector<std::string> Again = Later.attach(Args, Dir);
  ASSERT_TRUE(hasPrelude(Again)); // built anew, the inputs true again
  auto Text = llvm::MemoryBuffer::getFile(Inputs);
  ASSERT_TRUE(bool(Text));
  EXPECT_EQ((*Text)->getBuffer().find("1 1 " + path("k.cu")), llvm::StringRef::npos);
}

TEST_F(PreludeCacheTest, AUserHeaderReachedFromThePreludeGetsNone) {
  // The wrapper includes "cuda_runtime.h"; one on an -I path is the user's.
  write("k.cu", "\n");
  write("inc/cuda_runtime.h", "#include_next <cuda_runtime.h>\n");
  PreludeCache Cache(path("cache"));
  std::vector<std::string> Args = commandFor(path("k.cu"), {"-I" + path("inc")});
  Cache.attach(Args, Dir);
  EXPECT_FALSE(hasPrelude(Cache.attach(Args, Dir)));
}

TEST_F(PreludeCacheTest, APreludeRemovedByAnotherProcessIsNotNamed) {
  PreludeCache Cache(path("cache"));
  std::vector<std::string> With = commandWithPrelude(Cache);
  ASSERT_TRUE(hasPrelude(With));
  ASSERT_FALSE(llvm::sys::fs::remove(With[With.size() - 2]));
  std::vector<std::string> Args = commandFor(path("k.cu"));
  // Parsing with -include-pch of a missing file would fail: the cache says
  // so at once and parses without, or builds it again.
  std::vector<std::string> After = Cache.attach(Args, Dir);
  if (hasPrelude(After)) {
    EXPECT_TRUE(llvm::sys::fs::exists(After[After.size() - 2]));
  }
}

/// Creates an empty \p Name in the cache directory last modified \p Age ago.
void ageFile(llvm::StringRef Path, std::chrono::seconds Age) {
  int FD;
  ASSERT_FALSE(llvm::sys::fs::openFileForWrite(Path, FD));
  ASSERT_FALSE(llvm::sys::fs::setLastAccessAndModificationTime(
      FD, std::chrono::system_clock::now() - Age));
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
}

TEST_F(PreludeCacheTest, EvictionKeepsTheRecentAndWhatRunsInProgressUse) {
  using namespace std::chrono;
  ASSERT_FALSE(llvm::sys::fs::create_directories(path("cache")));
  unsigned Max = PreludeCache::MaxEntries;
  // Max + 4 recent preludes (within the grace period), Max + 4 old ones.
  for (unsigned I = 0; I < Max + 4; ++I) {
    ageFile(path("cache/recent" + std::to_string(I) + ".pch"), minutes(I));
    ageFile(path("cache/old" + std::to_string(I) + ".pch"),
            duration_cast<seconds>(PreludeCache::EvictionGrace) + hours(I + 1));
    ageFile(path("cache/old" + std::to_string(I) + ".inputs"), hours(I + 1));
  }
  ageFile(path("cache/once.seen"), duration_cast<seconds>(PreludeCache::StaleAfter) + hours(1));
  ageFile(path("cache/twice.seen"), hours(1));
  ageFile(path("cache/killed.pch-12345678.tmp"),
          duration_cast<seconds>(PreludeCache::StaleAfter) + hours(1));
  ageFile(path("cache/k.inputs.temp-stream-a1b2c3"),
          duration_cast<seconds>(PreludeCache::StaleAfter) + hours(1));
  ageFile(path("cache/k.plain"),
          duration_cast<seconds>(PreludeCache::StaleAfter) + hours(1));
  PreludeCache::evictOld(path("cache"));
  for (unsigned I = 0; I < Max + 4; ++I) {
    EXPECT_TRUE(llvm::sys::fs::exists(path("cache/recent" + std::to_string(I) + ".pch")));
    EXPECT_FALSE(llvm::sys::fs::exists(path("cache/old" + std::to_string(I) + ".pch")));
    EXPECT_FALSE(llvm::sys::fs::exists(path("cache/old" + std::to_string(I) + ".inputs")));
  }
  EXPECT_FALSE(llvm::sys::fs::exists(path("cache/once.seen")));
  EXPECT_TRUE(llvm::sys::fs::exists(path("cache/twice.seen")));
  EXPECT_FALSE(llvm::sys::fs::exists(path("cache/killed.pch-12345678.tmp")));
  EXPECT_FALSE(llvm::sys::fs::exists(path("cache/k.inputs.temp-stream-a1b2c3")));
  EXPECT_FALSE(llvm::sys::fs::exists(path("cache/k.plain")));
}

TEST_F(PreludeCacheTest, EvictionRemovesOnlyTheLeastRecentlyUsedBeyondTheLimit) {
  using namespace std::chrono;
  ASSERT_FALSE(llvm::sys::fs::create_directories(path("cache")));
  unsigned Max = PreludeCache::MaxEntries;
  auto Old = duration_cast<seconds>(PreludeCache::EvictionGrace) + hours(1);
  for (unsigned I = 0; I < Max + 2; ++I)
    ageFile(path("cache/p" + std::to_string(I) + ".pch"), Old + minutes(I));
  PreludeCache::evictOld(path("cache"));
  for (unsigned I = 0; I < Max + 2; ++I)
    EXPECT_EQ(llvm::sys::fs::exists(path("cache/p" + std::to_string(I) + ".pch")),
              I < Max)
        << I;
}

TEST(PreludeCacheKey, LeadingIncludesMakeAKeyOfTheirOwn) {
  std::vector<std::string> Args = commandFor("/a/x.cu");
  EXPECT_EQ(PreludeCache::keyOf(Args, "/a", {}),
            PreludeCache::keyOf(Args, "/a"));
  EXPECT_NE(PreludeCache::keyOf(Args, "/a", {"thrust/sort.h"}),
            PreludeCache::keyOf(Args, "/a"));
  EXPECT_NE(PreludeCache::keyOf(Args, "/a", {"a.h", "b.h"}),
            PreludeCache::keyOf(Args, "/a", {"b.h", "a.h"}));
  EXPECT_NE(PreludeCache::keyOf(Args, "/a", {"a.h"}, "/a/"),
            PreludeCache::keyOf(Args, "/a", {"a.h"}, "/"));
}

/// Whether \p Args (a -fsyntax-only command) parses without an error.
bool parses(const std::vector<std::string> &Args) {
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions());
  clang::DiagnosticConsumer Quiet;
  clang::tooling::ToolInvocation Invocation(
      Args, std::make_unique<clang::SyntaxOnlyAction>(), Files.get());
  Invocation.setDiagnosticConsumer(&Quiet);
  return Invocation.run() && Quiet.getNumErrors() == 0;
}

/// A comment of \p Bytes bytes: header text enough for a prelude of its own
/// (PreludeCache::MinLeadingIncludeBytes).
std::string padding(uint64_t Bytes = PreludeCache::MinLeadingIncludeBytes) {
  std::string Line = "// " + std::string(76, '.') + "\n";
  std::string Text;
  while (Text.size() < Bytes)
    Text += Line;
  return Text;
}

/// The path of the precompiled prelude \p Args names.
std::string preludeOf(const std::vector<std::string> &Args) {
  return Args[Args.size() - 2];
}

TEST_F(PreludeCacheTest, LeadingIncludesArePrecompiledWithThePrelude) {
  write("sys/one.h", "#pragma once\nstruct one { int v = 1; };\n" + padding());
  write("sys/two.h", "#ifndef TWO_H\n#define TWO_H\n#include <one.h>\n"
                     "struct two : one {};\n#endif\n");
  write("k.cu", "// leading comment\n#include <two.h>\n#include <one.h>\n"
                "__global__ void k(int *p) { p[0] = two().v; }\n");
  PreludeCache Cache(path("cache"));
  std::vector<std::string> Args =
      commandFor(path("k.cu"), {"-isystem", path("sys")});
  std::vector<std::string> Leading = {"two.h", "one.h"};
  Cache.attach(Args, Dir, Leading);
  // Parsed again by the same run (verification): the plain prelude.
  std::vector<std::string> Again = Cache.attach(Args, Dir, Leading);
  ASSERT_TRUE(hasPrelude(Again));
  EXPECT_EQ(preludeOf(Again),
            path("cache/" + PreludeCache::keyOf(Args, Dir) + ".pch"));
  // A later run (another process) builds it.
  PreludeCache Later(path("cache"));
  std::vector<std::string> With = Later.attach(Args, Dir, Leading);
  ASSERT_TRUE(hasPrelude(With));
  EXPECT_EQ(preludeOf(With),
            path("cache/" + PreludeCache::keyOf(Args, Dir, Leading) + ".pch"));
  // The source includes both again: their guards make that read nothing.
  EXPECT_TRUE(parses(With));
  // A source that starts with other includes does not get this one.
  std::vector<std::string> Other = Later.attach(Args, Dir, {"one.h"});
  EXPECT_FALSE(hasPrelude(Other) && preludeOf(Other) == preludeOf(With));
}

TEST_F(PreludeCacheTest, AnUnguardedLeadingIncludeGetsThePlainPrelude) {
  write("sys/table.inc", "int table[] = {1, 2};\n" + padding());
  write("k.cu", "#include <table.inc>\n");
  PreludeCache Cache(path("cache"));
  std::vector<std::string> Args =
      commandFor(path("k.cu"), {"-isystem", path("sys")});
  Cache.attach(Args, Dir, {"table.inc"});
  std::vector<std::string> With =
      PreludeCache(path("cache")).attach(Args, Dir, {"table.inc"});
  ASSERT_TRUE(hasPrelude(With));
  EXPECT_EQ(preludeOf(With),
            path("cache/" + PreludeCache::keyOf(Args, Dir) + ".pch"));
  EXPECT_TRUE(parses(With)); // `table` defined once
}

// The parse may fix a project file in memory, and verification parses the
// rewritten one: a prelude must never hold it.
TEST_F(PreludeCacheTest, AProjectFileAmongLeadingIncludesGetsThePlainPrelude) {
  write("proj/include/lib.h", "#pragma once\nstruct lib {};\n" + padding());
  write("proj/k.cu", "#include <lib.h>\n");
  PreludeCache Cache(path("cache"));
  Cache.setOwnedFiles(OwnedFiles::projectOnly(path("proj") + "/"));
  std::vector<std::string> Args =
      commandFor(path("proj/k.cu"), {"-isystem", path("proj/include")});
  Cache.attach(Args, Dir, {"lib.h"});
  PreludeCache Later(path("cache"));
  Later.setOwnedFiles(OwnedFiles::projectOnly(path("proj") + "/"));
  std::vector<std::string> With = Later.attach(Args, Dir, {"lib.h"});
  ASSERT_TRUE(hasPrelude(With));
  EXPECT_EQ(preludeOf(With),
            path("cache/" + PreludeCache::keyOf(Args, Dir) + ".pch"));
}

TEST_F(PreludeCacheTest, LeadingIncludesOfLittleTextGetThePlainPrelude) {
  write("sys/small.h", "#pragma once\nstruct small {};\n" +
                           padding(PreludeCache::MinLeadingIncludeBytes / 2));
  write("k.cu", "#include <small.h>\n");
  std::vector<std::string> Args =
      commandFor(path("k.cu"), {"-isystem", path("sys")});
  std::string Key = PreludeCache::keyOf(Args, Dir, {"small.h"});
  PreludeCache(path("cache")).attach(Args, Dir, {"small.h"});
  std::vector<std::string> With =
      PreludeCache(path("cache")).attach(Args, Dir, {"small.h"});
  ASSERT_TRUE(hasPrelude(With));
  EXPECT_EQ(preludeOf(With),
            path("cache/" + PreludeCache::keyOf(Args, Dir) + ".pch"));
  // Other processes do not try again.
  EXPECT_TRUE(llvm::sys::fs::exists(path("cache/" + Key + ".plain")));
  EXPECT_FALSE(llvm::sys::fs::exists(path("cache/" + Key + ".pch")));
}

TEST_F(PreludeCacheTest, DisabledWithoutADirectory) {
  write("k.cu", "\n");
  PreludeCache Cache("");
  std::vector<std::string> Args = commandFor(path("k.cu"));
  Cache.attach(Args, Dir);
  EXPECT_EQ(Cache.attach(Args, Dir), Args);
}

} // namespace

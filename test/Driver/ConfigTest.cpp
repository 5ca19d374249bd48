// .cuda-lower.yaml: reading, finding the nearest, merging under the command
// line, dumping.

#include "Driver/Config.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

TEST(Config, ParsesEveryKey) {
  Config C = llvm::cantFail(parseConfig(
      "Rules: [a, b]\nDisable: [c]\nRuleOptions:\n  a.K: 'true'\n"
      "WarningsAsErrors: 'a*'\nInRoot: ../up\nExclude: ['gen/*']\n"
      "Standard: c++20\nCudaPath: /opt/cuda\n",
      "/p/sub", "/p/sub/.cuda-lower.yaml"));
  EXPECT_EQ(*C.Rules, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(*C.Disable, (std::vector<std::string>{"c"}));
  EXPECT_EQ(C.RuleOptions["a.K"], "true");
  EXPECT_EQ(*C.InRoot, "/p/up");
  EXPECT_EQ(*C.Standard, "c++20");
  EXPECT_TRUE(isExcluded(C, "/p/sub/gen/x.cu"));
  EXPECT_FALSE(isExcluded(C, "/p/sub/x.cu"));
}

TEST(Config, UnknownKeyNamesFileAndLine) {
  auto C = parseConfig("Rules: [a]\nRulez: [b]\n", "/p", "/p/.cuda-lower.yaml");
  ASSERT_FALSE(bool(C));
  EXPECT_EQ(toString(C.takeError()),
            "/p/.cuda-lower.yaml: line 2: unknown key 'Rulez'");
}

TEST(Config, CommandLineWins) {
  Config C = llvm::cantFail(parseConfig(
      "Rules: [a]\nRuleOptions: {a.K: 'false', a.L: x}\nCudaPath: /c\n", "/p",
      "f"));
  ToolOptions CL;
  CL.RuleOptions = {"a.K=true"};
  CL.CudaPath = "/mine";
  ToolOptions O = applyConfig(CL, C);
  EXPECT_EQ(O.EnabledRules, (std::vector<std::string>{"a"}));
  // The command line's setting comes last, so it is the one kept.
  EXPECT_EQ(O.RuleOptions,
            (std::vector<std::string>{"a.K=false", "a.L=x", "a.K=true"}));
  EXPECT_EQ(O.CudaPath, "/mine");
}

TEST(Config, NearestFileAboveTheSource) {
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  FS->addFile("/p/.cuda-lower.yaml", 0,
              llvm::MemoryBuffer::getMemBuffer("Rules: [top]\n"));
  FS->addFile("/p/a/b/.cuda-lower.yaml", 0,
              llvm::MemoryBuffer::getMemBuffer("Rules: [inner]\n"));
  FS->addFile("/p/a/b/c/x.cu", 0, llvm::MemoryBuffer::getMemBuffer(""));
  FS->addFile("/p/a/y.cu", 0, llvm::MemoryBuffer::getMemBuffer(""));
  auto Inner = llvm::cantFail(findConfigFor("/p/a/b/c/x.cu", *FS));
  ASSERT_TRUE(Inner);
  EXPECT_EQ(Inner->Rules->front(), "inner");
  EXPECT_EQ(Inner->Directory, "/p/a/b");
  auto Top = llvm::cantFail(findConfigFor("/p/a/y.cu", *FS));
  ASSERT_TRUE(Top);
  EXPECT_EQ(Top->Rules->front(), "top");
  EXPECT_FALSE(llvm::cantFail(findConfigFor("/q/z.cu", *FS)));
}

TEST(Config, SourcesWithOtherRulesAreListed) {
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  FS->addFile("/p/b/.cuda-lower.yaml", 0,
              llvm::MemoryBuffer::getMemBuffer("Disable: [r]\n"));
  FS->addFile("/p/.cuda-lower.yaml", 0,
              llvm::MemoryBuffer::getMemBuffer("Exclude: [gen/*]\n"));
  SourceConfigs S = llvm::cantFail(configureSources(
      ToolOptions(), {"/p/a.cu", "/p/b/b.cu", "/p/gen/g.cu"}, *FS));
  EXPECT_EQ(S.Sources, (std::vector<std::string>{"/p/a.cu", "/p/b/b.cu"}));
  EXPECT_TRUE(S.RunWide->DisabledRules.empty());
  ASSERT_EQ(S.PerSource.count("/p/b/b.cu"), 1u);
  EXPECT_EQ(S.PerSource["/p/b/b.cu"].DisabledRules,
            (std::vector<std::string>{"r"}));
}

TEST(Config, DumpReadsBack) {
  Config C = llvm::cantFail(parseConfig(
      "Rules: [a]\nWarningsAsErrors: '*'\nExclude: ['g/*']\n", "/p", "f"));
  std::string Dump = dumpConfig(effectiveConfig(applyConfig({}, C), C));
  Config Again = llvm::cantFail(parseConfig(Dump, "/elsewhere", "dump"));
  EXPECT_EQ(dumpConfig(effectiveConfig(applyConfig({}, Again), Again)), Dump);
  EXPECT_TRUE(isExcluded(Again, "/p/g/x.cu"));
}

} // namespace

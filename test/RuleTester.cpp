//===--- RuleTester.cpp - Run rules over in-memory code in unit tests -----===//

#include "RuleTester.h"
#include "cudalower/Tool.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

// Precompiled CUDA preludes (lib/Driver/PreludeCache.h) of every test go
// to the build tree, never to the user's cache; set before any test runs.
[[maybe_unused]] static const int PreludeCacheInBuildTree =
    ::setenv("CUDALOWER_CACHE_DIR", CUDALOWER_TEST_PRELUDE_CACHE, 0);

namespace cudalower::test {

LowerResult runRules(llvm::StringRef Code, llvm::StringRef Rules,
                     std::vector<std::pair<std::string, std::string>> Headers,
                     llvm::StringRef FileName,
                     std::vector<std::string> ExtraArgs,
                     std::vector<std::string> RuleOptions) {
  // The test's files live in memory, in a directory no disk has; the CUDA
  // toolkit and Clang's headers come from the real file system below.
  const std::string Dir = "/cudalower-unittest";
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  auto Add = [&](llvm::StringRef Name, llvm::StringRef Text) {
    llvm::SmallString<128> Path(Dir);
    llvm::sys::path::append(Path, Name);
    Memory->addFile(Path, /*ModificationTime=*/0,
                    llvm::MemoryBuffer::getMemBufferCopy(Text, Path));
    return std::string(Path);
  };
  std::string Main = Add(FileName, Code);
  for (const auto &[Name, Text] : Headers)
    Add(Name, Text);
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::createPhysicalFileSystem());
  FS->pushOverlay(Memory);

  ToolOptions Opts;
  Opts.Sources = {Main};
  Opts.InRoot = Dir;
  for (llvm::StringRef Rest = Rules; !Rest.empty();) {
    auto [Name, Tail] = Rest.split(',');
    Opts.EnabledRules.push_back(Name.str());
    Rest = Tail;
  }
  // A rule's tests run that rule alone, so verification would report what
  // the other rules fix; it has tests of its own (EngineTest, lit).
  Opts.Verify = false;
  Opts.ExtraArgs = std::move(ExtraArgs);
  Opts.RuleOptions = std::move(RuleOptions);
  Opts.ExtraArgs.push_back("-I" + Dir);
  LowerResult R;
  llvm::raw_string_ostream Out(R.Output), Err(R.Diagnostics);
  R.ExitCode = runTool(Opts, Out, Err, FS);
  return R;
}

std::unique_ptr<clang::ASTUnit> parseCuda(llvm::StringRef Code,
                                          bool DevicePass) {
  std::vector<std::string> Args = {
      "-x",
      "cuda",
      "--cuda-path=" CUDALOWER_DEFAULT_CUDA_PATH,
      "--cuda-gpu-arch=sm_90",
      "-std=c++17",
      "-resource-dir=" CUDALOWER_CLANG_RESOURCE_DIR,
      DevicePass ? "--cuda-device-only" : "--cuda-host-only",
      "-isystem",
      CUDALOWER_DEFAULT_CUDA_PATH "/include/cccl",
      "-w"};
  return clang::tooling::buildASTFromCodeWithArgs(Code, Args, "input.cu",
                                                  "clang++");
}

const clang::Expr *refTo(clang::ASTUnit &AST, llvm::StringRef Name) {
  using namespace clang::ast_matchers;
  return selectFirst<clang::Expr>(
      "r", match(declRefExpr(to(namedDecl(hasName(Name))),
                             isExpansionInMainFile())
                     .bind("r"),
                 AST.getASTContext()));
}

} // namespace cudalower::test

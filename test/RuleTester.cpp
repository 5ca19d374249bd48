//===--- RuleTester.cpp - Run rules over in-memory code in unit tests -----===//

#include "RuleTester.h"
#include "cudalower/Tool.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalower::test {

static void writeFile(llvm::StringRef Path, llvm::StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  OS << Text;
}

LowerResult runRules(llvm::StringRef Code, llvm::StringRef Rules,
                     std::vector<std::pair<std::string, std::string>> Headers,
                     llvm::StringRef FileName,
                     std::vector<std::string> ExtraArgs) {
  llvm::SmallString<128> Dir;
  llvm::sys::fs::createUniqueDirectory("cudalower-test", Dir);
  llvm::SmallString<128> Main(Dir);
  llvm::sys::path::append(Main, FileName);
  writeFile(Main, Code);
  for (const auto &[Name, Text] : Headers) {
    llvm::SmallString<128> Path(Dir);
    llvm::sys::path::append(Path, Name);
    writeFile(Path, Text);
  }
  ToolOptions Opts;
  Opts.Sources = {std::string(Main)};
  Opts.InRoot = std::string(Dir);
  llvm::SmallString<128> Split(Rules);
  for (llvm::StringRef Rest = Split; !Rest.empty();) {
    auto [Name, Tail] = Rest.split(',');
    Opts.EnabledRules.push_back(Name.str());
    Rest = Tail;
  }
  // A rule's tests run that rule alone, so verification would report what
  // the other rules fix; it has tests of its own (EngineTest, lit).
  Opts.Verify = false;
  Opts.ExtraArgs = std::move(ExtraArgs);
  Opts.ExtraArgs.push_back("-I" + std::string(Dir));
  LowerResult R;
  llvm::raw_string_ostream Out(R.Output), Err(R.Diagnostics);
  R.ExitCode = runTool(Opts, Out, Err);
  llvm::sys::fs::remove_directories(Dir);
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

} // namespace cudalower::test

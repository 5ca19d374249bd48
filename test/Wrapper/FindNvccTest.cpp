#include "Wrapper/FindNvcc.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>
#include <map>

using namespace cudalower;

namespace {

/// A temporary directory with executable `bin/nvcc` files under the
/// subdirectories asked for.
class FakeToolkits : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("find-nvcc", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  std::string nvccIn(llvm::StringRef Sub) {
    llvm::SmallString<256> Bin(Dir);
    llvm::sys::path::append(Bin, Sub, "bin");
    llvm::sys::fs::create_directories(Bin);
    llvm::sys::path::append(Bin, "nvcc");
    {
      std::error_code EC;
      llvm::raw_fd_ostream OS(Bin, EC);
      OS << "#!/bin/sh\n";
    }
    llvm::sys::fs::setPermissions(Bin, llvm::sys::fs::all_all);
    return Bin.str().str();
  }

  std::function<std::optional<std::string>(const char *)> env() {
    return [this](const char *Var) -> std::optional<std::string> {
      auto It = Env.find(Var);
      if (It == Env.end())
        return std::nullopt;
      return It->second;
    };
  }

  llvm::SmallString<256> Dir;
  std::map<std::string, std::string> Env;
};

TEST_F(FakeToolkits, CudaPathBeforePath) {
  std::string A = nvccIn("a"), B = nvccIn("b");
  Env["CUDA_PATH"] = (Dir + "/b").str();
  Env["PATH"] = (Dir + "/a/bin").str();
  EXPECT_EQ(llvm::cantFail(findRealNvcc("", "/self", env())), B);
}

TEST_F(FakeToolkits, ExplicitBeforeEverything) {
  std::string A = nvccIn("a"), B = nvccIn("b");
  Env["CUDA_LOWER_NVCC"] = B;
  EXPECT_EQ(llvm::cantFail(findRealNvcc(A, "/self", env())), A);
  EXPECT_EQ(llvm::cantFail(findRealNvcc("", "/self", env())), B);
}

// Installed as `nvcc` first on PATH, the wrapper must not find itself.
TEST_F(FakeToolkits, SkipsItselfOnPath) {
  std::string Self = nvccIn("wrapper"), Real = nvccIn("real");
  Env["PATH"] = (Dir + "/wrapper/bin:" + Dir + "/real/bin").str();
  EXPECT_EQ(llvm::cantFail(findRealNvcc("", Self, env())), Real);
}

TEST_F(FakeToolkits, NothingFoundIsAnError) {
  Env["PATH"] = Dir.str().str();
  auto Found = findRealNvcc("", "/self", env());
  ASSERT_FALSE(static_cast<bool>(Found));
  EXPECT_NE(llvm::toString(Found.takeError()).find("--cuda-lower-nvcc"),
            std::string::npos);
}

TEST_F(FakeToolkits, ExplicitThatIsNotThereIsAnError) {
  auto Found = findRealNvcc((Dir + "/none").str(), "/self", env());
  EXPECT_FALSE(static_cast<bool>(Found));
  llvm::consumeError(Found.takeError());
}

} // namespace

//===--- ResourceDirTest.cpp - Where Clang's resource headers are ---------===//

#include "Driver/ResourceDir.h"
#include "cudalower/Version.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace cudalower;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {

/// An unpacked package: <prefix>/bin/cuda-lower, and the resource
/// directory with its CUDA wrapper header when \p WithHeaders.
struct UnpackedPackage {
  llvm::SmallString<256> Prefix, Executable, ResourceDir;

  explicit UnpackedPackage(bool WithHeaders) {
    EXPECT_FALSE(fs::createUniqueDirectory("cudalower-package", Prefix));
    Executable = Prefix;
    path::append(Executable, "bin", "cuda-lower");
    ResourceDir = Prefix;
    path::append(ResourceDir, CUDALOWER_RESOURCE_INSTALL_DIR);
    llvm::SmallString<256> Include = ResourceDir;
    path::append(Include, "include");
    EXPECT_FALSE(fs::create_directories(Include));
    if (!WithHeaders)
      return;
    llvm::SmallString<256> Header = Include;
    path::append(Header, "__clang_cuda_runtime_wrapper.h");
    std::error_code EC;
    llvm::raw_fd_ostream(Header, EC) << "\n";
    EXPECT_FALSE(EC);
  }
  ~UnpackedPackage() { fs::remove_directories(Prefix); }
};

} // namespace

TEST(ResourceDir, APackageUsesItsOwnHeaders) {
  UnpackedPackage P(/*WithHeaders=*/true);
  EXPECT_EQ(resourceDirBeside(P.Executable, "/fallback"), P.ResourceDir);
}

// A directory without Clang's CUDA wrappers is not taken for one: the
// build tree's bin/ has no such neighbour, and a half-installed one would
// fail every parse.
TEST(ResourceDir, WithoutTheWrapperHeadersTheConfiguredOneIsUsed) {
  UnpackedPackage P(/*WithHeaders=*/false);
  EXPECT_EQ(resourceDirBeside(P.Executable, "/fallback"), "/fallback");
  EXPECT_EQ(resourceDirBeside("cuda-lower", "/fallback"), "/fallback");
}

// The unit tests run from the build tree: the configured directory.
TEST(ResourceDir, TheBuildTreeUsesTheConfiguredOne) {
  EXPECT_EQ(clangResourceDir(), CUDALOWER_CLANG_RESOURCE_DIR);
}

TEST(VersionLine, NamesVersionCommitLlvmAndCuda) {
  std::string Line = versionLine("cuda-lower");
  EXPECT_EQ(Line.rfind("cuda-lower " CUDALOWER_VERSION_STRING " (commit ", 0),
            0u)
      << Line;
  EXPECT_NE(Line.find("), LLVM/Clang "), std::string::npos) << Line;
  EXPECT_NE(Line.find(", tested with CUDA " CUDALOWER_TESTED_CUDA_VERSION),
            std::string::npos)
      << Line;
}

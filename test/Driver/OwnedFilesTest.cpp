//===--- OwnedFilesTest.cpp - Which files cuda-lower may edit -------------===//

#include "Driver/OwnedFiles.h"
#include "Output/DependencyCopy.h"
#include "gtest/gtest.h"

using namespace cudalower;

namespace {

OwnedFiles ownedWithLibraries(bool Dependencies) {
  OwnedFiles O = OwnedFiles::projectOnly("/src/app/");
  O.Roots.push_back("/src/vendored/");
  O.Dependencies = Dependencies;
  O.ToolchainDirs = {"/usr/local/cuda-13.0/", "/usr/include/"};
  return O;
}

} // namespace

TEST(OwnedFiles, EveryRootIsOwned) {
  OwnedFiles O = ownedWithLibraries(false);
  EXPECT_TRUE(O.owns("/src/app/k.cu"));
  EXPECT_TRUE(O.owns("/src/vendored/include/lib.h"));
  // A prefix of a name is no directory.
  EXPECT_FALSE(O.owns("/src/application/k.cu"));
}

TEST(OwnedFiles, DependenciesAreOwnedOnlyWhenAskedFor) {
  EXPECT_FALSE(ownedWithLibraries(false).owns("/opt/mylib/include/lib.cuh"));
  EXPECT_TRUE(ownedWithLibraries(true).owns("/opt/mylib/include/lib.cuh"));
  // A library installed under /usr/local is a dependency too.
  EXPECT_TRUE(ownedWithLibraries(true).owns("/usr/local/include/lib.cuh"));
}

TEST(OwnedFiles, TheToolchainIsNeverOwned) {
  OwnedFiles O = ownedWithLibraries(true);
  EXPECT_FALSE(O.owns("/usr/local/cuda-13.0/include/cuda_runtime.h"));
  EXPECT_FALSE(O.owns("/usr/include/c++/12/vector"));
  EXPECT_TRUE(O.isToolchainFile("/usr/include/stdio.h"));
  EXPECT_FALSE(O.isDependency("/usr/include/stdio.h"));
  EXPECT_FALSE(O.isDependency("/src/app/k.cu"));
}

TEST(OwnedFiles, TheKeyTellsConfigurationsApart) {
  EXPECT_NE(ownedWithLibraries(false).key(), ownedWithLibraries(true).key());
  EXPECT_NE(OwnedFiles::projectOnly("/a/").key(),
            OwnedFiles::projectOnly("/b/").key());
}

TEST(DependencyCopy, AHeaderMovesWithTheDeepestIncludeDirectoryHoldingIt) {
  std::vector<std::string> Dirs = {"/opt/", "/opt/mylib/include/",
                                   "/opt/other/"};
  EXPECT_EQ(includeDirectoryOf("/opt/mylib/include/mylib/a.cuh", Dirs),
            "/opt/mylib/include/");
  // Found next to its includer (a quoted include): its own directory.
  EXPECT_EQ(includeDirectoryOf("/srv/lib/x.cuh", Dirs), "/srv/lib/");
  EXPECT_EQ(dependencyCopyOf("/out", "/opt/mylib/include/"),
            "/out/.cuda-lower-deps/opt/mylib/include/");
}

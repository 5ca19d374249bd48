//===--- NvccFormatTest.cpp - The tool's findings in nvcc's format --------===//

#include "Wrapper/PrivateCopy.h"
#include "gtest/gtest.h"

namespace cudalower {
namespace {

TEST(NvccFormat, PositionsBecomeNvccsParentheses) {
  EXPECT_EQ(toNvccFormat("a.cu:3:7: warning: use x [rule]\n  code\n   ^\n"),
            "a.cu(3): warning: use x [rule]\n");
}

TEST(NvccFormat, AnErrorWithoutALineIsKept) {
  // An internal error names the source only; dropping it left a build
  // with "could not lower it (exit code 4)" and no reason.
  EXPECT_EQ(toNvccFormat("src/k.cu: error: internal error: cuda-lower crashed "
                         "in the device pass of this rule [r]\n"),
            "src/k.cu: error: internal error: cuda-lower crashed in the "
            "device pass of this rule [r]\n");
}

TEST(NvccFormat, OtherLinesAreDropped) {
  EXPECT_EQ(toNvccFormat("In file included from x.h:1:\n1 warning generated.\n"),
            "");
}

} // namespace
} // namespace cudalower

// A header the parse cannot find is why the source did not parse: the
// build shows it (it was dropped, leaving only "did not parse").
TEST(NvccFormat, FatalErrorsAreKept) {
  EXPECT_EQ(toNvccFormat("main.cu:18:10: fatal error: 'gdal/gdal_priv.h' "
                         "file not found\n   18 | #include <gdal/gdal_priv.h>\n"
                         "main.cu: error: the host compilation pass did not "
                         "parse; nothing was written for it\n"),
            "main.cu(18): fatal error: 'gdal/gdal_priv.h' file not found\n"
            "main.cu: error: the host compilation pass did not parse; "
            "nothing was written for it\n");
}

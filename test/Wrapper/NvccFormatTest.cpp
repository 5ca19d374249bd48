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

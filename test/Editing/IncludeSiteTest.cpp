#include "Editing/IncludeSite.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

using Headers = std::vector<std::string>;

TEST(LeadingAngledIncludes, TheAngledIncludesAFileStartsWith) {
  EXPECT_EQ(leadingAngledIncludes("// Copyright\n/* more */\n"
                                  "#include <thrust/sort.h>\n"
                                  "  #  include <cstdio> // why\n"
                                  "\n#include <cub/cub.cuh>\n"
                                  "__global__ void k();\n"),
            (Headers{"thrust/sort.h", "cstdio", "cub/cub.cuh"}));
}

TEST(LeadingAngledIncludes, StopsAtTheFirstOtherLine) {
  // A quoted include may be the project's; a macro may change what the
  // headers after it mean; code ends the run too.
  EXPECT_EQ(leadingAngledIncludes("#include <a.h>\n#include \"b.h\"\n"
                                  "#include <c.h>\n"),
            Headers{"a.h"});
  EXPECT_EQ(leadingAngledIncludes("#include <a.h>\n#define N 3\n"
                                  "#include <c.h>\n"),
            Headers{"a.h"});
  EXPECT_EQ(leadingAngledIncludes("#include <a.h>\nint x;\n#include <c.h>\n"),
            Headers{"a.h"});
  EXPECT_EQ(leadingAngledIncludes("#pragma once\n#include <a.h>\n"),
            Headers{});
  EXPECT_EQ(leadingAngledIncludes("#ifdef X\n#include <a.h>\n#endif\n"),
            Headers{});
  EXPECT_EQ(leadingAngledIncludes("#include MACRO_HEADER\n#include <a.h>\n"),
            Headers{});
  EXPECT_EQ(leadingAngledIncludes(""), Headers{});
}

} // namespace

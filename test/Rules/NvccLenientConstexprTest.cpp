#include "RuleTester.h"
#include <gtest/gtest.h>

using cudalower::test::runRules;

namespace {

const char *Slots =
    "template <class K, class V> struct slots {\n"
    "  static constexpr bool has_payload = sizeof(K) != sizeof(V);\n"
    "  V slot;\n"
    "  __device__ K key() const {\n"
    "    if constexpr (this->has_payload) return slot.first;\n"
    "    else return slot;\n"
    "  }\n"
    "};\n"
    "struct pair { int first, second; };\n"
    "__global__ void k(slots<int, pair> s, int *p) { p[0] = s.key(); }\n";

// The failed condition also brings an error from the branch that does not
// apply; both go with the fix.
TEST(NvccLenientConstexpr, NamesAStaticMemberThroughItsClass) {
  auto R = runRules(Slots, "nvcc-lenient-constexpr");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Output.find("    if constexpr (slots::has_payload) return "
                          "slot.first;\n"),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Diagnostics.find("input.cu:5:19: warning: static member "
                               "'has_payload' is named through 'this'"),
            std::string::npos)
      << R.Diagnostics;
}

TEST(NvccLenientConstexpr, DeclaresAFunctionThatCannotBeConstexprInline) {
  auto R = runRules("struct buffer { buffer(); ~buffer(); int n; };\n"
                    "template <class T> struct sketch {\n"
                    "  __host__ constexpr int estimate() const {\n"
                    "    buffer b; return b.n;\n"
                    "  }\n"
                    "};\n",
                    "nvcc-lenient-constexpr");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Output.find("  __host__ inline int estimate() const {\n"),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Diagnostics.find("input.cu:3:12: warning: constexpr function "
                               "'estimate' defines a variable of non-literal "
                               "type"),
            std::string::npos)
      << R.Diagnostics;
}

// Other rules' findings on a line the fix shortened land on the file on
// disk: the column after `this->` is the column on disk.
TEST(NvccLenientConstexpr, OtherRulesSeeTheFileOnDisk) {
  auto R = runRules(std::string(Slots) +
                        "template <class T> constexpr __global__ void j(T *p)"
                        " { p[0] = 1; }\n",
                    "nvcc-lenient-constexpr,constexpr-global");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Output.find("template <class T> __global__ void j(T *p)"),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Diagnostics.find("input.cu:11:"), std::string::npos)
      << R.Diagnostics;
}

TEST(NvccLenientConstexpr, WithTheRuleOffTheParseStops) {
  auto R = runRules(Slots, "constexpr-global");
  EXPECT_EQ(R.ExitCode, 3);
  EXPECT_NE(R.Diagnostics.find("note: nvcc accepts 'this->' naming a static "
                               "member in 'if constexpr'; Clang does not: "
                               "name the member through its class "
                               "('slots::has_payload')"),
            std::string::npos)
      << R.Diagnostics;
}

} // namespace

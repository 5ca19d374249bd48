#include "RuleTester.h"
#include <gtest/gtest.h>

using cudalower::test::runRules;

namespace {

bool has(const std::string &Text, const char *Part) {
  return Text.find(Part) != std::string::npos;
}

TEST(NvccLambdaFlagIncludes, AddsTheHeaderOfANameOnlyTheFlagDeclared) {
  auto R = runRules("int f() {\n"
                    "  std::unordered_map<int, int> m;\n"
                    "  return static_cast<int>(m.size());\n"
                    "}\n",
                    "nvcc-lambda-flag-includes");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_TRUE(has(R.Output, "#include <unordered_map>\n")) << R.Output;
  EXPECT_TRUE(has(R.Diagnostics, "'std::unordered_map' is declared only "
                                 "because --extended-lambda"))
      << R.Diagnostics;
}

TEST(NvccLambdaFlagIncludes, LeavesNamesItsOwnIncludesDeclare) {
  const char *Code = "#include <unordered_map>\n"
                     "#include <map>\n"
                     "int f() {\n"
                     "  std::unordered_map<int, int> m;\n"
                     "  std::map<int, int, std::less<int>> o;\n"
                     "  return static_cast<int>(m.size() + o.size());\n"
                     "}\n";
  auto R = runRules(Code, "nvcc-lambda-flag-includes");
  EXPECT_EQ(R.Output, Code);
  EXPECT_FALSE(has(R.Diagnostics, "warning:")) << R.Diagnostics;
}

// An operator no standard header table names, declared in a file that
// the code's own #include <functional> (skipped: the flag's came first)
// would have included too.
TEST(NvccLambdaFlagIncludes, LeavesWhatItsOwnIncludeReachesThroughAnother) {
  const char *Code = "#include <functional>\n"
                     "std::function<void()> post = nullptr;\n"
                     "void run() { if (post != nullptr) post(); }\n";
  auto R = runRules(Code, "nvcc-lambda-flag-includes");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_EQ(R.Output, Code);
  EXPECT_FALSE(has(R.Diagnostics, "operator")) << R.Diagnostics;
}

TEST(NvccLambdaFlagIncludes, AddsTheHeaderWhereTheNameIsUsed) {
  // The name is used in a project header: the include goes there, not into
  // the source that includes it.
  auto R = runRules("#include \"uses.h\"\nint g() { return f(); }\n",
                    "nvcc-lambda-flag-includes",
                    {{"uses.h", "inline int f() {\n"
                                "  std::function<int()> h = [] { return 1; };\n"
                                "  return h();\n"
                                "}\n"}});
  EXPECT_FALSE(has(R.Output, "#include <functional>")) << R.Output;
  EXPECT_TRUE(has(R.Diagnostics, "uses.h:2:3: warning: 'std::function'"))
      << R.Diagnostics;
}

TEST(NvccLambdaFlagIncludes, OneFindingPerFileAndHeader) {
  auto R =
      runRules("int f() {\n"
               "  std::unordered_map<int, int> a, b;\n"
               "  std::unordered_map<int, int> c;\n"
               "  return static_cast<int>(a.size() + b.size() + c.size());\n"
               "}\n",
               "nvcc-lambda-flag-includes");
  size_t First = R.Diagnostics.find("warning:");
  ASSERT_NE(First, std::string::npos) << R.Diagnostics;
  EXPECT_EQ(R.Diagnostics.find("warning:", First + 1), std::string::npos)
      << R.Diagnostics;
}

} // namespace

// An overload set looked up in a template needs one overload declared:
// the file's own <tuple> declares tuple's std::get, though <array>'s came
// only with the flag.
TEST(NvccLambdaFlagIncludes, OverloadSetNeedsOneOverloadDeclared) {
  const char *Code = "#include <tuple>\n"
                     "template <class T> int first(const T &t) {\n"
                     "  return std::get<0>(t);\n"
                     "}\n"
                     "int f() { return first(std::tuple<int>{1}); }\n";
  auto R = runRules(Code, "nvcc-lambda-flag-includes");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_EQ(R.Output, Code);
  EXPECT_FALSE(has(R.Diagnostics, "std::get")) << R.Diagnostics;
}

// A name the standard-library table gives no one header (std::get) takes
// the header that declares the overload used, when that file is one.
TEST(NvccLambdaFlagIncludes, OverloadedNameTakesTheHeaderOfItsDeclaration) {
  auto R = runRules("template <class T> int first(const T &t) {\n"
                    "  return std::get<0>(t);\n"
                    "}\n"
                    "int f(const std::tuple<int> &t) { return first(t); }\n",
                    "nvcc-lambda-flag-includes");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_TRUE(has(R.Output, "#include <tuple>\n")) << R.Output;
  EXPECT_FALSE(has(R.Diagnostics, "error:")) << R.Diagnostics;
}
